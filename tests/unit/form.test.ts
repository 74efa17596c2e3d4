import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type FormValues, formValues, invalid, parseForm, valueAt } from "~/.server/http/form";
import { readLimitedFormData } from "~/.server/http/limited-form-data";
import { isSnsLinkForm } from "~/.server/http/sns-links";
import { messages, zEmail, zKatakana, zLoginId, zPassword, zPhone, zPostalCode } from "~/domain/validators";

function form(entries: [string, string | Blob][]): FormData {
  const fd = new FormData();
  for (const [name, value] of entries) fd.append(name, value);
  return fd;
}

function post(entries: [string, string][]): Request {
  return new Request("http://localhost/form", { method: "POST", body: new URLSearchParams(entries) });
}

describe("formValues", () => {
  it.each<[string, [string, string | Blob][], FormValues]>([
    ["empty form", [], {}],
    [
      "flat fields",
      [
        ["email", "a@example.com"],
        ["nickname", "たろう"],
      ],
      { email: "a@example.com", nickname: "たろう" },
    ],
    ["empty strings are kept", [["nickname", ""]], { nickname: "" }],
    [
      "a repeated name becomes an array",
      [
        ["services", "luxury"],
        ["services", "cheap"],
      ],
      { services: ["luxury", "cheap"] },
    ],
    [
      "three repeats keep their order",
      [
        ["holidays", "sun"],
        ["holidays", "mon"],
        ["holidays", "sat"],
      ],
      { holidays: ["sun", "mon", "sat"] },
    ],
    ["a single checkbox stays a string", [["services", "luxury"]], { services: "luxury" }],
    [
      "dotted names nest",
      [
        ["matching_info.animal", "dog"],
        ["matching_info.season", "summer"],
        ["published_profile.age", "true"],
      ],
      { matching_info: { animal: "dog", season: "summer" }, published_profile: { age: "true" } },
    ],
    ["deep nesting", [["a.b.c", "1"]], { a: { b: { c: "1" } } }],
    [
      "repeated dotted names",
      [
        ["x.tags", "1"],
        ["x.tags", "2"],
      ],
      { x: { tags: ["1", "2"] } },
    ],
    [
      "files are dropped",
      [
        ["image", new File(["x"], "a.png", { type: "image/png" })],
        ["store_name", "店"],
      ],
      { store_name: "店" },
    ],
    ["blobs are dropped", [["image", new Blob(["x"])]], {}],
    [
      "empty segments keep the name flat",
      [
        ["a..b", "1"],
        [".c", "2"],
      ],
      { "a..b": "1", ".c": "2" },
    ],
    [
      "a value where an object is expected: the first shape wins",
      [
        ["a", "1"],
        ["a.b", "2"],
      ],
      { a: "1" },
    ],
    [
      "an object where a value is expected: the first shape wins",
      [
        ["a.b", "2"],
        ["a", "1"],
      ],
      { a: { b: "2" } },
    ],
    [
      "prototype keys are ignored",
      [
        ["__proto__.polluted", "1"],
        ["constructor.prototype.x", "1"],
      ],
      {},
    ],
  ])("%s", (_name, entries, expected) => {
    const values = formValues(form(entries));
    expect(values).toEqual(expected);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("valueAt", () => {
  const values: FormValues = { a: { b: "1", c: ["x", "y"] }, d: "2" };
  it.each<[string, unknown]>([
    ["a.b", "1"],
    ["a.c", ["x", "y"]],
    ["d", "2"],
    ["a", { b: "1", c: ["x", "y"] }],
    ["a.z", undefined],
    ["d.e", undefined],
    ["missing", undefined],
    ["toString", undefined],
  ])("%s → %j", (name, expected) => {
    expect(valueAt(values, name)).toEqual(expected);
  });
});

const RegistrationSchema = z.object({
  email: zEmail(),
  password: zPassword(),
  login_id: zLoginId(),
  store_name_kana: zKatakana(),
  phone_number: zPhone(),
  postal_code: zPostalCode({ required: false }),
  services: z.array(z.enum(["luxury", "cheap", "bunny"], { error: "選択肢から選んでください" })),
  matching_info: z.object({ animal: z.enum(["dog", "cat"], { error: "選択肢から選んでください" }) }),
});

const VALID: [string, string][] = [
  ["email", " taro@example.com "],
  ["password", "secret-pass1"],
  ["login_id", "taro_01"],
  ["store_name_kana", "ヨルナビ"],
  ["phone_number", "090-1234-5678"],
  ["postal_code", "1040061"],
  ["services", "luxury"],
  ["services", "bunny"],
  ["matching_info.animal", "dog"],
];

function replaced(entries: [string, string][], name: string, value: string | null): [string, string][] {
  const rest = entries.filter(([n]) => n !== name);
  return value === null ? rest : [...rest, [name, value]];
}

describe("parseForm: success", () => {
  it("returns the parsed data and the values without the password", async () => {
    const result = await parseForm(form(VALID), RegistrationSchema, { arrays: ["services"] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).toEqual({
      email: "taro@example.com",
      password: "secret-pass1",
      login_id: "taro_01",
      store_name_kana: "ヨルナビ",
      phone_number: "090-1234-5678",
      postal_code: "104-0061",
      services: ["luxury", "bunny"],
      matching_info: { animal: "dog" },
    });
    expect(result.values).not.toHaveProperty("password");
    expect(result.values).toMatchObject({ email: " taro@example.com ", services: ["luxury", "bunny"] });
  });

  it("reads a Request's urlencoded body", async () => {
    const result = await parseForm(post(VALID), RegistrationSchema, { arrays: ["services"] });
    expect(result.ok).toBe(true);
  });

  it.each<[string, [string, string][], unknown]>([
    ["one checked box becomes a list", replaced(VALID, "services", "cheap"), ["cheap"]],
    ["no checked box becomes []", replaced(VALID, "services", null), []],
  ])("arrays option: %s", async (_name, entries, expected) => {
    const result = await parseForm(form(entries), RegistrationSchema, { arrays: ["services"] });
    expect(result.ok && result.data.services).toEqual(expected);
    expect(result.values.services).toEqual(expected);
  });

  it("ignores unknown fields", async () => {
    const entries: [string, string][] = [...VALID, ["is_admin", "true"], ["matching_info.extra", "1"]];
    const result = await parseForm(form(entries), RegistrationSchema, { arrays: ["services"] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data).not.toHaveProperty("is_admin");
    expect(result.data.matching_info).toEqual({ animal: "dog" });
  });

  it("supports dotted array names", async () => {
    const schema = z.object({ profile: z.object({ tags: z.array(z.string()) }) });
    const result = await parseForm(form([]), schema, { arrays: ["profile.tags"] });
    expect(result).toMatchObject({ ok: true, data: { profile: { tags: [] } } });
  });
});

describe("parseForm: failure", () => {
  it.each<[string, [string, string][], Record<string, string>]>([
    ["blank e-mail", replaced(VALID, "email", "  "), { email: messages.required }],
    ["bad e-mail", replaced(VALID, "email", "taro@"), { email: messages.email }],
    ["short password", replaced(VALID, "password", "short"), { password: messages.password }],
    [
      "full-width password",
      replaced(VALID, "password", "ｐａｓｓｗｏｒｄ１２"),
      { password: messages.full_width },
    ],
    ["bad login id", replaced(VALID, "login_id", "ab"), { login_id: messages.login_id }],
    [
      "hiragana furigana",
      replaced(VALID, "store_name_kana", "よるなび"),
      { store_name_kana: messages.katakana },
    ],
    [
      "phone without 0",
      replaced(VALID, "phone_number", "9012345678"),
      { phone_number: messages.must_start_with_zero },
    ],
    ["bad postal code", replaced(VALID, "postal_code", "12-345"), { postal_code: messages.postal_code }],
    ["missing text field", replaced(VALID, "email", null), { email: messages.required }],
    ["unknown checkbox value", [...VALID, ["services", "casino"]], { services: "選択肢から選んでください" }],
    [
      "nested radio not chosen",
      replaced(VALID, "matching_info.animal", null),
      { "matching_info.animal": "選択肢から選んでください" },
    ],
    [
      "nested radio with a foreign value",
      replaced(VALID, "matching_info.animal", "lion"),
      { "matching_info.animal": "選択肢から選んでください" },
    ],
    [
      "several fields at once",
      replaced(replaced(VALID, "email", ""), "store_name_kana", "abc"),
      { email: messages.required, store_name_kana: messages.katakana },
    ],
  ])("%s", async (_name, entries, expected) => {
    const result = await parseForm(form(entries), RegistrationSchema, { arrays: ["services"] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(expected);
    expect(result.values).not.toHaveProperty("password");
  });

  it("keeps the submitted values (trimmed nothing, nested kept) except passwords", async () => {
    const entries: [string, string][] = [
      ...replaced(VALID, "email", "taro@"),
      ["password_confirm", "secret-pass1"],
      ["current_password", "old-secret"],
      ["account.newPassword", "x"],
    ];
    const result = await parseForm(form(entries), RegistrationSchema, { arrays: ["services"] });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.values).toEqual({
      email: "taro@",
      login_id: "taro_01",
      store_name_kana: "ヨルナビ",
      phone_number: "090-1234-5678",
      postal_code: "1040061",
      services: ["luxury", "bunny"],
      matching_info: { animal: "dog" },
      account: {},
    });
    expect(JSON.stringify(result.values)).not.toMatch(/secret|old-secret/);
  });

  it.each<[string, z.ZodType]>([
    [
      "plain",
      z.object({ matching_info: z.object({ animal: z.enum(["dog"]), season: z.string({ error: "?" }) }) }),
    ],
    [
      "refined and transformed",
      z
        .object({ matching_info: z.object({ animal: z.enum(["dog"]), season: z.string({ error: "?" }) }) })
        .refine(() => true)
        .transform((v) => v),
    ],
  ])("a nested group sent with nothing in it is reported per field (%s schema)", async (_name, schema) => {
    const result = await parseForm(form([["nickname", "x"]]), schema);
    expect(result).toEqual({
      ok: false,
      values: { nickname: "x" },
      errors: { "matching_info.animal": expect.any(String), "matching_info.season": messages.required },
    });
  });

  it("keeps only the first message of a field", async () => {
    const schema = z.object({ code: z.string().min(3, "3文字以上").regex(/^\d+$/, "数字のみ") });
    const result = await parseForm(form([["code", "a"]]), schema);
    expect(result).toMatchObject({ ok: false, errors: { code: "3文字以上" } });
  });

  it("reports an error on a list item at the list", async () => {
    const schema = z.object({ holidays: z.array(z.enum(["sun", "mon"], { error: "曜日を選んでください" })) });
    const result = await parseForm(
      form([
        ["holidays", "sun"],
        ["holidays", "xyz"],
      ]),
      schema,
    );
    expect(result).toMatchObject({ ok: false, errors: { holidays: "曜日を選んでください" } });
  });

  it("reports form-level errors as _form, and refinements with a path at their field", async () => {
    const schema = z
      .object({ password: zPassword(), password_confirm: z.string() })
      .refine((v) => v.password === v.password_confirm, {
        message: "パスワードが一致しません",
        path: ["password_confirm"],
      })
      .refine((v) => v.password !== "password123", { message: "このパスワードは使用できません" });
    const mismatch = await parseForm(
      form([
        ["password", "secret-pass1"],
        ["password_confirm", "secret-pass2"],
      ]),
      schema,
    );
    expect(mismatch).toEqual({
      ok: false,
      values: {},
      errors: { password_confirm: "パスワードが一致しません" },
    });
    const banned = await parseForm(
      form([
        ["password", "password123"],
        ["password_confirm", "password123"],
      ]),
      schema,
    );
    expect(banned).toEqual({ ok: false, values: {}, errors: { _form: "このパスワードは使用できません" } });
  });

  it("answers a body that is not a form with a _form error, not an exception", async () => {
    const request = new Request("http://localhost/form", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const result = await parseForm(request, RegistrationSchema);
    expect(result).toMatchObject({ ok: false, values: {}, errors: { _form: expect.any(String) } });
  });
});

describe("invalid", () => {
  it("is a 400 carrying the values and errors", () => {
    const response = invalid({ email: "taro@" }, { email: messages.email });
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({ values: { email: "taro@" }, errors: { email: messages.email } });
  });
});

describe("readLimitedFormData on a clone", () => {
  it("answers a body over the limit at once, and the original can still be read", async () => {
    const body = `intent=post_caption&caption=${"あ".repeat(6_000)}`;
    const request = new Request("http://localhost/liver/mypage/post", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    // The page asks whether a post is an SNS link form before it reads the post itself.
    expect(await isSnsLinkForm(request)).toBe(false);
    expect((await request.formData()).get("intent")).toBe("post_caption");
    const small = new Request("http://localhost/liver/mypage/post", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "intent=youtube&channel=x",
    });
    expect(await readLimitedFormData(small.clone(), 16 * 1024)).toMatchObject({ ok: true });
    expect(await isSnsLinkForm(small)).toBe(true);
  });
});
