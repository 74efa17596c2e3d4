import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { zChoice, zLine, zMultiline } from "~/domain/text-fields";
import {
  isEmail,
  isHiraganaOnly,
  isKatakanaOnly,
  isListValid,
  isLoginId,
  isPasswordLike,
  isPasswordLikeNotStartingWithAt,
  messageOf,
  messages,
  type PhoneResult,
  validatePassword,
  validatePhone,
  zEmail,
  zHiragana,
  zKatakana,
  zLoginId,
  zPassword,
  zPhone,
  zPostalCode,
  zSnsId,
} from "~/domain/validators";

describe("isKatakanaOnly", () => {
  it.each<[string, string, boolean]>([
    ["empty (left to the required check)", "", true],
    ["katakana", "ミサキ", true],
    ["ヴ and small kana", "ヴァイオレット", true],
    ["ヵ ヶ", "ヵヶ", true],
    ["long vowel mark", "ラーメン", true],
    ["ideographic space", "ミサキ\u3000ユウ", true],
    ["only an ideographic space", "\u3000", true],
    ["250+ characters", "ア".repeat(260), true],
    ["ASCII space", "ミサキ ユウ", false],
    ["leading ASCII space", " ミサキ", false],
    ["tab", "ミサキ\t", false],
    ["half-width katakana", "ﾐｻｷ", false],
    ["hiragana", "みさき", false],
    ["kanji", "美咲", false],
    ["full-width Latin", "ＭＩＳＡＫＩ", false],
    ["ASCII", "misaki", false],
    ["digit", "ミサキ1", false],
    ["emoji", "ミサキ😀", false],
    ["middle dot", "ミサキ・ユウ", false],
    ["ヷ (U+30F7, outside ァ–ヶ)", "ヷ", false],
  ])("%s: %j → %s", (_name, input, expected) => {
    expect(isKatakanaOnly(input)).toBe(expected);
  });
});

describe("isHiraganaOnly", () => {
  it.each<[string, string, boolean]>([
    ["empty", "", true],
    ["hiragana", "みさき", true],
    ["small hiragana and ゔ", "ゔぁっ", true],
    ["long vowel mark", "らーめん", true],
    ["ideographic space", "みさき\u3000ゆう", true],
    ["250+ characters", "あ".repeat(260), true],
    ["ASCII space", "みさき ゆう", false],
    ["katakana", "ミサキ", false],
    ["half-width katakana", "ﾐｻｷ", false],
    ["kanji", "美咲", false],
    ["full-width digits", "みさき１", false],
    ["emoji", "🌸みさき", false],
    ["newline", "みさき\n", false],
    ["ゝ (outside U+3041–U+3096)", "ゝ", false],
  ])("%s: %j → %s", (_name, input, expected) => {
    expect(isHiraganaOnly(input)).toBe(expected);
  });
});

