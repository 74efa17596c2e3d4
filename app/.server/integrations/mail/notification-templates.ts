import type { NotificationKindName } from "~/domain/notifications";
import { formatMonthDayTime } from "~/domain/relative-time";
import { oneLine, type RenderedMail, render, SUBJECT_PREFIX } from "./render";

/**
 * The notification mails of ADR 0025, one per trigger kind plus its summary form, worded here
 * with the other mails' layout (render.ts). A mail says who and when (and which item), never
 * what a message says.
 */

/** One event as a mail shows it: who (or which news), the second name, when, and where to look. */
export interface NotificationEntry {
  /** The author, the news title or the listener who wrote or gave. */
  actor: string;
  /** The staff member a message or item went to (store mails). */
  staff?: string;
  item?: string;
  at: Date;
  url: string;
}

export interface NotificationMailInput {
  kind: NotificationKindName;
  /** The recipient's name for the greeting (nickname or store name). */
  name: string;
  /** The prompt mail has one entry; a summary has every event that waited for the end of the hour. */
  entries: NotificationEntry[];
  summary: boolean;
  settingsUrl: string;
  unsubscribeUrl: string;
  /** The label of the setting the unsubscribe link turns off. */
  settingLabel: string;
}

const SNS = { following_instagram: "Instagram", following_tiktok: "TikTok" } as const;

interface Wording {
  /** The prompt mail's subject and sentence for one entry. */
  one(entry: NotificationEntry): { subject: string; sentence: string; button: string };
  /** The summary's subject and sentence for `n` entries, and how each is listed. */
  many(n: number): { subject: string; sentence: string; title: string };
  line(entry: NotificationEntry): string;
}

const san = (name: string) => `${oneLine(name) || "（名前未設定）"}さん`;
const when = (at: Date) => formatMonthDayTime(at);

function following(source: string, noun: string, verb: string): Wording {
  return {
    one: (e) => ({
      subject: `${san(e.actor)}が${source}${verb}`,
      sentence: `フォロー中の${san(e.actor)}が${source}${verb}（${when(e.at)}）。`,
      button: `${noun}を見る`,
    }),
    many: (n) => ({
      subject: `フォロー中の${source}に他 ${n} 件の新しい${noun}`,
      sentence: `前回のお知らせの後、フォロー中のアカウントに他 ${n} 件の新しい${noun}がありました。`,
      title: `新しい${noun}`,
    }),
    line: (e) => `${when(e.at)} ${san(e.actor)}`,
  };
}

const WORDING: Record<NotificationKindName, Wording> = {
  following_live: {
    one: (e) => ({
      subject: `${san(e.actor)}がライブ配信を始めました`,
      sentence: `フォロー中の${san(e.actor)}がライブ配信を始めました（${when(e.at)}）。`,
      button: "ライブ配信を見る",
    }),
    many: (n) => ({
      subject: `フォロー中のアカウントの他 ${n} 件のライブ配信`,
      sentence: `前回のお知らせの後、フォロー中のアカウントが他 ${n} 件のライブ配信を始めました。`,
      title: "ライブ配信",
    }),
    line: (e) => `${when(e.at)} ${san(e.actor)}`,
  },
  following_instagram: following(SNS.following_instagram, "投稿", "に新しい投稿をしました"),
  following_tiktok: following(SNS.following_tiktok, "投稿", "に新しい投稿をしました"),
  official_information: {
    one: (e) => ({
      subject: `お知らせ：${oneLine(e.actor)}`,
      sentence: `運営から新しいお知らせがあります（${when(e.at)}）。「${oneLine(e.actor)}」`,
      button: "お知らせを読む",
    }),
    many: (n) => ({
      subject: `他 ${n} 件の新しいお知らせ`,
      sentence: `前回のお知らせの後、運営から他 ${n} 件の新しいお知らせがありました。`,
      title: "お知らせ",
    }),
    line: (e) => `${when(e.at)} ${oneLine(e.actor)}`,
  },
  message_to_staff: {
    one: (e) => ({
      subject: `${san(e.staff ?? "")}にメッセージが届きました`,
      sentence: `${san(e.actor)}から${san(e.staff ?? "")}にメッセージが届きました（${when(e.at)}）。内容はマイページでご確認ください。`,
      button: "マイページを開く",
    }),
    many: (n) => ({
      subject: `スタッフに他 ${n} 件のメッセージが届きました`,
      sentence: `前回のお知らせの後、スタッフに他 ${n} 件のメッセージが届きました。内容はマイページでご確認ください。`,
      title: "届いたメッセージ",
    }),
    line: (e) => `${when(e.at)} ${san(e.actor)} → ${san(e.staff ?? "")}`,
  },
  item_to_staff: {
    one: (e) => ({
      subject: `${san(e.staff ?? "")}にアイテムが届きました`,
      sentence: `${san(e.actor)}から${san(e.staff ?? "")}に「${oneLine(e.item ?? "")}」が届きました（${when(e.at)}）。`,
      button: "マイページを開く",
    }),
    many: (n) => ({
      subject: `スタッフに他 ${n} 件のアイテムが届きました`,
      sentence: `前回のお知らせの後、スタッフに他 ${n} 件のアイテムが届きました。`,
      title: "届いたアイテム",
    }),
    line: (e) => `${when(e.at)} ${san(e.actor)} → ${san(e.staff ?? "")}「${oneLine(e.item ?? "")}」`,
  },
};

/** The name of the greeting line ("{name} 様"): one line, and "お客様" for an empty name. */
export function greetingName(name: string): string {
  return oneLine(name) || "お客様";
}

export function notificationMail(input: NotificationMailInput): RenderedMail {
  const wording = WORDING[input.kind];
  const [first] = input.entries;
  if (!first) throw new Error("notificationMail: no entries");
  const greeting = `${greetingName(input.name)} 様`;
  const unsubscribe = {
    reason: `このメールは「${input.settingLabel}」のメール通知をオンにしている方にお送りしています。`,
    settingsUrl: input.settingsUrl,
    url: input.unsubscribeUrl,
  };
  if (!input.summary) {
    const { subject, sentence, button } = wording.one(first);
    return render({
      subject: `${SUBJECT_PREFIX}${subject}`,
      preheader: sentence,
      greeting,
      intro: [sentence],
      action: { lead: "下記のボタン（URL）からご覧いただけます。", label: button, url: first.url },
      notes: ["同じ種類のお知らせは1時間に1通までとし、その間の分はまとめてお送りします。"],
      unsubscribe,
    });
  }
  const { subject, sentence, title } = wording.many(input.entries.length);
  return render({
    subject: `${SUBJECT_PREFIX}${subject}`,
    preheader: sentence,
    greeting,
    intro: [sentence],
    links: { title, items: input.entries.map((entry) => ({ label: wording.line(entry), url: entry.url })) },
    notes: [],
    origin: input.settingsUrl,
    unsubscribe,
  });
}
