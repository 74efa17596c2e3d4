import { REPORT_TEXTS, type ReportKind, type ReportOutcome } from "~/domain/reports";
import { SITE_NAME } from "~/site";
import { greetingFor, oneLine, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/**
 * What the reports queue mails (ADR 0033, ADR 0030): the reporter hears the outcome; the
 * reported account gets the warning or the suspension with the operator's words. A staff member's
 * mail goes to her store (staff accounts have no mailbox), which `onBehalfOf` names.
 */

interface Recipient {
  /** Who the greeting names (the account, or the store of a staff member). */
  greetingName: string;
  /** The staff member the mail is about when it goes to her store. */
  onBehalfOf?: string;
  siteUrl: string;
  contactUrl: string;
}

const CONTACT_NOTE = (contactUrl: string) =>
  `ご不明な点やご意見は、お問い合わせフォーム（${contactUrl}）からご連絡ください。`;

const about = (kind: ReportKind) => (kind === "room" ? "メッセージ" : "ライブ配信のコメント");
const whose = (r: Recipient) => (r.onBehalfOf ? `在籍キャスト「${oneLine(r.onBehalfOf)}」の` : "");

const OUTCOME_SENTENCE: Record<ReportOutcome, string> = {
  dismissed:
    "内容を確認しましたが、利用規約に反する行為は確認できなかったため、今回は対応を行いませんでした。",
  warned: "内容を確認し、相手のアカウントに運営から警告を行いました。",
  blocked: "内容を確認し、相手のアカウントの利用を停止しました。",
  suspended: "内容を確認し、相手のアカウントの利用を一定期間停止しました。",
};

export function reportOutcomeMail(
  r: Recipient & { kind: ReportKind; outcome: ReportOutcome; reportedAt: string },
): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}通報への対応が完了しました`,
    preheader: "ご報告いただいた内容を運営が確認しました。",
    greeting: greetingFor(r.greetingName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `${whose(r)}${about(r.kind)}についての通報（${r.reportedAt}）をご報告いただき、ありがとうございました。`,
      OUTCOME_SENTENCE[r.outcome],
    ],
    details: { title: "対応の結果", rows: [{ label: "結果", value: REPORT_TEXTS.outcome[r.outcome] }] },
    action: {
      lead: "引き続き安心してご利用いただけるよう努めてまいります。",
      label: `${SITE_NAME}を開く`,
      url: r.siteUrl,
    },
    notes: ["相手の方に、どなたが通報したかは伝えていません。", CONTACT_NOTE(r.contactUrl)],
  });
}

export function reportWarningMail(r: Recipient & { kind: ReportKind; note: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}運営からの警告`,
    preheader: "利用規約に反する行為について、運営からお知らせします。",
    greeting: greetingFor(r.greetingName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `${whose(r)}${about(r.kind)}について、利用規約に反する内容があるとの報告を受け、運営が確認しました。`,
      "今後同様の行為が確認された場合は、アカウントの利用を停止することがあります。",
    ],
    details: { title: "運営からのメッセージ", rows: [{ label: "内容", value: r.note.trim() }] },
    action: {
      lead: "利用規約をあらためてご確認ください。",
      label: "利用規約を読む",
      url: `${r.siteUrl}/terms`,
    },
    notes: [CONTACT_NOTE(r.contactUrl)],
  });
}

/** A block (ADR 0039): no end; the account signs in again only when the operator lifts it. */
export function accountBlockedMail(r: Recipient & { kind: ReportKind; note: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}アカウントの利用を停止しました`,
    preheader: "利用規約に反する行為が確認されたため、アカウントの利用を停止しました。",
    greeting: greetingFor(r.greetingName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `${whose(r)}${about(r.kind)}について、利用規約に反する行為が確認されたため、${r.onBehalfOf ? "このキャストの" : ""}アカウントの利用を停止しました。`,
      "停止に期限はなく、運営が解除するまでログインできません。ログイン中の端末もすべてログアウトされました。",
    ],
    details: { title: "停止の理由", rows: [{ label: "内容", value: r.note.trim() }] },
    action: {
      lead: "利用規約はこちらからご確認いただけます。",
      label: "利用規約を読む",
      url: `${r.siteUrl}/terms`,
    },
    notes: [CONTACT_NOTE(r.contactUrl)],
  });
}

/** A suspension (ADR 0039): the account is told until when, and that it ends by itself. */
export function accountSuspendedMail(
  r: Recipient & { kind: ReportKind; note: string; days: number; endsAt: string },
): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}アカウントの利用を${r.endsAt}まで停止しました`,
    preheader: `利用規約に反する行為が確認されたため、アカウントの利用を${r.endsAt}まで停止しました。`,
    greeting: greetingFor(r.greetingName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `${whose(r)}${about(r.kind)}について、利用規約に反する行為が確認されたため、${r.onBehalfOf ? "このキャストの" : ""}アカウントの利用を${r.days}日間停止しました。`,
      `停止中はログインできません。ログイン中の端末もすべてログアウトされました。${r.endsAt}を過ぎると、手続きなしで再びログインできます。`,
    ],
    details: {
      title: "停止の内容",
      rows: [
        { label: "停止期間", value: `${r.days}日間（${r.endsAt}まで）` },
        { label: "理由", value: r.note.trim() },
      ],
    },
    action: {
      lead: "利用規約はこちらからご確認いただけます。",
      label: "利用規約を読む",
      url: `${r.siteUrl}/terms`,
    },
    notes: [CONTACT_NOTE(r.contactUrl)],
  });
}

/**
 * The operator lifted a block or suspension (ADR 0039), with the reason. When another one still
 * holds the account (two reports decided), the mail says so and until when.
 */
export function accountSuspensionLiftedMail(
  r: Recipient & {
    reason: string;
    /** Another block (null end) or suspension (its end) that still holds the account. */
    stillHeld: { endsAt: string | null } | null;
  },
): RenderedMail {
  const still = r.stillHeld
    ? r.stillHeld.endsAt
      ? `ただし、別の停止が${r.stillHeld.endsAt}まで続いているため、それまではログインできません。`
      : "ただし、別の停止が続いているため、まだログインできません。"
    : "本日から再びログインしてご利用いただけます。";
  return render({
    subject: `${SUBJECT_PREFIX}アカウントの利用停止を解除しました`,
    preheader: "運営が確認し、アカウントの利用停止を解除しました。",
    greeting: greetingFor(r.greetingName),
    intro: [
      `${SITE_NAME}運営事務局です。`,
      `${r.onBehalfOf ? `在籍キャスト「${oneLine(r.onBehalfOf)}」の` : ""}アカウントの利用停止を解除しました。`,
      still,
    ],
    details: { title: "解除の理由", rows: [{ label: "内容", value: r.reason.trim() }] },
    action: { lead: "引き続きよろしくお願いいたします。", label: `${SITE_NAME}を開く`, url: r.siteUrl },
    notes: [CONTACT_NOTE(r.contactUrl)],
  });
}