describe("validatePhone", () => {
  const mobile: PhoneResult = {
    ok: true,
    e164: "+819012345678",
    national: "090-1234-5678",
    digits: "09012345678",
  };
  const tokyo: PhoneResult = {
    ok: true,
    e164: "+81312345678",
    national: "03-1234-5678",
    digits: "0312345678",
  };

  it.each<[string, string, PhoneResult]>([
    ["mobile with hyphens", "090-1234-5678", mobile],
    ["mobile digits", "09012345678", mobile],
    ["full-width digits", "０９０１２３４５６７８", mobile],
    ["full-width digits and hyphens", "０９０－１２３４－５６７８", mobile],
    ["katakana long vowel marks as hyphens", "090ー1234ー5678", mobile],
    ["ASCII spaces", "090 1234 5678", mobile],
    ["ideographic spaces", "090\u30001234\u30005678", mobile],
    ["surrounding whitespace", "  090-1234-5678\n", mobile],
    ["Tokyo", "03-1234-5678", tokyo],
    ["Tokyo digits", "0312345678", tokyo],
    ["mixed widths", "0３-1234-5678", tokyo],
    [
      "Fujisawa",
      "0466123456",
      { ok: true, e164: "+81466123456", national: "0466-12-3456", digits: "0466123456" },
    ],
    [
      "Osaka",
      "06-1234-5678",
      { ok: true, e164: "+81612345678", national: "06-1234-5678", digits: "0612345678" },
    ],
    [
      "toll free",
      "0120-123-456",
      { ok: true, e164: "+81120123456", national: "0120-123-456", digits: "0120123456" },
    ],
    [
      "IP phone",
      "05012345678",
      { ok: true, e164: "+815012345678", national: "050-1234-5678", digits: "05012345678" },
    ],
  ])("%s: %j is valid", (_name, input, expected) => {
    expect(validatePhone(input)).toEqual(expected);
  });

  it.each<[string, string, string]>([
    ["empty", "", "required"],
    ["spaces", "   ", "required"],
    ["ideographic space", "\u3000", "required"],
    ["251 characters", `0${"1".repeat(250)}`, "too_long"],
    ["251 letters (length is checked first)", "a".repeat(251), "too_long"],
    ["without the leading 0", "9012345678", "must_start_with_zero"],
    ["international format", "+81 90-1234-5678", "must_start_with_zero"],
    ["area code in parentheses", "(03)1234-5678", "must_start_with_zero"],
    ["half-width katakana", "ｾﾞﾛｷｭｳｾﾞﾛ", "must_start_with_zero"],
    ["emoji first", "📞09012345678", "must_start_with_zero"],
    ["letters after the 0", "0ab", "not_a_number"],
    ["half-width katakana after the 0", "0ｶﾀｶﾅ", "not_a_number"],
    ["emoji inside", "090😀12345678", "not_a_number"],
    ["trailing letters", "09012345678abc", "not_a_number"],
    ["extension", "090-1234-5678#12", "not_a_number"],
    ["underscores", "090_1234_5678", "not_a_number"],
    ["just 0", "0", "too_short"],
    ["0 and a hyphen", "0-", "too_short"],
    ["19 digits", `0${"1".repeat(18)}`, "too_long"],
    ["250 digits (library too long)", `0${"1".repeat(249)}`, "too_long"],
    ["00", "00", "invalid"],
    ["01", "01", "invalid"],
    ["mobile one digit short", "0901234567", "invalid"],
    ["mobile one digit long", "090123456789", "invalid"],
    ["all zeros", "0000000000", "invalid"],
  ])("%s: %j → %s", (_name, input, error) => {
    expect(validatePhone(input)).toEqual({ ok: false, error });
  });

  it("has a Japanese message for every error key, including the library's", () => {
    expect(messages.invalid_country).toBe("国内の電話番号を入力してください");
    expect(messages.not_a_number).toBe("数字で入力してください");
    expect(messages.too_short).toBe("電話番号が短すぎます");
    expect(messages.too_long).toBe("電話番号が長すぎます");
    expect(messages.invalid).toBe("電話番号の形式が正しくありません");
  });
});

describe("isListValid", () => {
  it.each<[string, string[], boolean]>([
    ["empty list", [], true],
    ["one item", ["ボトル"], true],
    ["several items", ["a", "ｶﾀｶﾅ", "🍸", "Ｘ"], true],
    ["a 250+ character item", ["a".repeat(300)], true],
    ["an empty item", ["a", ""], false],
    ["a space item", [" "], false],
    ["an ideographic space item", ["\u3000"], false],
    ["a tab/newline item", ["\t\n"], false],
  ])("%s → %s", (_name, list, expected) => {
    expect(isListValid(list)).toBe(expected);
  });
});

