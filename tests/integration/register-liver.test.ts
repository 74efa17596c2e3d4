import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { account, livers, mailOutbox, plans, user } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { parseForm } from "~/.server/http/form";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { registerListener } from "~/.server/services/accounts/register-listener";
import { registerLiver } from "~/.server/services/accounts/register-liver";
import { signIn } from "~/.server/services/accounts/sign-in";
import { verifyEmail } from "~/.server/services/accounts/verify-email";
import { listActivePlans } from "~/.server/services/stores/list-active-plans";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { findArea } from "~/domain/areas";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { type RegisterLiverInput, RegisterLiverSchema } from "~/domain/liver-registration";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});

const PASSWORD = "store-pass-2026";

/** The form as a browser sends it (strings only), valid unless overridden. */
function formOf(overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    store_name: "Girls Bar ルナ",
    store_name_kana: "ガールズバー　ルナ",
    store_type: "girls_bar",
    is_individual: "true",
    phone_number: "０３１２３４５６７８",
    postal_code: "1600021",
    address: "東京都新宿区歌舞伎町1-2-3",
    buildingName: "ヨルナビビル 5F",
    region: "kanto",
    prefecture: "tokyo",
    group: "shinjuku",
    area: "kabukicho",
    area_detail: "kabukicho-1",
    business_start_time: "20:00",
    business_end_time: "LAST",
    email: "luna@example.com",
    password: PASSWORD,
    password_confirmation: PASSWORD,
    plan_id: "standard",
    agree: "1",
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
}

async function parse(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseForm(form, RegisterLiverSchema);
}

async function inputOf(overrides: Record<string, string | undefined> = {}): Promise<RegisterLiverInput> {
  const parsed = await parse(formOf(overrides));
  if (!parsed.ok) throw new Error(`invalid test input: ${JSON.stringify(parsed.errors)}`);
  return parsed.data;
}

