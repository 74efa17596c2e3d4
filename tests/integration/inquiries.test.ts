import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { contactMessages, mailOutbox, shopEntryRequests, spentChallenges } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { diskObjectStorage } from "~/.server/integrations/storage/disk-storage";
import { imageStorage } from "~/.server/integrations/storage/image-storage";
import { RATE_LIMITS } from "~/.server/rate-limit/rules";
import { powSecret } from "~/.server/services/shared/proof-of-work";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { CONTACT_MESSAGES } from "~/domain/contact";
import {
  createPowChallenge,
  encodePowPayload,
  POW_MESSAGES,
  type PowChallenge,
  solvePowChallenge,
} from "~/domain/pow";
import { SHOP_ENTRY_MESSAGES } from "~/domain/shop-entry";
import { TEXT_FIELD_MESSAGES } from "~/domain/text-fields";
import { loader as challengeLoader } from "~/routes/api/challenge";
import * as contactRoute from "~/routes/inquiry/contact";
import * as confirmRoute from "~/routes/inquiry/contact-confirm";
import * as shopEntryRoute from "~/routes/inquiry/shop-entry";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { CONTACT_FORM, SHOP_ENTRY_FORM } from "../support/inquiry-forms";

// The contact form and the listing request through their route actions, as a browser posts them:
// field messages and status codes, the proof of work (missing, forged, expired, replayed), the
// per-IP limits, what is stored and what is mailed.

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});
const ORIGIN = env.baseUrl;
const OPERATOR = env.operator.email;

const CONTACT = CONTACT_FORM;
const SHOP = SHOP_ENTRY_FORM;

const BAD_INPUT: [string, Record<string, string>, Record<string, string>][] = [
  ["empty fields", { name: "", email: "", category: "", message: "" }, { name: "入力してください" }],
  [
    "a 10,000-character message",
    { message: "あ".repeat(10_000) },
    { message: "お問い合わせ内容は1000文字以内で入力してください" },
  ],
  ["an invalid e-mail", { email: "taro@@example" }, { email: "正しいメールアドレスを入力してください" }],
  ["script tags", { message: "<script>alert(1)</script>" }, { message: TEXT_FIELD_MESSAGES.markup }],
];

type ActionResult = Response | { data: unknown; init: ResponseInit | null };

function statusOf(result: ActionResult): number {
  return result instanceof Response ? result.status : (result.init?.status ?? 200);
}

function bodyOf(result: ActionResult): {
  values?: Record<string, unknown>;
  errors?: Record<string, string>;
  error?: string;
} {
  if (result instanceof Response) throw new Error(`expected data, got a ${result.status} response`);
  return result.data as never;
}

