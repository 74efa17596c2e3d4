import { describe, expect, it } from "vitest";
import { StaffAccountSchema, staffLoginEmail } from "~/domain/staff-account";
import { invitationState } from "~/domain/staff-invitation";

const valid = {
  name: "ゆい",
  name_kana: "ユイ",
  login_id: "yui.cast-01",
  password: "cast-pass-2026",
  password_confirmation: "cast-pass-2026",
};

/** The first message of each field the schema refuses. */
function errorsOf(input: Record<string, unknown>): Record<string, string> {
  const result = StaffAccountSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

describe("StaffAccountSchema", () => {
  it("accepts a valid account and trims the texts", () => {
    expect(StaffAccountSchema.parse({ ...valid, name: "  ゆい  ", login_id: " yui.cast-01 " })).toMatchObject(
      {
        name: "ゆい",
        login_id: "yui.cast-01",
      },
    );
  });

  it.each([
    ["name", "", "入力してください"],
    ["name", "あ".repeat(31), "名前（源氏名）は30文字以内で入力してください"],
    ["name", "🌙".repeat(30), null],
    ["name", "<script>alert(1)</script>", null], // stored as text, escaped when shown
    ["name", "ゆ\u0000い", "使用できない文字が含まれています"],
    ["name_kana", "", "入力してください"],
    ["name_kana", "ゆい", "全角カタカナで入力してください"],
    ["name_kana", "ﾕｲ", "全角カタカナで入力してください"],
    ["name_kana", "YUI", "全角カタカナで入力してください"],
    ["name_kana", "ア".repeat(61), "フリガナは60文字以内で入力してください"],
    ["login_id", "", "入力してください"],
    ["login_id", "abc", "ログインIDは4〜30文字の半角英数字と _ . - で入力してください"],
    ["login_id", "a".repeat(31), "ログインIDは4〜30文字の半角英数字と _ . - で入力してください"],
    ["login_id", "ｙｕｉ１２３", "ログインIDは4〜30文字の半角英数字と _ . - で入力してください"],
    ["login_id", "yui@cast", "ログインIDは4〜30文字の半角英数字と _ . - で入力してください"],
    ["login_id", "ゆいゆいゆい", "ログインIDは4〜30文字の半角英数字と _ . - で入力してください"],
    ["password", "", "入力してください"],
    ["password", "short1", "パスワードは8文字以上128文字以内の半角英数字・記号で入力してください"],
    ["password", "ｐａｓｓｗｏｒｄ１２", "パスワードに全角文字は使用できません"],
    ["password", "pass🍾word12", "パスワードは8文字以上128文字以内の半角英数字・記号で入力してください"],
    ["password", "a".repeat(129), "パスワードは8文字以上128文字以内の半角英数字・記号で入力してください"],
  ] as const)("%s = %j → %s", (field, value, message) => {
    const input = { ...valid, [field]: value };
    if (field === "password") input.password_confirmation = value;
    expect(errorsOf(input)[field] ?? null).toBe(message);
  });

  it("names a mismatched confirmation, and every missing field at once", () => {
    expect(errorsOf({ ...valid, password_confirmation: "cast-pass-2027" })).toEqual({
      password_confirmation: "パスワードが一致しません",
    });
    expect(Object.keys(errorsOf({})).sort()).toEqual(["login_id", "name", "name_kana", "password"]);
  });
});

describe("staffLoginEmail", () => {
  it("is an address that can never receive mail", () => {
    expect(staffLoginEmail("abc-123")).toBe("staff-abc-123@staff.invalid");
  });
});

describe("invitationState", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const later = new Date("2026-11-30T12:00:00Z");
  it.each([
    [{ expires_at: later, used_at: null, revoked_at: null }, "valid"],
    [{ expires_at: now, used_at: null, revoked_at: null }, "expired"],
    [{ expires_at: new Date("2026-11-23T11:59:59Z"), used_at: null, revoked_at: null }, "expired"],
    [{ expires_at: later, used_at: now, revoked_at: null }, "used"],
    [{ expires_at: later, used_at: null, revoked_at: now }, "revoked"],
    [{ expires_at: new Date(0), used_at: now, revoked_at: now }, "used"],
  ] as const)("%o → %s", (invitation, state) => {
    expect(invitationState(invitation, now)).toBe(state);
  });
});