describe("RegisterLiverSchema", () => {
  it("normalises a valid form: national phone format, NNN-NNNN postal code, agreement as true", async () => {
    const parsed = await parse(formOf());
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.data).toMatchObject({
      phone_number: "03-1234-5678",
      postal_code: "160-0021",
      store_type: "girls_bar",
      agree: true,
    });
    // Passwords are never echoed back to the form.
    expect(parsed.values).not.toHaveProperty("password");
  });

  it("accepts optional parts left blank and an emoji in the store name (counted as one character)", async () => {
    const parsed = await parse(
      formOf({ buildingName: "", group: "", area_detail: "", store_name: `${"あ".repeat(49)}🍸` }),
    );
    expect(parsed.ok).toBe(true);
  });

  it("takes girls_bar when no store type is sent", async () => {
    const parsed = await parse(formOf({ store_type: undefined }));
    expect(parsed.ok && parsed.data.store_type).toBe("girls_bar");
  });

  it.each([
    ["empty store name", { store_name: "" }, "store_name", "入力してください"],
    [
      "51-character store name",
      { store_name: "あ".repeat(51) },
      "store_name",
      "店舗名は50文字以内で入力してください",
    ],
    [
      "251-character store name",
      { store_name: "a".repeat(251) },
      "store_name",
      "店舗名は50文字以内で入力してください",
    ],
    [
      "control character in the name",
      { store_name: "Bar\u0007" },
      "store_name",
      "使用できない文字が含まれています",
    ],
    ["empty kana", { store_name_kana: "" }, "store_name_kana", "入力してください"],
    ["hiragana kana", { store_name_kana: "るな" }, "store_name_kana", "全角カタカナで入力してください"],
    ["ASCII kana", { store_name_kana: "LUNA" }, "store_name_kana", "全角カタカナで入力してください"],
    [
      "101-character kana",
      { store_name_kana: "ア".repeat(101) },
      "store_name_kana",
      "店舗名（フリガナ）は100文字以内で入力してください",
    ],
    ["unknown store type", { store_type: "casino" }, "store_type", "業種を一覧から選択してください"],
    // 法人/個人 has no default: a form that chose neither is refused (ADR 0054).
    ["法人/個人 not chosen", { is_individual: undefined }, "is_individual", "法人か個人かを選んでください"],
    ["法人/個人 neither", { is_individual: "yes" }, "is_individual", "法人か個人かを選んでください"],
    ["empty phone", { phone_number: "" }, "phone_number", "入力してください"],
    [
      "phone without 0",
      { phone_number: "312345678" },
      "phone_number",
      "電話番号は0から始まる番号を入力してください",
    ],
    ["phone with letters", { phone_number: "03-1234-ABCD" }, "phone_number", "数字で入力してください"],
    ["phone too short", { phone_number: "0" }, "phone_number", "電話番号が短すぎます"],
    [
      "bad postal code",
      { postal_code: "160-002" },
      "postal_code",
      "郵便番号は7桁の数字で入力してください（例：123-4567）",
    ],
    ["empty address", { address: "" }, "address", "入力してください"],
    [
      "201-character address",
      { address: "あ".repeat(201) },
      "address",
      "住所は200文字以内で入力してください",
    ],
    [
      "101-character building",
      { buildingName: "あ".repeat(101) },
      "buildingName",
      "建物名・部屋番号は100文字以内で入力してください",
    ],
    ["no region", { region: undefined }, "region", "選択してください"],
    ["no prefecture", { prefecture: "" }, "prefecture", "選択してください"],
    ["no area", { area: "" }, "area", "選択してください"],
    [
      "area not in the prefecture",
      { area: "susukino", area_detail: "", group: "" },
      "area",
      "エリアを正しく選択してください",
    ],
    ["prefecture not in the region", { region: "kansai" }, "area", "エリアを正しく選択してください"],
    [
      "area outside the group",
      { group: "shinjuku", area: "roppongi", area_detail: "" },
      "area",
      "エリアを正しく選択してください",
    ],
    [
      "detail of another area",
      { area_detail: "kabukicho-1", area: "nishi-shinjuku" },
      "area",
      "エリアを正しく選択してください",
    ],
    ["no start time", { business_start_time: "" }, "business_start_time", "選択してください"],
    [
      "start not a choice",
      { business_start_time: "20:05" },
      "business_start_time",
      "一覧から選択してください",
    ],
    ["LAST as start", { business_start_time: "LAST" }, "business_start_time", "一覧から選択してください"],
    ["no end time", { business_end_time: undefined }, "business_end_time", "選択してください"],
    ["bad e-mail", { email: "luna@" }, "email", "正しいメールアドレスを入力してください"],
    ["empty password", { password: "", password_confirmation: "" }, "password", "入力してください"],
    [
      "full-width password",
      { password: "ｐａｓｓｗｏｒｄ１２３", password_confirmation: "ｐａｓｓｗｏｒｄ１２３" },
      "password",
      "パスワードに全角文字は使用できません",
    ],
    [
      "short password",
      { password: "abc123", password_confirmation: "abc123" },
      "password",
      "パスワードは8文字以上128文字以内の半角英数字・記号で入力してください",
    ],
    [
      "passwords differ",
      { password_confirmation: "another-pass-1" },
      "password_confirmation",
      "パスワードが一致しません",
    ],
    ["no plan", { plan_id: undefined }, "plan_id", "選択してください"],
    ["not agreed", { agree: undefined }, "agree", "店舗利用規約への同意が必要です"],
  ] as const)("%s → %s: %s", async (_case, overrides, field, message) => {
    const parsed = await parse(formOf(overrides));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors[field]).toBe(message);
  });

  it("reports every problem at once, the cross-field ones included", async () => {
    const parsed = await parse(
      formOf({ store_name: "", password_confirmation: "different-1", area: "umeda", agree: undefined }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(
      ["agree", "area", "password_confirmation", "store_name"].sort(),
    );
  });

  it("an empty form names every required field", async () => {
    const parsed = await parse({});
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(
      [
        "store_name",
        "store_name_kana",
        "is_individual",
        "phone_number",
        "postal_code",
        "address",
        "region",
        "prefecture",
        "area",
        "business_start_time",
        "business_end_time",
        "email",
        "password",
        "plan_id",
        "agree",
      ].sort(),
    );
    expect(parsed.errors.agree).toBe(AGREE_MESSAGE);
  });
});

