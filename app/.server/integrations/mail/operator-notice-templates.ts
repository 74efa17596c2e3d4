import { SITE_NAME } from "~/site";
import { greetingFor, oneLine, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/**
 * What the operator's console tells a store (ADR 0033): its listing suspended or
 * listed again, one of its performers hidden, shown again, deleted or given a new password. Each
 * mail names what happened and why (the operator's words, as given) and where the store can see
 * it; the contact form is the way to object, since the sender takes no replies.
 */

interface StoreNotice {
  /** The store's name, for the greeting. */
  storeName: string;
  /** The store's back office (`BASE_URL/liver/mypage…`). */
  url: string;
  /** The contact form (`BASE_URL/contact`). */
  contactUrl: string;
}

const CONTACT_NOTE = (contactUrl: string) =>
  `ご不明な点やご意見は、お問い合わせフォーム（${contactUrl}）からご連絡ください。`;

const reasonRows = (reason: string) => (reason.trim() ? [{ label: "理由", value: reason.trim() }] : []);

export function storeSuspendedMail({
  storeName,
  reason,
  url,
  contactUrl,
}: StoreNotice & { reason: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}店舗の掲載を停止しました`,
    preheader: "運営により、店舗の掲載を一時的に停止しました。",
    greeting: greetingFor(storeName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `「${oneLine(storeName)}」の掲載を停止しました。停止中は、店舗ページと在籍キャストが検索結果や一覧に表示されません。`,
    ],
    details: { title: "停止の内容", rows: reasonRows(reason) },
    action: {
      lead: "店舗管理画面には引き続きログインできます。内容をご確認のうえ、必要な修正を行ってください。",
      label: "店舗管理画面を開く",
      url,
    },
    notes: [CONTACT_NOTE(contactUrl)],
  });
}

export function storeSuspensionLiftedMail({
  storeName,
  note,
  listed,
  url,
  contactUrl,
}: StoreNotice & { note: string; listed: "public" | "private" | "suspended" }): RenderedMail {
  const now =
    listed === "public"
      ? "店舗ページは再び検索結果や一覧に表示されます。"
      : listed === "private"
        ? "停止前の設定どおり「非公開」に戻りました。掲載を再開するには、店舗情報の公開設定を「公開」にしてください。"
        : "ただし、ほかの理由（お支払いの確認など）による停止が続いているため、まだ掲載されていません。";
  return render({
    subject: `${SUBJECT_PREFIX}店舗の掲載停止を解除しました`,
    preheader: "運営による掲載停止を解除しました。",
    greeting: greetingFor(storeName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `「${oneLine(storeName)}」の運営による掲載停止を解除しました。`,
      now,
    ],
    ...(note.trim()
      ? { details: { title: "運営からのメッセージ", rows: [{ label: "内容", value: note.trim() }] } }
      : {}),
    action: { lead: "店舗の状態は店舗管理画面でご確認いただけます。", label: "店舗管理画面を開く", url },
    notes: [CONTACT_NOTE(contactUrl)],
  });
}

type StaffNoticeKind = "hidden" | "shown" | "deleted" | "password";

const STAFF_NOTICES: Record<
  StaffNoticeKind,
  { subject: (name: string) => string; preheader: string; sentence: (name: string) => string; after: string }
> = {
  hidden: {
    subject: (name) => `キャスト「${name}」を非表示にしました`,
    preheader: "運営により、キャストを非表示にしました。",
    sentence: (name) => `運営により、在籍キャスト「${name}」を非表示にしました。`,
    after:
      "非表示の間、このキャストは店舗ページや検索結果に表示されず、店舗管理画面から表示に戻すこともできません。",
  },
  shown: {
    subject: (name) => `キャスト「${name}」の非表示を解除しました`,
    preheader: "運営による非表示を解除しました。",
    sentence: (name) => `在籍キャスト「${name}」の運営による非表示を解除しました。`,
    after: "表示・非表示は、非表示にする前の設定に戻りました。店舗管理画面から切り替えられます。",
  },
  deleted: {
    subject: (name) => `キャスト「${name}」を削除しました`,
    preheader: "運営により、キャストを削除しました。",
    sentence: (name) => `運営により、在籍キャスト「${name}」を削除しました。`,
    after: "このキャストのアカウントではログインできなくなり、プロフィール写真も削除されました。",
  },
  password: {
    subject: (name) => `キャスト「${name}」のパスワードを再設定しました`,
    preheader: "運営により、キャストのログインパスワードを再設定しました。",
    sentence: (name) => `運営により、在籍キャスト「${name}」のログインパスワードを再設定しました。`,
    after:
      "新しいパスワードは運営からお伝えしたものです（このメールには記載していません）。ログイン中の端末はすべてログアウトされました。ログイン後、キャストの設定画面からパスワードを変更してください。",
  },
};

export function staffNoticeMail({
  kind,
  storeName,
  staffName,
  reason = "",
  url,
  contactUrl,
}: StoreNotice & { kind: StaffNoticeKind; staffName: string; reason?: string }): RenderedMail {
  const notice = STAFF_NOTICES[kind];
  const name = oneLine(staffName) || "（名前未設定）";
  const rows = reasonRows(reason);
  return render({
    subject: `${SUBJECT_PREFIX}${notice.subject(name)}`,
    preheader: notice.preheader,
    greeting: greetingFor(storeName),
    intro: [`${SITE_NAME}運営事務局です。`, notice.sentence(name), notice.after],
    ...(rows.length > 0 ? { details: { title: "運営からのメッセージ", rows } } : {}),
    action: { lead: "キャストの状態は店舗管理画面でご確認いただけます。", label: "キャスト管理を開く", url },
    notes: [
      ...(kind === "password"
        ? ["お心当たりのない場合は、至急お問い合わせフォームからご連絡ください。"]
        : []),
      CONTACT_NOTE(contactUrl),
    ],
  });
}
