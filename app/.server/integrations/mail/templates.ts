import { formatTokyoDateTime } from "~/domain/format";
import { SITE_NAME } from "~/site";

/**
 * The platform's mails, worded in one place so the Japanese can be reviewed together. Each mail is
 * described once (greeting, paragraphs, the one action, notes) and rendered twice: a plain-text
 * version that is complete on its own and an inline-styled HTML version in which every
 * interpolated value is escaped.
 */

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export interface MailContent {
  subject: string;
  /** The preview line mail clients show next to the subject. */
  preheader: string;
  /** "〇〇 様"; omitted when the recipient's name is unknown (invitations). */
  greeting?: string;
  intro: string[];
  /** What the recipient submitted or is told about, as a list of labelled values (inquiries). */
  details?: { title: string; rows: { label: string; value: string }[] };
  /** A list of linked entries (a notification summary's events), after the details. */
  links?: { title: string; items: { label: string; url: string }[] };
  /** The one link of the mail; mails to the operator have none. */
  action?: { lead: string; label: string; url: string };
  notes: string[];
  /** Adds the "this address cannot take replies" note (default true; not for the operator). */
  noReply?: boolean;
  /** The site's origin for the signature when there is no action link to take it from. */
  origin?: string;
  /** Notification mail: why it came, the setting page and the one-click unsubscribe link (ADR 0025). */
  unsubscribe?: { reason: string; settingsUrl: string; url: string };
}

export const SUBJECT_PREFIX = `【${SITE_NAME}】`;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** Names from user input end up in a greeting line: one line, trimmed, never empty. */
export function greetingFor(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  return `${clean || "お客様"} 様`;
}

/** A subject is a header: no line breaks may reach it. */
export function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}

export function verifyEmailMail({
  name,
  url,
  roleLabel,
}: {
  name: string;
  url: string;
  roleLabel: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}メールアドレスの確認`,
    preheader: "メールアドレスの確認をお願いいたします。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
      `${oneLine(roleLabel)}アカウントのご登録を受け付けました。`,
    ],
    action: {
      lead: "下記のボタン（URL）からメールアドレスの確認を完了してください。確認が完了すると、ログインできるようになります。",
      label: "メールアドレスを確認する",
      url,
    },
    notes: [
      "このリンクの有効期限は24時間です。期限が過ぎた場合は、ログイン画面から確認メールを再送信してください。",
      "お心当たりのない場合は、このメールを破棄してください。",
    ],
  });
}

export function resetPasswordMail({ name, url }: { name: string; url: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}パスワード再設定のご案内`,
    preheader: "パスワード再設定のお手続きのご案内です。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
      "パスワード再設定のお申し込みを受け付けました。",
    ],
    action: {
      lead: "下記のボタン（URL）から、新しいパスワードを設定してください。",
      label: "パスワードを再設定する",
      url,
    },
    notes: [
      "このリンクの有効期限は1時間です。リンクは一度だけご利用いただけます。期限が過ぎた場合は、お手数ですが再度パスワード再設定のお手続きをお願いいたします。",
      "お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。",
    ],
  });
}

export function emailChangeMail({ name, url }: { name: string; url: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}メールアドレス変更の確認`,
    preheader: "新しいメールアドレスの確認をお願いいたします。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}をご利用いただき、誠にありがとうございます。`,
      "メールアドレス変更のお申し込みを受け付けました。",
    ],
    action: {
      lead: "下記のボタン（URL）から、新しいメールアドレスの確認を完了してください。確認が完了するまでは、変更前のメールアドレスが引き続き有効です。",
      label: "新しいメールアドレスを確認する",
      url,
    },
    notes: [
      "このリンクの有効期限は24時間です。",
      "お心当たりのない場合は、このメールを破棄してください。メールアドレスは変更されません。",
    ],
  });
}

/**
 * "Your e-mail address was changed", to the OLD address once the change is done: if it was not
 * the owner, they learn it while they can still act.
 */
