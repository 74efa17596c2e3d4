import { describe, expect, it } from "vitest";
import { parseForm } from "~/.server/http/form";
import { CONTACT_MESSAGE_MAX, ContactSchema } from "~/domain/contact";
import { ShopEntrySchema } from "~/domain/shop-entry";
import { containsMarkup, TEXT_FIELD_MESSAGES } from "~/domain/text-fields";
import { CONTACT_FORM, SHOP_ENTRY_FORM } from "../support/inquiry-forms";

/** A form as a browser sends it. */
function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const CONTACT = CONTACT_FORM;
// Full-width digits, as a phone keyboard in Japanese mode types them; no message (optional).
const SHOP = { ...SHOP_ENTRY_FORM, phone_number: "０９０１２３４５６７８", message: "" };

describe("containsMarkup", () => {
  it.each([
    ["<script>alert(1)</script>", true],
    ["< script > (not a tag to a browser)", false],
    ["</a>", true],
    ["<!-- comment -->", true],
    ["<img src=x onerror=alert(1)>", true],
    ["<3 ありがとう", false],
    ["a < b", false],
    ["矢印 <- こちら", false],
    ["＜script＞（全角）", false],
    ["", false],
  ])("%s → %s", (text, expected) => {
    expect(containsMarkup(text)).toBe(expected);
  });
});

describe("ContactSchema", () => {
  it("accepts a valid message, trimming it and keeping line breaks", async () => {
    const parsed = await parseForm(formOf({ ...CONTACT, message: "  1行目\r\n2行目  " }), ContactSchema);
    expect(parsed.ok && parsed.data).toEqual({ ...CONTACT, message: "1行目\n2行目" });
  });

  it.each([
    [
      "an empty form",
      {},
      {
        name: "入力してください",
        email: "入力してください",
        category: "選択してください",
        message: "入力してください",
      },
    ],
    [
      "blank fields",
      { name: " ", email: "", category: "", message: "\u3000" },
      { name: "入力してください", category: "選択してください" },
    ],
    [
      "an invalid e-mail",
      { ...CONTACT, email: "taro@example" },
      { email: "正しいメールアドレスを入力してください" },
    ],
    [
      "a full-width e-mail",
      { ...CONTACT, email: "ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ" },
      { email: "正しいメールアドレスを入力してください" },
    ],
    ["an unknown category", { ...CONTACT, category: "spam" }, { category: TEXT_FIELD_MESSAGES.select }],
    [
      "a 10,000-character message",
      { ...CONTACT, message: "あ".repeat(10_000) },
      { message: "お問い合わせ内容は1000文字以内で入力してください" },
    ],
    [
      "a script tag in the message",
      { ...CONTACT, message: "<script>alert(1)</script>" },
      { message: TEXT_FIELD_MESSAGES.markup },
    ],
    ["a tag in the name", { ...CONTACT, name: "<b>太郎</b>" }, { name: TEXT_FIELD_MESSAGES.markup }],
    [
      "a 51-character name",
      { ...CONTACT, name: "ア".repeat(51) },
      { name: "お名前は50文字以内で入力してください" },
    ],
    [
      "a control character in the name",
      { ...CONTACT, name: "太郎\u0007" },
      { name: TEXT_FIELD_MESSAGES.control_characters },
    ],
  ])("refuses %s with a message at each field", async (_name, fields, errors) => {
    const parsed = await parseForm(formOf(fields as Record<string, string>), ContactSchema);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toMatchObject(errors);
  });

  it.each([
    ["half-width katakana", "ｶﾀｶﾅで書きました"],
    ["emoji, each counted as one character", "🍸".repeat(CONTACT_MESSAGE_MAX)],
    ["exactly the limit", "あ".repeat(CONTACT_MESSAGE_MAX)],
    ["a 250+ character line", "長文".repeat(130)],
    ["full-width angle brackets", "＜script＞は大丈夫"],
  ])("accepts %s", async (_name, message) => {
    const parsed = await parseForm(formOf({ ...CONTACT, message }), ContactSchema);
    expect(parsed.ok).toBe(true);
  });
});

describe("ShopEntrySchema", () => {
  it("accepts a request, formats the phone number as the national number and allows no message", async () => {
    const parsed = await parseForm(formOf(SHOP), ShopEntrySchema);
    expect(parsed.ok && parsed.data).toMatchObject({ phone_number: "090-1234-5678", message: "" });
  });

  it.each([
    [
      "an empty form",
      {},
      {
        store_name: "入力してください",
        store_name_kana: "入力してください",
        store_type: "選択してください",
        prefecture: "選択してください",
        area: "入力してください",
        contact_name: "入力してください",
        phone_number: "入力してください",
        email: "入力してください",
      },
    ],
    [
      "kana in hiragana",
      { ...SHOP, store_name_kana: "がーるずばー" },
      { store_name_kana: "全角カタカナで入力してください" },
    ],
    [
      "half-width kana",
      { ...SHOP, store_name_kana: "ｶﾞｰﾙｽﾞﾊﾞｰ" },
      { store_name_kana: "全角カタカナで入力してください" },
    ],
    [
      "an unknown prefecture",
      { ...SHOP, prefecture: "atlantis" },
      { prefecture: "都道府県を一覧から選択してください" },
    ],
    [
      "an unknown store type",
      { ...SHOP, store_type: "casino" },
      { store_type: "業種を一覧から選択してください" },
    ],
    [
      "a phone number not starting with 0",
      { ...SHOP, phone_number: "9012345678" },
      { phone_number: "電話番号は0から始まる番号を入力してください" },
    ],
    [
      "a script tag in the store name",
      { ...SHOP, store_name: "<script>x</script>" },
      { store_name: TEXT_FIELD_MESSAGES.markup },
    ],
    [
      "a 10,000-character message",
      { ...SHOP, message: "a".repeat(10_000) },
      { message: "ご要望・ご質問は1000文字以内で入力してください" },
    ],
    [
      "an invalid e-mail",
      { ...SHOP, email: "luna@@example.com" },
      { email: "正しいメールアドレスを入力してください" },
    ],
  ])("refuses %s", async (_name, fields, errors) => {
    const parsed = await parseForm(formOf(fields as Record<string, string>), ShopEntrySchema);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors).toMatchObject(errors);
  });
});