describe("isEmail", () => {
  it.each<[string, string, boolean]>([
    ["simple", "user@example.com", true],
    ["sub-domain, plus tag", "first.last+tag@sub.example.co.jp", true],
    ["carrier-style dots", "taro..yamada.@docomo.ne.jp", true],
    ["hyphenated label", "x@a-b.jp", true],
    ["all allowed symbols", "!#$%&'*+/=?^_`{|}~-@example.com", true],
    ["upper case", "USER@EXAMPLE.COM", true],
    ["254 characters", `${"a".repeat(242)}@example.com`, true],
    ["255 characters", `${"a".repeat(243)}@example.com`, false],
    ["empty", "", false],
    ["leading space", " user@example.com", false],
    ["trailing space", "user@example.com ", false],
    ["space inside", "user name@example.com", false],
    ["no @", "userexample.com", false],
    ["no domain", "user@", false],
    ["no local part", "@example.com", false],
    ["two @", "a@b@example.com", false],
    ["no dot in the domain", "user@example", false],
    ["one-letter TLD", "user@example.c", false],
    ["numeric TLD", "user@example.123", false],
    ["label starting with a hyphen", "user@-example.com", false],
    ["label ending with a hyphen", "user@example-.com", false],
    ["underscore in the domain", "user@exa_mple.com", false],
    ["empty label", "user@example..com", false],
    ["full-width local part", "ｕｓｅｒ@example.com", false],
    ["full-width @", "user＠example.com", false],
    ["half-width katakana", "ﾕｰｻﾞｰ@example.com", false],
    ["Japanese domain", "user@例え.jp", false],
    ["emoji", "😀@example.com", false],
  ])("%s: %j → %s", (_name, input, expected) => {
    expect(isEmail(input)).toBe(expected);
  });
});

describe("isPasswordLike / isPasswordLikeNotStartingWithAt", () => {
  it.each<[string, string, boolean, boolean]>([
    ["empty", "", true, true],
    ["letters, digits, symbols", "abcDEF123!#$", true, true],
    ["every printable edge", "!~", true, true],
    ["@ inside", "misaki@", true, true],
    ["@ first", "@misaki", true, false],
    ["full-width @ first", "＠misaki", false, false],
    ["space inside", "pass word", false, false],
    ["leading space before @", " @misaki", false, false],
    ["tab", "pass\t", false, false],
    ["full-width letters", "ｐａｓｓ", false, false],
    ["half-width katakana", "ﾊﾟｽ", false, false],
    ["katakana", "パスワード", false, false],
    ["emoji", "pass😀", false, false],
    ["no-break space", "a\u00A0b", false, false],
    ["DEL", "a\u007F", false, false],
    ["250+ characters", "a".repeat(300), true, true],
  ])("%s: %j → %s / %s", (_name, input, like, notAt) => {
    expect(isPasswordLike(input)).toBe(like);
    expect(isPasswordLikeNotStartingWithAt(input)).toBe(notAt);
  });
});

describe("validatePassword", () => {
  it.each<[string, string, true | string]>([
    ["empty", "", "required"],
    ["8 characters", "abc12345", true],
    ["with symbols", "P@ssw0rd!", true],
    ["128 characters", "a".repeat(128), true],
    ["7 characters", "abc1234", "password"],
    ["129 characters", "a".repeat(129), "password"],
    ["250+ characters", "a".repeat(260), "password"],
    ["8 spaces", "        ", "password"],
    ["space inside", "pass word1", "password"],
    ["half-width katakana (not full-width)", "ﾊﾟｽﾜｰﾄﾞ1234", "password"],
    ["emoji", "password😀", "password"],
    ["full-width letters", "ｐａｓｓｗｏｒｄ", "full_width"],
    ["full-width digits, short", "１２３", "full_width"],
    ["katakana", "パスワード1234", "full_width"],
    ["hiragana", "ぱすわーど1234", "full_width"],
    ["kanji", "漢字abcdefgh", "full_width"],
    ["ideographic space", "password\u3000", "full_width"],
    ["full-width, 250+ characters", "あ".repeat(300), "full_width"],
  ])("%s → %s", (_name, input, expected) => {
    expect(validatePassword(input)).toBe(expected);
  });

  it("has the messages of the spec", () => {
    expect(messages.full_width).toBe("パスワードに全角文字は使用できません");
    expect(messages.password).toBe("パスワードは8文字以上128文字以内の半角英数字・記号で入力してください");
  });
});