export function emailChangedNoticeMail({
  name,
  newEmail,
  origin,
}: {
  name: string;
  newEmail: string;
  origin: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}メールアドレスが変更されました`,
    preheader: "ご登録のメールアドレスが変更されました。",
    greeting: greetingFor(name),
    intro: [
      `${SITE_NAME}にご登録のメールアドレスが、次のアドレスに変更されました。`,
      `変更後のメールアドレス：${maskEmail(newEmail)}`,
      "今後のお知らせは変更後のアドレスにお送りします。このアドレスへのご連絡はこれが最後です。",
    ],
    notes: [
      "お心当たりのない場合は、第三者にログインされた可能性があります。至急お問い合わせフォームからご連絡ください。",
    ],
    origin,
  });
}

/** A payout account was saved: told to the store's address, with the account number masked. */
export function bankAccountChangedMail({
  name,
  bankCode,
  branchCode,
  accountNumber,
  origin,
}: {
  name: string;
  bankCode: string;
  branchCode: string;
  accountNumber: string;
  origin: string;
}): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}振込口座が変更されました`,
    preheader: "売上の振込口座が変更されました。",
    greeting: greetingFor(name),
    intro: ["店舗管理画面で、売上の振込口座が変更されました。"],
    details: {
      title: "変更後の振込口座",
      rows: [
        { label: "金融機関コード", value: bankCode },
        { label: "支店コード", value: branchCode },
        { label: "口座番号", value: `****${accountNumber.slice(-3)}` },
      ],
    },
    notes: [
      "お心当たりのない場合は、第三者にログインされた可能性があります。パスワードを変更のうえ、至急お問い合わせフォームからご連絡ください。",
    ],
    origin,
  });
}

/** "t***@example.com": enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

// ---------------------------------------------------------------------------------------------
// Inquiries (contact form and listing requests)

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

/**
 * A linked SNS account stopped working (its token expired or was revoked, ADR 0024): sent once
 * when the link turns broken, with the page to link it again.
 */
export function snsLinkBrokenMail({
  name,
  sourceLabel,
  accountName,
  url,
}: {
  name: string;
  sourceLabel: string;
  accountName: string;
  url: string;
}): RenderedMail {
  const account = oneLine(accountName);
  return render({
    subject: `${SUBJECT_PREFIX}${oneLine(sourceLabel)}の連携が切れました`,
    preheader: `${oneLine(sourceLabel)}の投稿を取り込めなくなりました。再連携をお願いいたします。`,
    greeting: greetingFor(name),
    intro: [
      `連携中の${oneLine(sourceLabel)}アカウント${account ? `（${account}）` : ""}の認証が無効になったため、投稿の取り込みを停止しました。`,
      "パスワードの変更、アプリ連携の解除、または認証の有効期限切れが考えられます。",
    ],
    action: {
      lead: "下記のボタン（URL）からログインして、もう一度連携してください。再連携すると、取り込みが再開されます。",
      label: "SNS連携を確認する",
      url,
    },
    notes: ["これまでに取り込まれた投稿はそのまま表示されます。"],
  });
}

// ---------------------------------------------------------------------------------------------
// Rendering

const SIGNATURE_LINE = "――――――――――――――――";
const NO_REPLY =
  "※このメールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできませんのでご了承ください。";

function siteOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function render(content: MailContent): RenderedMail {
  const subject = oneLine(content.subject);
  return { subject, text: renderText(content), html: renderHtml({ ...content, subject }) };
}

function originOf(content: MailContent): string | null {
  return siteOrigin(content.action?.url ?? content.origin ?? "");
}

function renderText(content: MailContent): string {
  const origin = originOf(content);
  const lines = [
    ...(content.greeting ? [content.greeting, ""] : []),
    ...content.intro,
    "",
    ...(content.details
      ? [
          `【${content.details.title}】`,
          ...content.details.rows.flatMap((row) => [`■${row.label}`, row.value || "（なし）", ""]),
        ]
      : []),
    ...(content.links
      ? [
          `【${content.links.title}】`,
          ...content.links.items.flatMap((item) => [`■${item.label}`, item.url, ""]),
        ]
      : []),
    ...(content.action
      ? [
          content.action.lead,
          "",
          // The URL alone on its line, so every mail client makes it a link and nothing sticks to it.
          content.action.url,
          "",
        ]
      : []),
    ...content.notes,
    "",
    ...(content.unsubscribe
      ? [
          content.unsubscribe.reason,
          `通知設定の変更: ${content.unsubscribe.settingsUrl}`,
          `このお知らせの配信停止: ${content.unsubscribe.url}`,
          "",
        ]
      : []),
    ...(content.noReply === false ? [] : [NO_REPLY, ""]),
    SIGNATURE_LINE,
    SITE_NAME,
    ...(origin ? [origin] : []),
    SIGNATURE_LINE,
  ];
  return `${lines.join("\n")}\n`;
}

const COLORS = {
  page: "#f1f5f9",
  card: "#ffffff",
  text: "#0f172a",
  muted: "#64748b",
  border: "#e2e8f0",
  brand: "#c2185b",
  header: "#1e1b3a",
};
const FONT =
  "'Hiragino Sans','Hiragino Kaku Gothic ProN','Noto Sans JP','Yu Gothic UI',Meiryo,system-ui,sans-serif";

