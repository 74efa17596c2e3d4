import { describe, expect, it } from "vitest";
import {
  clampNotificationLimit,
  type InAppSource,
  inAppLine,
  messageExcerpt,
} from "~/domain/in-app-notifications";
import { bellLabel } from "~/domain/notification-bell";

const author = { type: "staff" as const, id: "s1" };
const cases: [string, InAppSource, "listener" | "liver" | "staff", ReturnType<typeof inAppLine>][] = [
  [
    "a followed performer goes live",
    { kind: "following_live", actor: "あかり", author },
    "listener",
    {
      kind: "live",
      title: "あかりがライブ配信を始めました",
      body: "タップして視聴する",
      url: "/listener/live/s1",
      group: null,
    },
  ],
  ["a live tells no store", { kind: "following_live", actor: "あかり", author }, "liver", null],
  [
    "a TikTok post",
    { kind: "following_tiktok", actor: "クラブ 月", author: { type: "liver", id: "l1" } },
    "listener",
    {
      kind: "post",
      title: "クラブ 月がTikTokに新しい投稿をしました",
      body: "タップして投稿を見る",
      url: "/listener/liver/l1/sns",
      group: null,
    },
  ],
  [
    "news to staff",
    { kind: "official_information", title: "年末年始", newsId: "n 1" },
    "staff",
    {
      kind: "news",
      title: "お知らせ：年末年始",
      body: "運営からのお知らせです",
      url: "/staff/mypage/news/n%201",
      group: null,
    },
  ],
  [
    "a conversation starts: the store",
    { kind: "message_to_staff", listener: "たろう", staff: "あかり" },
    "liver",
    {
      kind: "message",
      title: "たろうさんからあかりにメッセージが届きました",
      body: "スタッフのメッセージはスタッフのマイページで確認できます",
      url: "/liver/mypage",
      group: null,
    },
  ],
  [
    "a conversation starts: not the staff (chat_message tells her)",
    { kind: "message_to_staff", listener: "たろう", staff: "あかり" },
    "staff",
    null,
  ],
  [
    "a gift: the performer herself",
    { kind: "item_to_staff", listener: "", staff: "あかり", item: "シャンパン" },
    "staff",
    {
      kind: "gift",
      title: "ゲストさんから「シャンパン」が届きました",
      body: "ありがとうを伝えましょう",
      url: "/staff/mypage/item",
      group: null,
    },
  ],
  [
    "a gift: her store",
    { kind: "item_to_staff", listener: "たろう", staff: "あかり", item: "バラ" },
    "liver",
    {
      kind: "gift",
      title: "たろうさんからあかりに「バラ」が届きました",
      body: "アイテムはマイページで確認できます",
      url: "/liver/mypage/item",
      group: null,
    },
  ],
  [
    "a message to the performer",
    { kind: "chat_message", from: "たろう", roomId: "r1", excerpt: "こんばんは", picture: false },
    "staff",
    {
      kind: "message",
      title: "たろうさんからメッセージ",
      body: "こんばんは",
      url: "/staff/mypage/message/r1",
      group: "room:r1",
    },
  ],
  [
    "a picture to the listener",
    { kind: "chat_message", from: "あかり", roomId: "r1", excerpt: "", picture: true },
    "listener",
    {
      kind: "message",
      title: "あかりからメッセージ",
      body: "画像が届きました",
      url: "/listener/mypage/message/r1",
      group: "room:r1",
    },
  ],
  [
    "a new follower of a store",
    { kind: "new_follower", listener: "たろう", target: "liver" },
    "liver",
    {
      kind: "follow",
      title: "たろうさんがあなたをフォローしました",
      body: "フォロワーが増えました",
      url: "/liver/mypage",
      group: null,
    },
  ],
  [
    "a staff member's follower is not her store's",
    { kind: "new_follower", listener: "たろう", target: "staff" },
    "liver",
    null,
  ],
  [
    "a payout paid",
    { kind: "payout_step", step: "paid", netYen: 12_345 },
    "liver",
    {
      kind: "payout",
      title: "振込が完了しました",
      body: "振込額 12,345円",
      url: "/liver/mypage/item",
      group: null,
    },
  ],
  ["a payout tells no staff", { kind: "payout_step", step: "approved", netYen: 1 }, "staff", null],
  [
    "no chat line for a store",
    { kind: "chat_message", from: "たろう", roomId: "r1", excerpt: "x", picture: false },
    "liver",
    null,
  ],
];

describe("in-app notification lines", () => {
  it.each(cases)("%s", (_name, source, to, expected) => {
    expect(inAppLine(source, to)).toEqual(expected);
  });
});

describe("the bell and the list", () => {
  it.each([
    [0, null],
    [-1, null],
    [1, "1"],
    [99, "99"],
    [100, "99+"],
  ])("bell for %i → %s", (n, label) => expect(bellLabel(n)).toBe(label));

  it.each([
    [undefined, 20],
    ["", 20],
    ["1", 1],
    ["50", 50],
    ["51", 20],
    ["0", 20],
    ["1e1", 20],
    ["-3", 20],
  ])("limit %s → %i", (value, limit) => expect(clampNotificationLimit(value)).toBe(limit));

  it("cuts a message to one line of at most 60 characters", () => {
    expect(messageExcerpt("  こんばんは\n\nまた来ます ")).toBe("こんばんは また来ます");
    const long = "あ".repeat(70);
    const cut = messageExcerpt(long);
    expect(Array.from(cut)).toHaveLength(60);
    expect(cut.endsWith("…")).toBe(true);
    expect(messageExcerpt("😀".repeat(61))).toBe(`${"😀".repeat(59)}…`);
  });
});
