import { formatTokyoDateTime } from "~/domain/format";
import { SITE_NAME } from "~/site";
import { greetingFor, oneLine, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/** The mails of the contact form and listing requests: receipts, the operator's copy, the reply. */

/** "2026年11月23日 21:05" (Asia/Tokyo). */
export function formatReceivedAt(date: Date): string {
  return formatTokyoDateTime(date);
}

export interface InquiryRow {
  label: string;
  value: string;
}

/** The operator's copy of an inquiry: receipt number and time first, the sender's address last. */
export function operatorReceiptRows({
  id,
  receivedAt,
  clientIp,
  rows,
}: {
  id: string;
  receivedAt: Date;
  clientIp: string;
  rows: InquiryRow[];
}): InquiryRow[] {
  return [
    { label: "受付番号", value: id },
    { label: "受付日時", value: formatReceivedAt(receivedAt) },
    ...rows,
    { label: "送信元IPアドレス", value: clientIp },
  ];
}

/**
 * What an automatic reply may repeat: the receipt and the choices made from lists, never the
 * free text. The reply goes to whatever address was typed, so repeating the text would let anyone
 * send their words from our address to a stranger.
 */
export function autoReplyReceiptRows({
  id,
  receivedAt,
  rows,
}: {
  id: string;
  receivedAt: Date;
  rows: InquiryRow[];
}): InquiryRow[] {
  return [
    { label: "受付番号", value: id },
    { label: "受付日時", value: formatReceivedAt(receivedAt) },
    ...rows,
  ];
}

export function contactAutoReplyMail({
  name,
  rows,
  faqUrl,
}: {
  name: string;
  rows: InquiryRow[];
  faqUrl: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}お問い合わせを受け付けました`,
    preheader: "お問い合わせいただき、ありがとうございます。以下の内容で受け付けました。",
    greeting: greetingFor(name),
    intro: [
      `このたびは${SITE_NAME}にお問い合わせいただき、誠にありがとうございます。`,
      "以下のとおりお問い合わせを受け付けました。内容を確認のうえ、担当者より原則3営業日以内にご連絡いたします。",
    ],
    details: { title: "受付内容", rows },
    action: {
      lead: "よくあるご質問への回答は、下記のページでもご案内しています。",
      label: "よくある質問を見る",
      url: faqUrl,
    },
    notes: [
      "このメールは、お問い合わせを受け付けた時点で自動でお送りしています。",
      "お問い合わせの内容によっては、回答までにお時間をいただく場合や、お答えできない場合がございます。あらかじめご了承ください。",
      "お心当たりのない場合は、このメールを破棄してください。",
    ],
  });
}

export function contactOperatorMail({
  name,
  categoryLabel,
  rows,
  origin,
}: {
  name: string;
  categoryLabel: string;
  rows: InquiryRow[];
  origin: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}お問い合わせ：${oneLine(categoryLabel)}（${oneLine(name)} 様）`,
    preheader: `${oneLine(name)} 様からお問い合わせがありました。`,
    intro: ["お問い合わせフォームから、新しいお問い合わせがありました。"],
    details: { title: "お問い合わせ内容", rows },
    notes: [
      "ご返信は、上記のメールアドレス宛てにお送りください（このメールに返信しても、お客様には届きません）。",
      "送信者には自動返信メールをお送りしています。",
    ],
    noReply: false,
    origin,
  });
}

export function shopEntryAutoReplyMail({
  contactName,
  rows,
  registrationUrl,
}: {
  contactName: string;
  rows: InquiryRow[];
  registrationUrl: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}掲載リクエストを受け付けました`,
    preheader: "掲載リクエストをお送りいただき、ありがとうございます。",
    greeting: greetingFor(contactName),
    intro: [
      `このたびは${SITE_NAME}への掲載リクエストをお送りいただき、誠にありがとうございます。`,
      "以下のとおり受け付けました。担当者より、掲載のご案内を原則3営業日以内にご連絡いたします。",
    ],
    details: { title: "受付内容", rows },
    action: {
      lead: "ご連絡をお待ちいただかなくても、下記から店舗登録（掲載のお申し込み）をそのまま進めていただけます。",
      label: "店舗登録へ進む",
      url: registrationUrl,
    },
    notes: [
      "このメールは、掲載リクエストを受け付けた時点で自動でお送りしています。",
      "掲載には、風営法等の法令に基づく営業許可・届出が必要な業態があります。ご案内の際に確認させていただく場合がございます。",
      "お心当たりのない場合は、このメールを破棄してください。",
    ],
  });
}

export function shopEntryOperatorMail({
  storeName,
  rows,
  origin,
}: {
  storeName: string;
  rows: InquiryRow[];
  origin: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}掲載リクエスト：${oneLine(storeName)}`,
    preheader: `${oneLine(storeName)} から掲載リクエストがありました。`,
    intro: ["掲載リクエストフォームから、新しいリクエストがありました。"],
    details: { title: "掲載リクエストの内容", rows },
    notes: [
      "ご返信は、上記のメールアドレス宛てにお送りください（このメールに返信しても、店舗には届きません）。",
      "送信者には受付確認メールと店舗登録ページへのリンクをお送りしています。",
    ],
    noReply: false,
    origin,
  });
}

/**
 * The operator's answer to a listing request or a contact message (`/admin`): the operator's own
 * words line by line, the inquiry it answers quoted below, and the contact form for a follow-up
 * (the sender address takes no replies).
 */
export function operatorReplyMail({
  name,
  subject,
  body,
  quoted,
  contactUrl,
}: {
  name: string;
  subject: string;
  body: string;
  quoted: { title: string; rows: InquiryRow[] };
  contactUrl: string;
}): RenderedMail {
  const lines = body.replace(/\r\n?/g, "\n").trim().split("\n");
  return render({
    subject: `${SUBJECT_PREFIX}${oneLine(subject)}`,
    preheader: oneLine(lines.find((line) => line.trim()) ?? subject).slice(0, 80),
    greeting: greetingFor(name),
    intro: lines,
    details: quoted,
    action: {
      lead: "このメールへのご返信はお受けできません。続けてのご連絡は、お問い合わせフォームからお送りください。",
      label: "お問い合わせフォーム",
      url: contactUrl,
    },
    notes: ["お心当たりのない場合は、このメールを破棄してください。"],
  });
}