function renderHtml(content: MailContent): string {
  const e = escapeHtml;
  const origin = originOf(content);
  const paragraph = (text: string, extra = "") =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.8;color:${COLORS.text};${extra}">${e(text)}</p>`;
  const note = (text: string) =>
    `<p style="margin:0 0 8px;font-size:13px;line-height:1.7;color:${COLORS.muted};">${e(text)}</p>`;
  const details = content.details
    ? `<p style="margin:8px 0 8px;font-size:15px;font-weight:bold;color:${COLORS.text};">${e(content.details.title)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 24px;border:1px solid ${COLORS.border};border-radius:8px;border-collapse:separate;">
${content.details.rows
  .map(
    (row) =>
      `<tr><td style="padding:10px 12px;border-bottom:1px solid ${COLORS.border};font-family:${FONT};"><p style="margin:0 0 4px;font-size:12px;font-weight:bold;color:${COLORS.muted};">${e(row.label)}</p><p style="margin:0;font-size:14px;line-height:1.7;color:${COLORS.text};white-space:pre-wrap;word-break:break-all;">${e(row.value || "（なし）")}</p></td></tr>`,
  )
  .join("\n")}
</table>`
    : "";
  const action = content.action ? renderAction(content.action) : "";
  const link = (url: string, label: string) =>
    siteOrigin(url)
      ? `<a href="${e(url)}" target="_blank" rel="noopener" style="color:${COLORS.brand};">${e(label)}</a>`
      : e(label);
  const links = content.links
    ? `<p style="margin:8px 0 8px;font-size:15px;font-weight:bold;color:${COLORS.text};">${e(content.links.title)}</p>
<ul style="margin:0 0 24px;padding:0 0 0 20px;font-size:14px;line-height:1.8;color:${COLORS.text};">
${content.links.items.map((item) => `<li>${link(item.url, item.label)}</li>`).join("\n")}
</ul>`
    : "";
  const unsubscribe = content.unsubscribe
    ? `<p style="margin:0 0 8px;font-size:12px;line-height:1.7;color:${COLORS.muted};">${e(content.unsubscribe.reason)}<br>${link(content.unsubscribe.settingsUrl, "通知設定を変更する")} ／ ${link(content.unsubscribe.url, "このお知らせの配信を停止する")}</p>`
    : "";

  return `<!DOCTYPE html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:${FONT};-webkit-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${e(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:${COLORS.card};border-radius:16px;overflow:hidden;border:1px solid ${COLORS.border};">
<tr><td style="padding:20px 24px;background:${COLORS.header};color:#ffffff;font-family:${FONT};font-size:20px;font-weight:900;letter-spacing:0.05em;">${e(SITE_NAME)}</td></tr>
<tr><td style="padding:28px 24px 8px;font-family:${FONT};">
${content.greeting ? paragraph(content.greeting, "font-weight:bold;") : ""}
${content.intro.map((t) => paragraph(t)).join("\n")}
${details}
${links}
${action}
${content.notes.map(note).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid ${COLORS.border};font-family:${FONT};">
${unsubscribe}
${content.noReply === false ? "" : note(NO_REPLY)}
<p style="margin:8px 0 0;font-size:13px;line-height:1.7;color:${COLORS.muted};">${e(SITE_NAME)}${
    origin
      ? `<br><a href="${e(origin)}" target="_blank" rel="noopener" style="color:${COLORS.muted};">${e(origin)}</a>`
      : ""
  }</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** The lead, the button and the copyable URL of a mail's one link. */
function renderAction(action: NonNullable<MailContent["action"]>): string {
  const e = escapeHtml;
  const url = action.url;
  // A link only for web addresses; anything else is shown, never made clickable.
  const href = siteOrigin(url) ? e(url) : null;
  const paragraph = `<p style="margin:0 0 16px;font-size:15px;line-height:1.8;color:${COLORS.text};">${e(action.lead)}</p>`;
  const button = href
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px auto 24px;">
<tr><td align="center" bgcolor="${COLORS.brand}" style="border-radius:999px;">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 32px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:1.4;color:#ffffff;text-decoration:none;border-radius:999px;">${e(action.label)}</a>
</td></tr>
</table>`
    : "";
  const urlBlock = `<p style="margin:0 0 4px;font-size:13px;line-height:1.7;color:${COLORS.muted};">ボタンが押せない場合は、下記のURLをコピーしてブラウザに貼り付けてください。</p>
<p style="margin:0 0 24px;padding:12px;font-size:13px;line-height:1.6;word-break:break-all;background:${COLORS.page};border-radius:8px;color:${COLORS.text};">${
    href
      ? `<a href="${href}" target="_blank" rel="noopener" style="color:${COLORS.brand};">${e(url)}</a>`
      : e(url)
  }</p>`;
  return `${paragraph}\n${button}\n${urlBlock}`;
}
