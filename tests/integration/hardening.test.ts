import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { listeners, user } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { registrationDraft } from "~/.server/http/registration-draft";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { signIn } from "~/.server/services/accounts/sign-in";
import { searchStaffs } from "~/.server/services/directory/search-staffs";
import { insertCredentialUser } from "~/.server/services/shared/insert-credential-user";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { parseStaffSearch } from "~/domain/directory-search";
import type { RegisterListenerInput } from "~/domain/listener-registration";
import * as confirm from "~/routes/listener/registration-confirm";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { TEST_VAPID } from "../support/production-env";
import { call, type RouteContext, routeContext } from "../support/routes";

// ADR 0017 on a real database: what used to answer 500.
describe.each(drivers)("hardening on %s", (driver) => {
  let database: TestDatabase;
  let routes: RouteContext;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "hardening" });
    routes = routeContext(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("a registration draft sealed with a NUL nickname goes back to the input step, nothing stored", async () => {
    const draft: RegisterListenerInput = {
      email: "nul-draft@example.com",
      password: "nul-draft-pass-1",
      password_confirmation: "nul-draft-pass-1",
      nickname: "a\u0000b",
    };
    const cookie = registrationDraft<RegisterListenerInput>(routes.context.env, "listener")
      .write(draft)
      .split(";")[0]!;
    const answer = await call(confirm.action, {
      context: routes.context,
      url: "/listener/registration/confirm",
      method: "POST",
      cookie,
      body: new URLSearchParams(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer).toMatchObject({ status: 302, location: "/listener/registration" });
    const rows = await database.db.select().from(user).where(eq(user.email, "nul-draft@example.com"));
    expect(rows).toEqual([]);
  });

  it("age and height filters at the smallint bound search; one past it is a 400 message, not a query", async () => {
    const atBound = parseStaffSearch(new URLSearchParams("ageFrom=32767&heightTo=32767"));
    expect(atBound.ok).toBe(true);
    if (!atBound.ok) return;
    const result = await searchStaffs({ db: database.db, actor: null, input: atBound.value });
    expect(result.items).toEqual([]);
    expect(parseStaffSearch(new URLSearchParams("ageFrom=32768"))).toEqual({
      ok: false,
      message: "年齢（下限）は0〜32767の数字で指定してください",
    });
  });

  it("the session cookie is Secure in production behind a TLS proxy, even with an http BASE_URL", async () => {
    const env = parseEnv({
      NODE_ENV: "production",
      AUTH_SECRET: "integration-test-secret-0123456789abcdef",
      BASE_URL: "http://yoru.example",
      TRUST_PROXY: "loopback",
      OPERATOR_NAME: "株式会社ヨルナビ",
      OPERATOR_REPRESENTATIVE: "夜野 太郎",
      OPERATOR_ADDRESS: "東京都新宿区歌舞伎町1-2-3",
      OPERATOR_PHONE: "03-1234-5678",
      OPERATOR_EMAIL: "support@yoru-navi.example",
      ...TEST_VAPID,
    });
    const mailer = createMailer({ db: database.db, env });
    const auth = createAuth({
      db: database.db,
      env,
      mailer,
      onEmailVerified: (uid) => publishVerifiedStore({ db: database.db, uid }),
    });
    const uid = await insertCredentialUser(database.db, {
      email: "secure-cookie@example.com",
      name: "secure",
      password: "secure-pass-123",
      emailVerified: true,
    });
    await database.db
      .insert(listeners)
      .values({ uid, email: "secure-cookie@example.com", nickname: "secure" });
    const result = await signIn({
      db: database.db,
      auth,
      clientIp: "192.0.2.50",
      input: { role: "listener", identifier: "secure-cookie@example.com", password: "secure-pass-123" },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const session = result.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(session).toMatch(/^__Secure-yoru\.session_token=/);
    expect(session).toMatch(/;\s*Secure/i);
  });
});
