import { describe, expect, it } from "vitest";
import {
  CHAT_TEXTS,
  clampMessageLimit,
  MESSAGE_PAGE_DEFAULT,
  MessageBodySchema,
  OpenRoomSchema,
  ReportReasonSchema,
  ReportRoomSchema,
  roomTopic,
  tellsStore,
} from "~/domain/chat";
import { isValidTopic } from "~/domain/realtime-topics";

describe("a message body", () => {
  // [input, the stored body or null, the refusal or null]
  it.each<[string, string | null, string | null]>([
    ["  こんばんは  ", "こんばんは", null],
    ["あ".repeat(1000), "あ".repeat(1000), null],
    ["😊".repeat(1000), "😊".repeat(1000), null],
    ["", null, CHAT_TEXTS.bodyRequired],
    [" \n　", null, CHAT_TEXTS.bodyRequired],
    ["あ".repeat(1001), null, CHAT_TEXTS.bodyTooLong],
    ["LINE ID: abc", null, CHAT_TEXTS.contactRefused],
    ["０９０－１２３４－５６７８", null, CHAT_TEXTS.contactRefused],
  ])("%j", (body, stored, refusal) => {
    const parsed = MessageBodySchema.safeParse(body);
    if (stored !== null) expect(parsed).toMatchObject({ success: true, data: stored });
    else expect(parsed.error?.issues[0]?.message).toBe(refusal);
  });

  it("refuses with the contract's texts", () => {
    expect(CHAT_TEXTS.contactRefused).toBe(
      "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません",
    );
    expect(CHAT_TEXTS.blocked).toBe("このユーザーにはメッセージを送信できません");
  });
});

describe("a report reason", () => {
  it.each([
    [" 迷惑行為 ", true],
    ["", false],
    ["あ".repeat(1000), true],
    ["あ".repeat(1001), false],
  ])("%j → %s", (reason, ok) => {
    expect(ReportReasonSchema.safeParse(reason).success).toBe(ok);
  });
});

describe("the JSON bodies of the API", () => {
  // [body, the first message or null, the field it names]
  it.each<[unknown, string | null, string | null]>([
    [{ staff_id: "cast-1" }, null, null],
    [{}, CHAT_TEXTS.staffRequired, "staff_id"],
    [{ staff_id: "" }, CHAT_TEXTS.staffRequired, "staff_id"],
    [{ staff_id: 42 }, CHAT_TEXTS.staffRequired, "staff_id"],
  ])("open %j", (body, message, field) => {
    const parsed = OpenRoomSchema.safeParse(body);
    expect(parsed.success).toBe(message === null);
    if (message !== null) expect(parsed.error?.issues[0]).toMatchObject({ message, path: [field] });
  });

  it.each<[unknown, string | null]>([
    [{ reason: " 勧誘 " }, null],
    [{ reason: "" }, CHAT_TEXTS.reasonRequired],
    [{}, CHAT_TEXTS.reasonRequired],
    [{ reason: "あ".repeat(1001) }, CHAT_TEXTS.reasonTooLong],
  ])("report %j", (body, message) => {
    const parsed = ReportRoomSchema.safeParse(body);
    if (message === null) expect(parsed).toMatchObject({ success: true, data: { reason: "勧誘" } });
    else expect(parsed.error?.issues[0]).toMatchObject({ message, path: ["reason"] });
  });
});

describe("the page size of a room", () => {
  it.each([
    [undefined, MESSAGE_PAGE_DEFAULT],
    ["", MESSAGE_PAGE_DEFAULT],
    ["abc", MESSAGE_PAGE_DEFAULT],
    ["0", MESSAGE_PAGE_DEFAULT],
    ["-5", MESSAGE_PAGE_DEFAULT],
    ["10", 10],
    ["１０", 10],
    [50, 50],
    ["1000", 100],
  ])("%j → %i", (value, limit) => {
    expect(clampMessageLimit(value)).toBe(limit);
  });
});

describe("the store notice (ADR 0025)", () => {
  const now = new Date("2026-11-20T12:00:00Z");
  it.each([
    [null, true],
    [new Date("2026-11-20T11:59:00Z"), false],
    [new Date("2026-11-19T12:00:01Z"), false],
    [new Date("2026-11-19T12:00:00Z"), true],
    [new Date("2026-11-01T00:00:00Z"), true],
  ])("last message %s → %s", (last, tells) => {
    expect(tellsStore(last, now)).toBe(tells);
  });
});

it("a room's topic is a valid realtime topic", () => {
  expect(isValidTopic(roomTopic("0b6a4c2e-6f0e-4c1a-9b9e-2f6f7c1d2e3f"))).toBe(true);
});
