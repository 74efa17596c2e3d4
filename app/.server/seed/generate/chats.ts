/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Chats: rooms between listeners and staff, with a few messages each, so an inbox
 * that a newcomer opens is alive (read and unread, both directions, recent and older).
 */
import type { messages, rooms } from "../../db/schema";
import type { Random } from "../random";

export type NewRoom = typeof rooms.$inferInsert;
export type NewMessage = typeof messages.$inferInsert;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What listeners write (no contact details: the seed test runs the filter over every line). */
export const LISTENER_LINES = [
  "はじめまして！プロフィール見てメッセージしました",
  "今日は出勤してますか？",
  "この前はありがとう、楽しかったです",
  "週末に友達と行こうと思ってます",
  "セット料金っていくらくらいですか？",
  "21時ごろに行けそうです",
  "おすすめのドリンクありますか？",
  "カラオケ得意なんですね、聞いてみたいです",
  "お誕生日イベントはいつですか？",
  "また近いうちに会いに行きます！",
  "写真の雰囲気すてきですね",
  "初めてなんですが一人でも大丈夫ですか？",
] as const;

/** What staff answer. */
export const STAFF_LINES = [
  "メッセージありがとうございます！",
  "今日は20時から出勤してます♪",
  "ぜひお待ちしてます！",
  "こちらこそありがとうございました😊",
  "一人でも大歓迎ですよ〜",
  "料金はお店のページに載ってるので見てみてください",
  "来週の金曜日もいますよ",
  "お気をつけて来てくださいね",
  "イベントは月末の土曜日です！",
  "楽しみにしてます✨",
] as const;

/** The demo pair's conversation (listener@demo.example ↔ demo-cast), oldest first. */
export const DEMO_CONVERSATION: readonly { from: "listener" | "staff"; body: string }[] = [
  { from: "listener", body: "はじめまして！プロフィール見てメッセージしました" },
  { from: "staff", body: "メッセージありがとうございます！うれしいです😊" },
  { from: "listener", body: "歌舞伎町のお店、今度行ってみたいです" },
  { from: "staff", body: "ぜひぜひ！今週は水曜と金曜に出勤してます" },
  { from: "listener", body: "金曜の21時ごろに行けそうです" },
  { from: "staff", body: "お待ちしてます！お店の入口で名前を言ってくださいね" },
  { from: "staff", body: "あと、金曜はイベントでドリンクが少しお得です✨" },
];

export interface ChatMember {
  uid: string;
  created_at: Date;
}

/**
 * One room and its messages, oldest first, ending `endAgoMs` before `now`. Messages alternate
 * (mostly) between the two, a few minutes to a few hours apart; everything is read except the
 * last `unread` messages, which the staff member sent (the listener's badge) or the listener sent
 * (the staff member's badge) as `unreadBy` says.
 */
export function generateConversation(
  random: Random,
  input: {
    roomId: string;
    listener: ChatMember;
    staff: ChatMember;
    now: Date;
    endAgoMs: number;
    /** A fixed script, or a number of drawn lines. */
    script?: readonly { from: "listener" | "staff"; body: string }[];
    length?: number;
    /** How many of the newest messages stay unread by their recipient. */
    unread: number;
    /** Who writes the newest message (drawn lines only): whose badge the unread ones move. */
    lastFrom?: "listener" | "staff";
  },
): { room: NewRoom; messages: NewMessage[] } {
  const script =
    input.script ??
    Array.from({ length: Math.max(1, input.length ?? 3) }, (_, i) => {
      // Listeners open the room; after that the turns mostly alternate.
      const from: "listener" | "staff" =
        i === 0
          ? "listener"
          : random.chance(0.75)
            ? i % 2
              ? "staff"
              : "listener"
            : random.pick(["listener", "staff"] as const);
      const last = i === (input.length ?? 3) - 1 && i > 0 && input.lastFrom ? input.lastFrom : from;
      return { from: last, body: random.pick(last === "listener" ? LISTENER_LINES : STAFF_LINES) };
    });
  const gaps = script.map((_, i) => (i === 0 ? 0 : random.int(2 * MINUTE, 5 * HOUR)));
  const span = gaps.reduce((a, b) => a + b, 0);
  const end = input.now.getTime() - input.endAgoMs;
  const earliest = Math.max(input.listener.created_at.getTime(), input.staff.created_at.getTime()) + MINUTE;
  let at = Math.max(earliest, end - span);
  const rows: NewMessage[] = script.map((line, i) => {
    at += gaps[i]!;
    const created = new Date(Math.min(at, input.now.getTime() - MINUTE));
    const sender = line.from === "listener" ? input.listener.uid : input.staff.uid;
    const unread = i >= script.length - input.unread;
    return {
      message_id: random.id(),
      room_id: input.roomId,
      sender_id: sender,
      body: line.body,
      image_url: null,
      created_at: created,
      read_at: unread
        ? null
        : new Date(Math.min(created.getTime() + random.int(MINUTE, HOUR), input.now.getTime())),
    };
  });
  const first = rows[0]!.created_at as Date;
  const last = rows.at(-1)!.created_at as Date;
  return {
    room: {
      id: input.roomId,
      member_ids: [input.listener.uid, input.staff.uid],
      listener_id: input.listener.uid,
      staff_id: input.staff.uid,
      created_at: new Date(first.getTime() - random.int(MINUTE, 10 * MINUTE)),
      updated_at: last,
      last_message_at: last,
    },
    messages: rows,
  };
}