describe("isLoginId", () => {
  it.each<[string, string, boolean]>([
    ["4 characters", "abcd", true],
    ["30 characters", "a".repeat(30), true],
    ["all allowed symbols", "user.name-01_X", true],
    ["3 characters", "abc", false],
    ["31 characters", "a".repeat(31), false],
    ["250+ characters", "a".repeat(260), false],
    ["empty", "", false],
    ["space inside", "user name", false],
    ["leading space", " user", false],
    ["@", "user@x", false],
    ["full-width", "ｕｓｅｒ", false],
    ["half-width katakana", "ﾕｰｻﾞｰ", false],
    ["katakana", "ユーザー", false],
    ["emoji", "user😀", false],
  ])("%s: %j → %s", (_name, input, expected) => {
    expect(isLoginId(input)).toBe(expected);
  });
});

describe("messages", () => {
  it.each([
    ["required", "入力してください"],
    ["katakana", "全角カタカナで入力してください"],
    ["hiragana", "ひらがなで入力してください"],
    ["email", "正しいメールアドレスを入力してください"],
    ["login_id", "ログインIDは4〜30文字の半角英数字と _ . - で入力してください"],
    ["bogus", ""],
    ["", ""],
    ["toString", ""],
  ])("messageOf(%j) is %j", (key, message) => {
    expect(messageOf(key)).toBe(message);
  });

  it("are all non-empty Japanese text", () => {
    for (const message of Object.values(messages)) expect(message).toMatch(/[\u3040-\u30FF\u4E00-\u9FFF]/);
  });
});

describe("zod helpers", () => {
  type Case = [string, z.ZodType, unknown, { data: unknown } | { message: string }];
  const cases: Case[] = [
    ["zKatakana", zKatakana(), "ミサキ", { data: "ミサキ" }],
    ["zKatakana trims", zKatakana(), "  ミサキ\u3000", { data: "ミサキ" }],
    ["zKatakana empty", zKatakana(), "", { message: "入力してください" }],
    ["zKatakana whitespace", zKatakana(), " \u3000 ", { message: "入力してください" }],
    ["zKatakana half-width", zKatakana(), "ﾐｻｷ", { message: "全角カタカナで入力してください" }],
    ["zKatakana emoji", zKatakana(), "ミサキ😀", { message: "全角カタカナで入力してください" }],
    ["zKatakana optional empty", zKatakana({ required: false }), "", { data: "" }],
    ["zKatakana optional whitespace", zKatakana({ required: false }), "  ", { data: "" }],
    ["zKatakana not a string", zKatakana(), 42, { message: "入力内容が正しくありません" }],
    ["zHiragana", zHiragana(), "みさき", { data: "みさき" }],
    ["zHiragana katakana", zHiragana(), "ミサキ", { message: "ひらがなで入力してください" }],
    ["zPhone", zPhone(), " 090-1234-5678 ", { data: "090-1234-5678" }],
    ["zPhone full-width", zPhone(), "０３１２３４５６７８", { data: "０３１２３４５６７８" }],
    ["zPhone empty", zPhone(), "", { message: "入力してください" }],
    ["zPhone short", zPhone(), "0", { message: "電話番号が短すぎます" }],
    ["zPhone no zero", zPhone(), "abc", { message: "電話番号は0から始まる番号を入力してください" }],
    ["zPhone letters", zPhone(), "0ab", { message: "数字で入力してください" }],
    ["zPhone invalid", zPhone(), "0901234567", { message: "電話番号の形式が正しくありません" }],
    ["zPhone 250+", zPhone(), `0${"1".repeat(300)}`, { message: "電話番号が長すぎます" }],
    ["zPhone optional empty", zPhone({ required: false }), "", { data: "" }],
    ["zEmail trims", zEmail(), " User@Example.com ", { data: "User@Example.com" }],
    ["zEmail invalid", zEmail(), "user@", { message: "正しいメールアドレスを入力してください" }],
    [
      "zEmail full-width",
      zEmail(),
      "ｕｓｅｒ@example.com",
      { message: "正しいメールアドレスを入力してください" },
    ],
    ["zPassword", zPassword(), "abc12345", { data: "abc12345" }],
    [
      "zPassword is not trimmed",
      zPassword(),
      " abc12345",
      { message: "パスワードは8文字以上128文字以内の半角英数字・記号で入力してください" },
    ],
    [
      "zPassword full-width",
      zPassword(),
      "ｐａｓｓｗｏｒｄ",
      { message: "パスワードに全角文字は使用できません" },
    ],
    ["zPassword empty", zPassword(), "", { message: "入力してください" }],
    ["zPassword optional empty", zPassword({ required: false }), "", { data: "" }],
    ["zLoginId", zLoginId(), " user_01 ", { data: "user_01" }],
    [
      "zLoginId short",
      zLoginId(),
      "us",
      { message: "ログインIDは4〜30文字の半角英数字と _ . - で入力してください" },
    ],
    ["zPostalCode digits", zPostalCode(), "1234567", { data: "123-4567" }],
    ["zPostalCode full-width", zPostalCode(), " １２３－４５６７ ", { data: "123-4567" }],
    [
      "zPostalCode short",
      zPostalCode(),
      "123-456",
      { message: "郵便番号は7桁の数字で入力してください（例：123-4567）" },
    ],
    ["zPostalCode empty", zPostalCode(), "", { message: "入力してください" }],
    ["zPostalCode optional empty", zPostalCode({ required: false }), "", { data: "" }],
    ["zSnsId", zSnsId(), "misaki_0101", { data: "misaki_0101" }],
    ["zSnsId optional by default", zSnsId(), "", { data: "" }],
    ["zSnsId with @", zSnsId(), "@misaki", { message: "先頭に@を付けずに入力してください" }],
    ["zSnsId half-width katakana", zSnsId(), "ﾐｻｷ", { message: "半角英数字・記号で入力してください" }],
  ];

  it.each(cases)("%s: %j", (_name, schema, input, expected) => {
    const result = schema.safeParse(input);
    if ("data" in expected) {
      expect(result.success).toBe(true);
      expect(result.data).toBe(expected.data);
    } else {
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([expected.message]);
    }
  });
});

