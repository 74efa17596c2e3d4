/**
 * The payout account chosen from the Zengin data (ADR 0054), 法人/個人, and the payout form after a
 * request: the bank API (no database), then on both databases the settings page's saves and its
 * search without JavaScript, the names shown back on the payout confirmation and to the operator,
 * and the convert page starting afresh after a request.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { livers, payoutRequests } from "~/.server/db/schema";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { convertItems } from "~/.server/services/ledger/convert-items";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { listPayoutsForOperator } from "~/.server/services/payouts/list-payouts-for-operator";
import { BANK_ACCOUNT_MESSAGES } from "~/domain/bank-account";
import { BANK_API_MESSAGES } from "~/domain/bank-search";
import { MONEY_TEXTS } from "~/domain/money-texts";
import { TAX_STATUS_TEXTS } from "~/domain/store-tax-status";
import * as branchesApi from "~/routes/api/bank-branches";
import * as banksApi from "~/routes/api/banks";
import * as convertPage from "~/routes/liver/mypage-item-convert";
import * as settingsPage from "~/routes/liver/mypage-setting";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver } from "../support/factories";
import { giveCoins } from "../support/money";
import { makeOperator } from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

type Items = { items: { code: string; name: string; kana: string }[]; total: number };

describe("GET /api/banks and /api/banks/:code/branches", () => {
  // The API reads no database: any context will do.
  const context = {} as never;
  const banks = async (query: string) => call(banksApi.loader, { context, url: `/api/banks${query}` });
  const branches = async (code: string, query = "") =>
    call(branchesApi.loader, { context, url: `/api/banks/${code}/branches${query}`, params: { code } });

  it("answers the most used banks without a query, cacheable for a day", async () => {
    const request = new Request("http://localhost/api/banks");
    const raw = (await banksApi.loader({ request, context, params: {} } as never)) as {
      init: ResponseInit | null;
    };
    expect(new Headers(raw.init?.headers).get("Cache-Control")).toBe("public, max-age=86400");
    const answer = await banks("");
    const codes = (answer.body as Items).items.map((bank) => bank.code);
    expect(codes.slice(0, 5)).toEqual(["0001", "0005", "0009", "0010", "9900"]);
  });

  it.each([
    ["name", "三菱UFJ銀行", "0005", "三菱UFJ"],
    ["hiragana reading", "みつびしゆーえふじぇい", "0005", "三菱UFJ"],
    ["half-width katakana", "ﾐｽﾞﾎ", "0001", "みずほ"],
    ["code", "0009", "0009", "三井住友"],
    ["code without its zeros", "9900", "9900", "ゆうちょ"],
    ["small kana as 全銀 writes them large", "ゆうちょ銀行", "9900", "ゆうちょ"],
    ["romaji", "rakuten", "0036", "楽天"],
  ])("finds a bank by %s (%s)", async (_how, q, code, name) => {
    const answer = await banks(`?q=${encodeURIComponent(q)}`);
    expect(answer.status).toBe(200);
    expect((answer.body as Items).items[0]).toMatchObject({ code, name });
  });

  it("refuses a limit out of range; finds nothing for nonsense", async () => {
    expect(await banks("?limit=0")).toMatchObject({
      status: 400,
      body: { error: { code: "invalid-argument", message: BANK_API_MESSAGES.limit } },
    });
    expect(await banks("?limit=51")).toMatchObject({ status: 400 });
    expect(await banks("?q=zzzzqqqq")).toMatchObject({ status: 200, body: { items: [], total: 0 } });
    const many = await banks("?q=%E4%BF%A1%E9%87%91&limit=3");
    expect((many.body as Items).items).toHaveLength(3);
    expect((many.body as Items).total).toBeGreaterThan(200);
  });

  it("finds a branch by name, reading and code; 404 for an unknown bank, 400 for a bad code", async () => {
    for (const q of ["戸越", "とごし", "ﾄｺﾞｼ", "123", "戸越支店"]) {
      const answer = await branches("0001", `?q=${encodeURIComponent(q)}`);
      expect(answer.status, q).toBe(200);
      expect(answer.body, q).toMatchObject({ bank: { code: "0001", name: "みずほ" } });
      expect((answer.body as Items).items[0], q).toMatchObject({ code: "123", name: "戸越" });
    }
    // 全銀 reads 築地 ツキヂ; people type つきじ.
    expect(((await branches("0001", "?q=%E3%81%A4%E3%81%8D%E3%81%98")).body as Items).items[0]?.name).toBe(
      "築地",
    );
    const first = await branches("0001", "?limit=5");
    expect((first.body as Items).items.map((b) => b.code)).toEqual(["001", "004", "005", "009", "013"]);
    expect((first.body as Items).total).toBeGreaterThan(400);
    expect(await branches("0002")).toMatchObject({
      status: 404,
      body: { error: { code: "not-found", message: BANK_API_MESSAGES.bank_not_found } },
    });
    expect(await branches("12a4")).toMatchObject({
      status: 400,
      body: { error: { code: "invalid-argument" } },
    });
  });
});

describe.each(drivers)("the payout account, 法人/個人 and the payout form on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let store: Viewer;
  let cookie: string;
  const db = () => database.db;
  const storeRow = async () =>
    (
      await db()
        .select({ account: livers.account, is_individual: livers.is_individual })
        .from(livers)
        .where(eq(livers.uid, store.uid))
    )[0]!;
  const post = (url: string, values: Record<string, string>) =>
    call(url.startsWith("/liver/mypage/setting") ? settingsPage.action : convertPage.action, {
      context: rc.context,
      url,
      cookie,
      method: "POST",
      body: form(values),
    });

  const ACCOUNT = {
    intent: "bank_account",
    bank_code: "0001",
    bank_q: "みずほ（0001）",
    branch_code: "123",
    branch_q: "戸越（123）",
    account_type: "saving",
    account_number: "1234567",
    account_holder: "ヨルナビ　タロウ",
    current_password: FACTORY_PASSWORD,
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "payout_account" });
    rc = routeContext(db());
    store = await makeLiver(db(), { store_name: "クラブ 口座", status: "public" });
    cookie = await sessionCookie(rc.context, "liver", store.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
  });

  it.each([
    ["bank_code", "0002", BANK_ACCOUNT_MESSAGES.unknown_bank],
    ["branch_code", "002", BANK_ACCOUNT_MESSAGES.unknown_branch],
    ["bank_code", "", BANK_ACCOUNT_MESSAGES.bank_required],
    ["branch_code", "", BANK_ACCOUNT_MESSAGES.branch_required],
  ])(
    "refuses %s = %j with a message next to it, keeping the values (not the password)",
    async (name, value, message) => {
      const answer = await post("/liver/mypage/setting", { ...ACCOUNT, [name]: value });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        intent: "bank_account",
        errors: { [name]: message },
        values: { account_holder: "ヨルナビ　タロウ", account_number: "1234567", bank_q: "みずほ（0001）" },
      });
      expect((answer.body as { values: object }).values).not.toHaveProperty("current_password");
      expect((await storeRow()).account).toBeNull();
    },
  );

  it("names the bank and branch again after a refused save (a wrong password)", async () => {
    const answer = await post("/liver/mypage/setting", { ...ACCOUNT, current_password: "wrong-password-1" });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        errors: { current_password: "パスワードが間違っています" },
        bankChosen: { bank: { code: "0001", name: "みずほ" }, branch: { code: "123", name: "戸越" } },
      },
    });
  });

  it("saves an account of the data with its names, and shows them back on the page", async () => {
    const saved = await post("/liver/mypage/setting", { ...ACCOUNT, bank_code: "０００１" });
    expect(saved).toMatchObject({ status: 302, location: "/liver/mypage/setting?done=bank_account" });
    expect((await storeRow()).account).toEqual({
      account_holder: "ヨルナビ　タロウ",
      bank_code: "0001",
      bank_name: "みずほ",
      branch_code: "123",
      branch_name: "戸越",
      account_type: "saving",
      account_number: "1234567",
    });
    const page = await call(settingsPage.loader, {
      context: rc.context,
      url: "/liver/mypage/setting",
      cookie,
    });
    expect(page.body).toMatchObject({
      store: { account: { bank_name: "みずほ", branch_name: "戸越" }, is_individual: false },
    });
  });

  it("searches without JavaScript: banks, then the chosen bank's branches, every value kept", async () => {
    const typed = {
      ...ACCOUNT,
      bank_code: "0001",
      branch_code: "123",
      account_number: "7654321",
      account_holder: "カ）ヨルナビ",
    };
    const banks = await post("/liver/mypage/setting", {
      ...typed,
      intent: "bank_search",
      bank_q: "さんいすみとも",
    });
    // さんいすみとも is not a reading of 三井住友 (みついすみとも): nothing found, nothing lost.
    expect(banks).toMatchObject({ status: 200, body: { bankSearch: { kind: "bank", items: [], total: 0 } } });
    const found = await post("/liver/mypage/setting", {
      ...typed,
      intent: "bank_search",
      bank_q: "みついすみとも",
    });
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      intent: "bank_account",
      errors: {},
      values: { account_number: "7654321", account_holder: "カ）ヨルナビ", bank_q: "みついすみとも" },
      bankSearch: { kind: "bank" },
      bankChosen: { bank: { code: "0001", name: "みずほ" } },
    });
    expect((found.body as { bankSearch: Items }).bankSearch.items[0]).toMatchObject({
      code: "0009",
      name: "三井住友",
    });
    expect((found.body as { values: object }).values).not.toHaveProperty("current_password");

    // The radio of 三井住友 chosen, then its branches searched.
    const branches = await post("/liver/mypage/setting", {
      ...typed,
      intent: "branch_search",
      bank_code: "0009",
      branch_code: "",
      branch_q: "ほんてん",
    });
    expect(branches).toMatchObject({
      status: 200,
      body: {
        values: { bank_code: "0009", account_number: "7654321" },
        bankSearch: { kind: "branch", bank: { code: "0009", name: "三井住友" } },
        bankChosen: { bank: { code: "0009", name: "三井住友" }, branch: null },
      },
    });
    expect((branches.body as { bankSearch: Items }).bankSearch.items[0]).toMatchObject({
      name: "本店営業部",
    });
    // Without a bank there is nothing to search in.
    expect(
      await post("/liver/mypage/setting", {
        ...typed,
        intent: "branch_search",
        bank_code: "",
        branch_q: "本店",
      }),
    ).toMatchObject({ status: 400, body: { errors: { bank_code: BANK_ACCOUNT_MESSAGES.bank_required } } });
    // Searching saved nothing.
    expect((await storeRow()).account).toMatchObject({ bank_code: "0001", account_number: "1234567" });
  });

  it("asks 法人 or 個人 explicitly and saves it", async () => {
    expect(await post("/liver/mypage/setting", { intent: "tax_status" })).toMatchObject({
      status: 400,
      body: { errors: { is_individual: TAX_STATUS_TEXTS.required } },
    });
    expect(
      await post("/liver/mypage/setting", { intent: "tax_status", is_individual: "maybe" }),
    ).toMatchObject({
      status: 400,
    });
    expect(
      await post("/liver/mypage/setting", { intent: "tax_status", is_individual: "true" }),
    ).toMatchObject({
      status: 302,
      location: "/liver/mypage/setting?done=tax_status",
    });
    expect((await storeRow()).is_individual).toBe(true);
  });

  it("after a payout request the form starts afresh; the request and the operator see the names", async () => {
    // 20 bouquets given to the store and converted: 10,000 points.
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 20_000);
    const bought = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "bouquet", quantity: 20, idempotency_key: randomUUID() },
    });
    expect(bought.ok).toBe(true);
    const gift = await sendGift({
      db: db(),
      settings: DEFAULT_LIVE_SETTINGS,
      actor: listener,
      input: { item_id: "bouquet", quantity: 20, liver_id: store.uid, idempotency_key: randomUUID() },
    });
    expect(gift.ok).toBe(true);
    expect((await convertItems({ db: db(), actor: store, input: { idempotencyKey: randomUUID() } })).ok).toBe(
      true,
    );

    // The breakdown of 6,000 points, for an individual store, with the account it goes to.
    const url = "/liver/mypage/item/convert?points=6000";
    const confirm = await call(convertPage.loader, { context: rc.context, url, cookie });
    expect(confirm.body).toMatchObject({
      confirming: true,
      quote: {
        gross: 6000,
        withholding: 612,
        isIndividual: true,
        account: { bank_name: "みずほ", branch_name: "戸越", account_number: "1234567" },
      },
    });
    const key = (confirm.body as { key: string }).key;
    const requested = await post(url, { intent: "payout", points: "6000", idempotency_key: key });
    // A redirect to the page without the amount: the old amount is not asked about again.
    expect(requested.status).toBe(302);
    const next = new URL(requested.location ?? "", "http://localhost");
    expect(next.pathname).toBe("/liver/mypage/item/convert");
    expect(next.searchParams.has("points")).toBe(false);
    const after = await call(convertPage.loader, { context: rc.context, url: requested.location!, cookie });
    expect(after.body).toMatchObject({
      confirming: false,
      quote: { available: 4000 },
      flash: `振込を申請しました（お振込額 ${"¥5,058"}）`,
    });
    expect(JSON.stringify(after.body)).not.toContain(MONEY_TEXTS.payoutInsufficient);
    expect((after.body as { key: string }).key).not.toBe(key);

    const [request] = await db().select().from(payoutRequests).where(eq(payoutRequests.liver_id, store.uid));
    expect(request?.bank_account).toMatchObject({ bank_name: "みずほ", branch_name: "戸越" });
    const op = await makeOperator(db(), { authSecret: rc.context.env.authSecret });
    const list = await listPayoutsForOperator({
      db: db(),
      actor: { uid: op.uid, email: op.email, ip: "192.0.2.7" },
      input: { status: "pending" },
    });
    expect(list.rows.find((row) => row.liver_id === store.uid)?.bank_account).toMatchObject({
      bank_name: "みずほ",
      branch_name: "戸越",
    });
  });
});
