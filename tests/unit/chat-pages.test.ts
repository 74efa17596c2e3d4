import { describe, expect, it } from "vitest";
import {
  ACCOUNT_SUSPENSION_TEXTS,
  formatSuspensionEnd,
  isSuspensionActive,
  LiftAccountSuspensionSchema,
  suspensionEndsAt,
} from "~/domain/account-suspensions";
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
    [{ outcome: "blocked", note: "規約違反", confirm: "yes" }, null],
    [{ outcome: "blocked", note: "規約違反", days: "", confirm: "yes" }, null],
    [{ outcome: "suspended", note: "規約違反", days: "7", confirm: "yes" }, null],
    [{ outcome: "suspended", note: "規約違反", days: "30", confirm: "yes" }, null],
    // Stopping an account takes the confirmation step (ADR 0053); warning or dismissing does not.
    [{ outcome: "blocked", note: "規約違反" }, REPORT_TEXTS.confirmRequired],
    [{ outcome: "suspended", note: "規約違反", days: "7", confirm: "on" }, REPORT_TEXTS.confirmRequired],
    [{ outcome: "warned", note: "言葉づかいに注意", confirm: "" }, null],
    [{ outcome: "suspended", note: "規約違反", confirm: "yes" }, REPORT_TEXTS.daysRequired],
    [{ outcome: "suspended", note: "規約違反", days: "", confirm: "yes" }, REPORT_TEXTS.daysRequired],
    [{ outcome: "suspended", note: "規約違反", days: "2", confirm: "yes" }, REPORT_TEXTS.daysRequired],
    [{ outcome: "warned", note: "" }, REPORT_TEXTS.noteRequired],
    [{ outcome: "blocked", note: "   ", confirm: "yes" }, REPORT_TEXTS.noteRequired],
    [{ outcome: "suspended", days: "1", confirm: "yes" }, REPORT_TEXTS.noteRequired],
    [{ outcome: "warned", note: "あ".repeat(1001) }, REPORT_TEXTS.noteTooLong],
    [{ outcome: "deleted", note: "x" }, REPORT_TEXTS.outcomeRequired],
    [{}, REPORT_TEXTS.outcomeRequired],
  ])("%j → %s", (input, message) => {
    const parsed = HandleReportSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });

  it("a suspension's period is a number of days; the other outcomes carry none", () => {
    expect(
      HandleReportSchema.parse({ outcome: "suspended", note: "x", days: "3", confirm: "yes" }).days,
    ).toBe(3);
    expect(HandleReportSchema.parse({ outcome: "blocked", note: "x", confirm: "yes" }).days).toBeUndefined();
  });
});

describe("blocks and suspensions of an account (ADR 0039)", () => {
  const placed = new Date("2026-11-26T03:00:00Z");
  it.each([
    [1, "2026-11-27T03:00:00.000Z"],
    [3, "2026-11-29T03:00:00.000Z"],
    [7, "2026-12-03T03:00:00.000Z"],
    [30, "2026-12-26T03:00:00.000Z"],
  ])("%i days from the placement end at %s", (days, end) => {
    expect(suspensionEndsAt(placed, days).toISOString()).toBe(end);
  });

  const ends = new Date("2026-12-03T03:00:00Z");
  it.each([
    ["a block", { lifted_at: null, ends_at: null }, new Date("2099-01-01T00:00:00Z"), true],
    ["a lifted block", { lifted_at: placed, ends_at: null }, placed, false],
    [
      "a suspension a millisecond before its end",
      { lifted_at: null, ends_at: ends },
      new Date(ends.getTime() - 1),
      true,
    ],
    ["a suspension at its end", { lifted_at: null, ends_at: ends }, ends, false],
    [
      "a suspension after its end",
      { lifted_at: null, ends_at: ends.toISOString() },
      new Date(ends.getTime() + 1),
      false,
    ],
    ["a lifted suspension before its end", { lifted_at: placed, ends_at: ends }, placed, false],
  ] as const)("%s: active %s", (_, row, now, active) => {
    expect(isSuspensionActive(row, now)).toBe(active);
  });

  it("tells the end in Tokyo time", () => {
    expect(formatSuspensionEnd(ends)).toBe("2026年12月3日 12:00");
  });

  it.each([
    [{ suspension_id: "s", reason: "誤通報でした" }, null],
    [{ suspension_id: "s", reason: "  " }, ACCOUNT_SUSPENSION_TEXTS.liftReasonRequired],
    [{ suspension_id: "s" }, ACCOUNT_SUSPENSION_TEXTS.liftReasonRequired],
    [{ suspension_id: "s", reason: "あ".repeat(1001) }, ACCOUNT_SUSPENSION_TEXTS.liftReasonTooLong],
  ])("lift %j → %s", (input, message) => {
    const parsed = LiftAccountSuspensionSchema.safeParse(input);
    expect(parsed.success ? null : parsed.error.issues[0]?.message).toBe(message);
  });
});