const AGREE_MESSAGE = "店舗利用規約への同意が必要です";

describe.each(drivers)("registerLiver on %s", (driver) => {
  let database: TestDatabase;
  let services: {
    db: TestDatabase["db"];
    env: typeof env;
    mailer: ReturnType<typeof createMailer>;
    auth: ReturnType<typeof createAuth>;
  };
  let ip = 0;
  const nextIp = () => `203.0.113.${(ip++ % 250) + 1}`;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "register_liver" });
    const mailer = createMailer({ db: database.db, env });
    services = {
      db: database.db,
      env,
      mailer,
      auth: createAuth({
        db: database.db,
        env,
        mailer,
        onEmailVerified: (uid) => publishVerifiedStore({ db: database.db, uid }),
      }),
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  async function counts() {
    const [[users], [accounts], [stores]] = await Promise.all([
      services.db.select({ n: count() }).from(user),
      services.db.select({ n: count() }).from(account),
      services.db.select({ n: count() }).from(livers),
    ]);
    return { users: users!.n, accounts: accounts!.n, stores: stores!.n };
  }

  it("lists the active plans in the catalogue's order", async () => {
    const list = await listActivePlans({ db: services.db });
    expect(list.map((p) => p.id)).toEqual(["light", "standard", "premium"]);
    expect(list[1]).toMatchObject({ name: "スタンダード", monthly_price: 29800, limit_staff: 15 });
  });

  it("registers a store: account, credential and an unlisted store with the plan's staff limit; verifying the address lists it", async () => {
    const email = "luna@example.com";
    const result = await registerLiver({ ...services, clientIp: nextIp(), input: await inputOf({ email }) });
    expect(result).toMatchObject({ ok: true, mail: { status: "kept" } });
    if (!result.ok) return;

    const [store] = await services.db.select().from(livers).where(eq(livers.uid, result.uid));
    const kabukicho = findArea("kabukicho")!.area;
    expect(store).toMatchObject({
      store_name: "Girls Bar ルナ",
      store_name_kana: "ガールズバー　ルナ",
      email,
      phone_number: "03-1234-5678",
      postal_code: "160-0021",
      address: "東京都新宿区歌舞伎町1-2-3",
      buildingName: "ヨルナビビル 5F",
      region: "kanto",
      prefecture: "tokyo",
      group: "shinjuku",
      area: "kabukicho",
      area_detail: "kabukicho-1",
      store_type: "girls_bar",
      is_individual: true,
      business_start_time: "20:00",
      business_end_time: "LAST",
      plan_id: "standard",
      new_plan_id: null,
      limit_staff: 15,
      status: "private",
      services: [],
      commitments: [],
      lat: kabukicho.lat,
      lng: kabukicho.lng,
    });
    expect(store!.slug).toMatch(/^store-[0-9a-f]{8}$/);

    const [authUser] = await services.db.select().from(user).where(eq(user.id, result.uid));
    expect(authUser).toMatchObject({ email, emailVerified: false, name: "Girls Bar ルナ" });
    const credentials = await services.db.select().from(account).where(eq(account.userId, result.uid));
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.providerId).toBe("credential");
    expect(credentials[0]!.password).not.toContain(PASSWORD);

    const before = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "liver", identifier: email, password: PASSWORD },
    });
    expect(before).toEqual({ ok: false, error: "not_verified", email });

    const mails = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.kind).toBe("verify-email");
    const link = mails[0]!.text.match(/http:\/\/localhost:3999\/[^\s<>"]+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link!);
    expect(url.pathname).toBe("/liver/login");
    const token = url.searchParams.get("verify");
    expect(token).toBeTruthy();
    expect(await verifyEmail({ auth: services.auth, token: token! })).toBe(true);
    const [listed] = await services.db.select().from(livers).where(eq(livers.uid, result.uid));
    expect(listed!.status).toBe("public");
    // A second use of the link changes nothing (and would not re-list a store that hid itself).
    await services.db.update(livers).set({ status: "private" }).where(eq(livers.uid, result.uid));
    await verifyEmail({ auth: services.auth, token: token! });
    const [hidden] = await services.db.select().from(livers).where(eq(livers.uid, result.uid));
    expect(hidden!.status).toBe("private");
    await services.db.update(livers).set({ status: "public" }).where(eq(livers.uid, result.uid));

    const asStore = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "liver", identifier: "LUNA@example.com", password: PASSWORD },
    });
    expect(asStore.ok).toBe(true);
    const asListener = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", identifier: email, password: PASSWORD },
    });
    expect(asListener).toEqual({ ok: false, error: "unknown_account" });
  });

  it("gives each store its own slug", async () => {
    const result = await registerLiver({
      ...services,
      clientIp: nextIp(),
      input: await inputOf({ email: "second@example.com", plan_id: "light", area_detail: "" }),
    });
    expect(result.ok).toBe(true);
    const rows = await services.db.select({ slug: livers.slug, limit: livers.limit_staff }).from(livers);
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    expect(rows.map((r) => r.limit)).toContain(3);
  });

  it("refuses a registered address, in any letter case, and one that belongs to a listener", async () => {
    const before = await counts();
    const again = await registerLiver({
      ...services,
      clientIp: nextIp(),
      input: await inputOf({ email: "Luna@Example.com" }),
    });
    expect(again).toEqual({ ok: false, error: "email_taken" });
    expect(AUTH_MESSAGES.email_taken).toContain("このメールアドレスは既に登録されているため");

    const listener = await registerListener({
      ...services,
      clientIp: nextIp(),
      input: {
        email: "guest@example.com",
        password: PASSWORD,
        password_confirmation: PASSWORD,
        nickname: "ゲスト",
      },
    });
    expect(listener.ok).toBe(true);
    const afterListener = await counts();
    const asStore = await registerLiver({
      ...services,
      clientIp: nextIp(),
      input: await inputOf({ email: "guest@example.com" }),
    });
    expect(asStore).toEqual({ ok: false, error: "email_taken" });
    expect(await counts()).toEqual(afterListener);
    expect(afterListener.stores).toBe(before.stores);
  });

  it.each([
    ["an unknown plan", "platinum"],
    ["an inactive plan", "retired"],
  ])("refuses %s and writes nothing", async (_case, planId) => {
    await services.db
      .insert(plans)
      .values({ id: "retired", name: "旧プラン", monthly_price: 1000, limit_staff: 1, is_active: false })
      .onConflictDoNothing();
    const before = await counts();
    const outboxBefore = await services.db.select({ n: count() }).from(mailOutbox);
    const result = await registerLiver({
      ...services,
      clientIp: nextIp(),
      input: await inputOf({ email: `plan-${planId}@example.com`, plan_id: planId }),
    });
    expect(result).toEqual({ ok: false, error: "plan_unavailable", field: "plan_id" });
    expect(await counts()).toEqual(before);
    expect(await services.db.select({ n: count() }).from(mailOutbox)).toEqual(outboxBefore);
  });

  it("refuses input the schema refuses, before writing anything", async () => {
    const before = await counts();
    await expect(
      registerLiver({
        ...services,
        clientIp: nextIp(),
        input: { ...(await inputOf({ email: "bad@example.com" })), store_name_kana: "るな" },
      }),
    ).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });
});
