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

interface MailContent {
  subject: string;
  /** The preview line mail clients show next to the subject. */
  preheader: string;
  /** "〇〇 様"; omitted when the recipient's name is unknown (invitations). */
  greeting?: string;
  intro: string[];
  action: { lead: string; label: string; url: string };
  notes: string[];
}

const SUBJECT_PREFIX = `【${SITE_NAME}】`;

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

/** Names from user input end up in a greeting line: one line, trimmed, never empty. */
function greetingFor(name: string): string {
  const clean = name.replace(/\s+/g, " ").trim();
  return `${clean || "お客様"} 様`;
}

/** A subject is a header: no line breaks may reach it. */
function oneLine(value: string): string {
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

export function staffInvitationMail({
  storeName,
  url,
  expiresInDays,
}: {
  storeName: string;
  url: string;
  /** Shown as the link's validity when given. */
  expiresInDays?: number;
}): RenderedMail {
  const store = oneLine(storeName);
  return render({
    subject: `${SUBJECT_PREFIX}${store}からキャスト登録のご招待`,
    preheader: `${store}から${SITE_NAME}のキャスト登録のご招待が届いています。`,
    intro: [
      "突然のご連絡失礼いたします。",
      `「${store}」から、${SITE_NAME}のキャスト登録のご招待が届いています。`,
    ],
    action: {
      lead: "下記のボタン（URL）から、ログインIDとパスワードを決めてご登録ください。",
      label: "キャスト登録へ進む",
      url,
    },
    notes: [
      ...(expiresInDays ? [`この招待リンクの有効期限は${expiresInDays}日間です。`] : []),
      "お心当たりのない場合は、このメールを破棄してください。",
    ],
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

function render(content: MailContent): RenderedMail {
  const subject = oneLine(content.subject);
  return { subject, text: renderText(content), html: renderHtml({ ...content, subject }) };
}

function renderText(content: MailContent): string {
  const origin = siteOrigin(content.action.url);
  const lines = [
    ...(content.greeting ? [content.greeting, ""] : []),
    ...content.intro,
    "",
    content.action.lead,
    "",
    // The URL alone on its line, so every mail client makes it a link and nothing sticks to it.
    content.action.url,
    "",
    ...content.notes,
    "",
    NO_REPLY,
    "",
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
  const url = content.action.url;
  // A link only for web addresses; anything else is shown, never made clickable.
  const href = siteOrigin(url) ? e(url) : null;
  const origin = siteOrigin(url);
  const paragraph = (text: string, extra = "") =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.8;color:${COLORS.text};${extra}">${e(text)}</p>`;
  const note = (text: string) =>
    `<p style="margin:0 0 8px;font-size:13px;line-height:1.7;color:${COLORS.muted};">${e(text)}</p>`;
  const button = href
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px auto 24px;">
<tr><td align="center" bgcolor="${COLORS.brand}" style="border-radius:999px;">
<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 32px;font-family:${FONT};font-size:16px;font-weight:bold;line-height:1.4;color:#ffffff;text-decoration:none;border-radius:999px;">${e(content.action.label)}</a>
</td></tr>
</table>`
    : "";
  const urlBlock = `<p style="margin:0 0 4px;font-size:13px;line-height:1.7;color:${COLORS.muted};">ボタンが押せない場合は、下記のURLをコピーしてブラウザに貼り付けてください。</p>
<p style="margin:0 0 24px;padding:12px;font-size:13px;line-height:1.6;word-break:break-all;background:${COLORS.page};border-radius:8px;color:${COLORS.text};">${
    href
      ? `<a href="${href}" target="_blank" rel="noopener" style="color:${COLORS.brand};">${e(url)}</a>`
      : e(url)
  }</p>`;

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
${paragraph(content.action.lead)}
${button}
${urlBlock}
${content.notes.map(note).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px 24px;border-top:1px solid ${COLORS.border};font-family:${FONT};">
${note(NO_REPLY)}
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
