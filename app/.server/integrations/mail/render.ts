import { SITE_NAME } from "~/site";

/**
 * How every mail of the platform is rendered: a mail is described once (greeting, paragraphs, the
 * one action, notes) and rendered twice — a plain-text version complete on its own and an
 * inline-styled HTML version in which every interpolated value is escaped. The mails themselves
 * are the `*-templates.ts` files beside this one, by subject.
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
