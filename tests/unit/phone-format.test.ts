import { describe, expect, it } from "vitest";
import { formatPhoneAsTyped } from "~/domain/phone-format";

describe("formatPhoneAsTyped", () => {
  it.each<[string, string | null | undefined, string]>([
    ["empty", "", ""],
    ["null", null, ""],
    ["only whitespace", " \u3000\t", ""],
    ["0", "0", "0"],
    ["09", "09", "09"],
    ["090", "090", "090"],
    ["0901", "0901", "090-1"],
    ["0901234", "0901234", "090-1234"],
    ["09012345", "09012345", "090-1234-5"],
    ["mobile complete", "09012345678", "090-1234-5678"],
    ["03", "03", "03"],
    ["031", "031", "03-1"],
    ["Tokyo complete", "0312345678", "03-1234-5678"],
    ["Osaka", "0612345678", "06-1234-5678"],
    ["Fujisawa (4-digit area code)", "0466123456", "0466-12-3456"],
    ["Kagoshima", "0992123456", "099-212-3456"],
    ["toll free", "0120123456", "0120-123-456"],
    ["navi dial", "0570123456", "0570-123-456"],
    ["IP phone", "05012345678", "050-1234-5678"],
    ["full-width digits", "０９０１２３４５６７８", "090-1234-5678"],
    ["already hyphenated", "090-1234-5678", "090-1234-5678"],
    ["spaces typed", "090 1234 5678", "090-1234-5678"],
    ["garbage is dropped", "0a9b0-1ｶ2😀3", "090-123"],
    ["half-width katakana only", "ｾﾞﾛ", ""],
    ["emoji only", "📞", ""],
    ["+81 loses the plus", "+81 90", "8190"],
    ["one digit too many stays plain digits", "090123456789", "090123456789"],
    ["00 prefix stays plain", "0011", "0011"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(formatPhoneAsTyped(input)).toBe(expected);
  });

  it("returns digits only for 250+ characters", () => {
    expect(formatPhoneAsTyped("1".repeat(260))).toBe("1".repeat(260));
  });

  it("never outputs anything but digits and single inner hyphens", () => {
    for (const input of ["0", "0120", "0120123", "0466", "04661", "(03) 1234", "03-", "0-0-0"]) {
      expect(formatPhoneAsTyped(input)).toMatch(/^(\d+(-\d+)*)?$/);
    }
  });
});
