import { describe, expect, it } from "vitest";
import { isMessagesPath, messagesPath, roomIdOfPath } from "~/domain/chat-paths";
import { HandleReportSchema, REPORT_TEXTS } from "~/domain/reports";

describe("message page paths", () => {
  it.each([
    ["/listener/mypage/message/abc-123", "abc-123"],
    ["/staff/mypage/message/abc-123/", "abc-123"],
    ["/listener/mypage/message/%E3%81%82", "あ"],
    ["/listener/mypage/message/%E3%81", null],
    ["/listener/mypage/message", null],
    ["/liver/mypage/message/abc", null],
    ["/listener/mypage/message/abc/older", null],
    ["/listener/mypage/news/abc", null],
  ])("roomIdOfPath(%s) = %s", (path, id) => {
    expect(roomIdOfPath(path)).toBe(id);
  });

  it.each([
    ["/listener/mypage/message", true],
    ["/staff/mypage/message/x", true],
    ["/listener/mypage/messages", false],
    ["/listener/mypage", false],
    ["/liver/mypage/message", false],
  ])("isMessagesPath(%s) = %s", (path, expected) => {
    expect(isMessagesPath(path)).toBe(expected);
  });

  it("builds the pages' paths", () => {
    expect(messagesPath("listener")).toBe("/listener/mypage/message");
    expect(messagesPath("staff", "a/b")).toBe("/staff/mypage/message/a%2Fb");
  });
});

describe("the operator's decision on a report", () => {
  it.each([
    [{ outcome: "dismissed" }, null],
    [{ outcome: "dismissed", note: "" }, null],
    [{ outcome: "warned", note: "言葉づかいに注意" }, null],
    [{ outcome: "suspended", note: "規約違反" }, null],
    [{ outcome: "warned", note: "" }, REPORT_TEXTS.noteRequired],
    [{ outcome: "suspended", note: "   " }, REPORT_TEXTS.noteRequired],
    [{ outcome: "suspended" }, REPORT_TEXTS.noteRequired],
    [{ outcome: "warned", note: "あ".repeat(1001) }, REPORT_TEXTS.noteTooLong],
    [{ outcome: "deleted", note: "x" }, REPORT_TEXTS.outcomeRequired],
    [{}, REPORT_TEXTS.outcomeRequired],
  ])("%j → %s", (input, message) => {
    const parsed = HandleReportSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});