/** `name=value` of every Set-Cookie of a response, as a Cookie header would send them back. */
function cookiesOf(result: ActionResult): string {
  if (!(result instanceof Response)) return "";
  return result.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe.each(drivers)("contact and listing requests on %s", (driver) => {
  let database: TestDatabase;
  let context: Omit<AppLoadContext, "clientIp">;
  let ip = 0;
  const nextIp = () => `203.0.113.${(ip++ % 250) + 1}`;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "inquiries" });
    const db = database.db;
    const mailer = createMailer({ db, env });
    context = {
      db,
      env,
      mailer,
      auth: createAuth({ db, env, mailer, onEmailVerified: (uid) => publishVerifiedStore({ db, uid }) }),
      images: imageStorage(
        diskObjectStorage(path.join(mkdtempSync(path.join(tmpdir(), "inquiries-")), "uploads")),
      ),
      nonce: "test",
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  /** A solved challenge, as the browser would submit it (a small range keeps the tests fast). */
  async function solution(options: { now?: Date; secret?: string; challenge?: PowChallenge } = {}) {
    const challenge =
      options.challenge ??
      (await createPowChallenge({
        secret: options.secret ?? powSecret(env),
        now: options.now,
        maxNumber: 300,
      }));
    const solved = await solvePowChallenge(challenge);
    if (!solved) throw new Error("test challenge not solved");
    return encodePowPayload(solved);
  }

  async function post(
    route: { action: (args: never) => Promise<unknown> },
    pathname: string,
    fields: Record<string, string>,
    { cookie = "", clientIp = "192.0.2.1" }: { cookie?: string; clientIp?: string } = {},
  ): Promise<ActionResult> {
    const request = new Request(`${ORIGIN}${pathname}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: cookie ? { cookie } : {},
    });
    return (await route.action({
      request,
      context: { ...context, clientIp },
      params: {},
    } as never)) as ActionResult;
  }

  const rows = async (table: typeof contactMessages | typeof shopEntryRequests | typeof spentChallenges) =>
    Number((await database.db.select({ n: count() }).from(table))[0]?.n ?? 0);
  const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

  describe("/contact", () => {
    it.each(BAD_INPUT)(
      "refuses %s with 400 and the field message; nothing is kept",
      async (_name, change, errors) => {
        const before = { messages: await rows(contactMessages), spent: await rows(spentChallenges) };
        const result = await post(contactRoute, "/contact", {
          ...CONTACT,
          ...change,
          altcha: await solution(),
        });
        expect(statusOf(result)).toBe(400);
        expect(bodyOf(result).errors).toMatchObject(errors);
        expect(cookiesOf(result)).toBe("");
        expect(await rows(contactMessages)).toBe(before.messages);
        expect(await rows(spentChallenges)).toBe(before.spent);
      },
    );

    it("keeps the values of a refused form (never the solution)", async () => {
      const result = await post(contactRoute, "/contact", {
        ...CONTACT,
        email: "bad",
        altcha: await solution(),
      });
      expect(bodyOf(result).values).toEqual({ ...CONTACT, email: "bad" });
    });

    it("refuses a post without a solution, with the reason and the values kept", async () => {
      const result = await post(contactRoute, "/contact", CONTACT);
      expect(statusOf(result)).toBe(400);
      expect(bodyOf(result)).toEqual({ values: CONTACT, errors: { _form: POW_MESSAGES.missing } });
    });

    it.each([
      ["garbage", async () => "bm90LWEtc29sdXRpb24=", POW_MESSAGES.malformed],
      [
        "a challenge signed with another key",
        () => solution({ secret: "someone-else-entirely" }),
        POW_MESSAGES.signature,
      ],
      [
        "an expired challenge (issued 31 minutes ago)",
        () => solution({ now: new Date(Date.now() - 31 * 60 * 1000) }),
        POW_MESSAGES.expired,
      ],
    ])("refuses %s", async (_name, make, message) => {
      const result = await post(contactRoute, "/contact", { ...CONTACT, altcha: await make() });
      expect(statusOf(result)).toBe(400);
      expect(bodyOf(result).errors).toEqual({ _form: message });
      expect(cookiesOf(result)).toBe("");
    });

    it("goes input → confirm → complete: stores the message once, mails the operator and the sender", async () => {
      const clientIp = nextIp();
      const email = `contact-${driver}@example.com`;
      const altcha = await solution();
      const input = await post(contactRoute, "/contact", { ...CONTACT, email, altcha }, { clientIp });
      expect(statusOf(input)).toBe(302);
      expect((input as Response).headers.get("location")).toBe("/contact/confirm");
      const draft = cookiesOf(input);
      expect(draft).toMatch(/^contact_draft=/);
      // Entering does not store anything yet.
      expect(
        await database.db.select().from(contactMessages).where(eq(contactMessages.email, email)),
      ).toEqual([]);

      const sent = await post(confirmRoute, "/contact/confirm", {}, { cookie: draft, clientIp });
      expect(statusOf(sent)).toBe(302);
      expect((sent as Response).headers.get("location")).toBe("/contact/complete");
      expect(cookiesOf(sent)).toMatch(/contact_draft=;.*contact_done=/s);

      const stored = await database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ ...CONTACT, email, client_ip: clientIp, status: "new" });

      const [reply] = await mailsTo(email);
      expect(reply).toMatchObject({
        kind: "contact-auto-reply",
        subject: "【ヨルナビ】お問い合わせを受け付けました",
      });
      // The receipt, never the free text: the reply goes to whatever address was typed.
      expect(reply?.text).not.toContain(CONTACT.message);
      expect(reply?.text).toContain(stored[0]!.id);
      const operatorMail = (await mailsTo(OPERATOR)).find(
        (mail) => mail.meta.contactMessageId === stored[0]?.id,
      );
      expect(operatorMail?.subject).toBe(
        "【ヨルナビ】お問い合わせ：サービスの使い方について（山田 太郎 様）",
      );
      expect(operatorMail?.text).toContain(email);
      expect(operatorMail?.text).toContain(clientIp);

      // The same draft sent again (a replayed request) is refused: one message, not two.
      const again = await post(confirmRoute, "/contact/confirm", {}, { cookie: draft, clientIp });
      expect(statusOf(again)).toBe(400);
      expect(bodyOf(again).error).toContain(POW_MESSAGES.replayed);
      // …and the solution itself cannot start another message.
      const reused = await post(contactRoute, "/contact", { ...CONTACT, email, altcha }, { clientIp });
      expect(bodyOf(reused).errors).toEqual({ _form: POW_MESSAGES.replayed });
      expect(
        await database.db.select().from(contactMessages).where(eq(contactMessages.email, email)),
      ).toHaveLength(1);
    });

    it("keeps the per-IP limit: the sixth message within the hour is refused with 429 and not stored", async () => {
      const clientIp = nextIp();
      const email = `limited-${driver}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.contactPerIp.limit; i++) {
        const input = await post(
          contactRoute,
          "/contact",
          { ...CONTACT, email, altcha: await solution() },
          { clientIp },
        );
        const sent = await post(confirmRoute, "/contact/confirm", {}, { cookie: cookiesOf(input), clientIp });
        statuses.push(statusOf(sent));
        if (statusOf(sent) === 429) expect(bodyOf(sent).error).toBe(CONTACT_MESSAGES.too_many_requests);
      }
      expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
      const stored = await database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
      expect(stored).toHaveLength(RATE_LIMITS.contactPerIp.limit);
    });

    it("sends the draft back to the input step without one (expired cookie)", async () => {
      const result = await post(confirmRoute, "/contact/confirm", {});
      expect((result as Response).headers.get("location")).toBe("/contact?expired=1");
    });
  });

  describe("/shop_entry", () => {
    it.each(BAD_INPUT.map(([name, change, errors]) => [name, change, errors] as const))(
      "refuses %s with 400 and the field message; nothing is stored",
      async (_name, change, errors) => {
        const renamed = Object.fromEntries(
          Object.entries(change).map(([key, value]) => [key === "name" ? "store_name" : key, value]),
        );
        const expected = Object.fromEntries(
          Object.entries(errors).map(([key, value]) => [
            key === "name" ? "store_name" : key,
            key === "message" && value.startsWith("お問い合わせ内容")
              ? value.replace("お問い合わせ内容", "ご要望・ご質問")
              : value,
          ]),
        );
        const before = await rows(shopEntryRequests);
        const result = await post(shopEntryRoute, "/shop_entry", {
          ...SHOP,
          ...renamed,
          altcha: await solution(),
        });
        expect(statusOf(result)).toBe(400);
        expect(bodyOf(result).errors).toMatchObject(expected);
        expect(await rows(shopEntryRequests)).toBe(before);
      },
    );

    it("refuses a request without a solution and stores nothing", async () => {
      const before = await rows(shopEntryRequests);
      const result = await post(shopEntryRoute, "/shop_entry", SHOP);
      expect(statusOf(result)).toBe(400);
      expect(bodyOf(result)).toMatchObject({
        errors: { _form: POW_MESSAGES.missing },
        values: { store_name: SHOP.store_name },
      });
      expect(await rows(shopEntryRequests)).toBe(before);
    });

    it("stores a request solved with a challenge of GET /api/challenge, mails both sides, refuses the replay", async () => {
      const clientIp = nextIp();
      const email = `shop-${driver}@example.com`;
      const response = (await challengeLoader({ context: { ...context, clientIp } } as never)) as Response;
      expect(response.headers.get("cache-control")).toBe("no-store");
      const altcha = await solution({ challenge: (await response.json()) as PowChallenge });

      const result = await post(shopEntryRoute, "/shop_entry", { ...SHOP, email, altcha }, { clientIp });
      expect(statusOf(result)).toBe(302);
      expect((result as Response).headers.get("location")).toBe("/shop_entry?sent=1");
      const stored = await database.db
        .select()
        .from(shopEntryRequests)
        .where(eq(shopEntryRequests.email, email));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ ...SHOP, email, phone_number: "090-1234-5678", client_ip: clientIp });

      const [ack] = await mailsTo(email);
      expect(ack?.subject).toBe("【ヨルナビ】掲載リクエストを受け付けました");
      expect(ack?.text).toContain(`${ORIGIN}/liver/registration`);
      expect(ack?.html).toContain(`href="${ORIGIN}/liver/registration"`);
      const operatorMail = (await mailsTo(OPERATOR)).find(
        (mail) => mail.meta.shopEntryRequestId === stored[0]?.id,
      );
      expect(operatorMail?.subject).toBe("【ヨルナビ】掲載リクエスト：Girls Bar ルナ");
      expect(operatorMail?.text).toContain("東京都 新宿区歌舞伎町");

      const replay = await post(shopEntryRoute, "/shop_entry", { ...SHOP, email, altcha }, { clientIp });
      expect(statusOf(replay)).toBe(400);
      expect(bodyOf(replay).errors).toEqual({ _form: POW_MESSAGES.replayed });
      expect(
        await database.db.select().from(shopEntryRequests).where(eq(shopEntryRequests.email, email)),
      ).toHaveLength(1);
    });

    it("redeems a solution once even when two requests carry it at the same moment", async () => {
      const email = `race-${driver}@example.com`;
      const altcha = await solution();
      const results = await Promise.all(
        [nextIp(), nextIp()].map((clientIp) =>
          post(shopEntryRoute, "/shop_entry", { ...SHOP, email, altcha }, { clientIp }),
        ),
      );
      expect(results.map(statusOf).sort()).toEqual([302, 400]);
      expect(
        await database.db.select().from(shopEntryRequests).where(eq(shopEntryRequests.email, email)),
      ).toHaveLength(1);
    });

    it("keeps the per-IP limit: the sixth request within the hour is refused with 429", async () => {
      const clientIp = nextIp();
      const email = `shop-limited-${driver}@example.com`;
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.shopEntryPerIp.limit; i++) {
        const result = await post(
          shopEntryRoute,
          "/shop_entry",
          { ...SHOP, email, altcha: await solution() },
          { clientIp },
        );
        statuses.push(statusOf(result));
        if (statusOf(result) === 429)
          expect(bodyOf(result).errors).toEqual({ _form: SHOP_ENTRY_MESSAGES.too_many_requests });
      }
      expect(statuses).toEqual([302, 302, 302, 302, 302, 429]);
      expect(
        await database.db.select().from(shopEntryRequests).where(eq(shopEntryRequests.email, email)),
      ).toHaveLength(RATE_LIMITS.shopEntryPerIp.limit);
      // Another address is not affected.
      const other = await post(
        shopEntryRoute,
        "/shop_entry",
        { ...SHOP, email, altcha: await solution() },
        { clientIp: nextIp() },
      );
      expect(statusOf(other)).toBe(302);
    });
  });
});
