import { describe, expect, it } from "vitest";
import {
  CHAT_TEXTS,
  clampMessageLimit,
  MESSAGE_PAGE_DEFAULT,
  MessageBodySchema,
  ReportReasonSchema,
  roomTopic,
  tellsStore,
} from "~/domain/chat";
import { isValidTopic } from "~/domain/realtime-topics";

describe("a message body", () => {
  it.each([
    ["  こんばんは  ", { ok: true, value: "こんばんは" }],
    ["あ".repeat(1000), { ok: true, value: "あ".repeat(1000) }],
    ["😊".repeat(1000), { ok: true, value: "😊".repeat(1000) }],
    ["", { ok: false, message: CHAT_TEXTS.bodyRequired }],
    [" \n　", { ok: false, message: CHAT_TEXTS.bodyRequired }],
    ["あ".repeat(1001), { ok: false, message: CHAT_TEXTS.bodyTooLong }],
    ["LINE ID: abc", { ok: false, message: CHAT_TEXTS.contactRefused }],
    ["０９０－１２３４－５６７８", { ok: false, message: CHAT_TEXTS.contactRefused }],
  ])("%j", (body, expected) => {
    const parsed = MessageBodySchema.safeParse(body);
    if (expected.ok) expect(parsed).toMatchObject({ success: true, data: expected.value });
    else expect(parsed.error?.issues[0]?.message).toBe(expected.message);
  });

  it("refuses contact details with the contract's text", () => {
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

describe("the store notice (contract §9)", () => {
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