describe("text fields (zLine, zMultiline, zChoice)", () => {
  const line = zLine("店舗名", 5);
  const multi = zMultiline("メッセージ", 5, { required: false });
  const choice = zChoice((v) => ["a", "b"].includes(v), "一覧から選択してください");
  it.each([
    [line, "  クラブ  ", { ok: true, value: "クラブ" }],
    [line, "", { ok: false, message: "入力してください" }],
    [line, undefined, { ok: false, message: "入力してください" }],
    [line, "あいうえおか", { ok: false, message: "店舗名は5文字以内で入力してください" }],
    [line, "🍾🍾🍾🍾🍾", { ok: true, value: "🍾🍾🍾🍾🍾" }],
    [line, "a\nb", { ok: false, message: "使用できない文字が含まれています" }],
    [line, "a\u0000b", { ok: false, message: "使用できない文字が含まれています" }],
    [multi, "a\r\nb", { ok: true, value: "a\nb" }],
    [multi, "", { ok: true, value: "" }],
    [multi, "a\u0007", { ok: false, message: "使用できない文字が含まれています" }],
    [multi, "123456", { ok: false, message: "メッセージは5文字以内で入力してください" }],
    [choice, "a", { ok: true, value: "a" }],
    [choice, "", { ok: false, message: "選択してください" }],
    [choice, "c", { ok: false, message: "一覧から選択してください" }],
    [choice, 42, { ok: false, message: "入力内容が正しくありません" }],
  ] as const)("%#: %j", (schema, input, expected) => {
    const result = schema.safeParse(input);
    if (expected.ok) expect(result).toMatchObject({ success: true, data: expected.value });
    else expect(result.error?.issues[0]?.message).toBe(expected.message);
  });
});
