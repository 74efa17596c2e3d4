import { formatYen } from "~/domain/money";
import { SITE_NAME } from "~/site";
import { greetingFor, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/**
 * What the operator's payout steps tell a store (ADR 0032, ADR 0033): its request
 * approved (the transfer follows), rejected (the points are back, with the operator's reason) or
 * paid. Each names the amounts as the request showed them and where to see the history.
 */

interface PayoutNotice {
  storeName: string;
  gross: number;
  net: number;
  requestedAt: string;
  /** The store's conversion and payout page. */
  url: string;
  contactUrl: string;
}

const rows = (n: PayoutNotice) => [
  { label: "申請日時", value: n.requestedAt },
  { label: "出金ポイント", value: `${n.gross.toLocaleString("ja-JP")}pt` },
  { label: "お振込額", value: formatYen(n.net) },
];

const contactNote = (contactUrl: string) =>
  `ご不明な点は、お問い合わせフォーム（${contactUrl}）からご連絡ください。`;

export function payoutApprovedMail(n: PayoutNotice): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}出金申請を承認しました`,
    preheader: "出金申請を承認しました。登録の口座へお振込みします。",
    greeting: greetingFor(n.storeName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      "出金申請を承認しました。登録いただいている振込口座へ、手数料と源泉徴収税額を差し引いた金額をお振込みします。",
    ],
    details: { title: "出金の内容", rows: rows(n) },
    action: { lead: "出金の履歴は店舗管理画面で確認できます。", label: "出金の履歴を見る", url: n.url },
    notes: [contactNote(n.contactUrl)],
  });
}

export function payoutRejectedMail(n: PayoutNotice & { reason: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}出金申請をお受けできませんでした`,
    preheader: "出金申請をお受けできませんでした。ポイントはお戻ししています。",
    greeting: greetingFor(n.storeName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      "出金申請をお受けできませんでした。申請したポイントは店舗のポイントに戻しています。理由をご確認のうえ、あらためて申請してください。",
    ],
    details: { title: "出金の内容", rows: [...rows(n), { label: "理由", value: n.reason.trim() }] },
    action: {
      lead: "ポイントと出金の履歴は店舗管理画面で確認できます。",
      label: "出金の画面を開く",
      url: n.url,
    },
    notes: [contactNote(n.contactUrl)],
  });
}

export function payoutPaidMail(n: PayoutNotice): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}出金のお振込みが完了しました`,
    preheader: "出金申請のお振込みが完了しました。",
    greeting: greetingFor(n.storeName),
    intro: [`${SITE_NAME}運営事務局です。`, "出金申請のお振込みが完了しました。口座の入金をご確認ください。"],
    details: { title: "お振込みの内容", rows: rows(n) },
    action: { lead: "出金の履歴は店舗管理画面で確認できます。", label: "出金の履歴を見る", url: n.url },
    notes: [contactNote(n.contactUrl)],
  });
}
