import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import { listeners, livers, mailOutbox, staffs, user } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { RATE_LIMITS } from "~/.server/rate-limit/rules";
import { registerListener } from "~/.server/services/accounts/register-listener";
import { requestPasswordReset } from "~/.server/services/accounts/request-password-reset";
import { resendVerification } from "~/.server/services/accounts/resend-verification";
import { resetPassword } from "~/.server/services/accounts/reset-password";
import { signIn } from "~/.server/services/accounts/sign-in";
import { verifyEmail } from "~/.server/services/accounts/verify-email";
import { insertCredentialUser } from "~/.server/services/shared/insert-credential-user";
import { powSecret } from "~/.server/services/shared/proof-of-work";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { createPowChallenge, encodePowPayload, solvePowChallenge } from "~/domain/pow";
import { type Driver, drivers, openTestDatabase, type TestDatabase } from "../support/databases";

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});

function linkOf(text: string, path: string): string {
  const match = text.match(new RegExp(`${env.baseUrl}${path}[^\\s<>"]*`));
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[0];
}

interface AccountServices {
  db: TestDatabase["db"];
  env: typeof env;
  mailer: ReturnType<typeof createMailer>;
  auth: ReturnType<typeof createAuth>;
}

/** A fresh database and the services the account use cases take, closed after the block. */
function useAccountServices(driver: Driver): { services: () => AccountServices } {
  let database: TestDatabase;
  let services: AccountServices;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "accounts" });
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
  return { services: () => services };
}

describe.each(drivers)("accounts on %s", (driver) => {
  const use = useAccountServices(driver);
  let services: AccountServices;
  beforeAll(() => {
    services = use.services();
  });
  let ip = 0;
  /** A fresh client address per call, so only the per-account limit can bite where a test wants it. */
  const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;

  async function lastMailTo(to: string) {
    const [mail] = await services.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(mailOutbox.created_at);
    const rows = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return rows.sort((a, b) => +b.created_at - +a.created_at)[0] ?? mail;
  }

  const listenerInput = (email: string) => ({
    email,
    password: "correct-horse-42",
    password_confirmation: "correct-horse-42",
    nickname: "たろう",
  });

  it("registers a listener, refuses sign-in until the address is verified, then signs in", async () => {
    const email = "taro@example.com";
    const registered = await registerListener({
      ...services,
      clientIp: nextIp(),
      input: listenerInput(email),
    });
    expect(registered).toMatchObject({ ok: true, mail: { status: "kept" } });
    if (!registered.ok) return;

    const [profile] = await services.db.select().from(listeners).where(eq(listeners.uid, registered.uid));
    expect(profile).toMatchObject({ email, nickname: "たろう" });
    const [account] = await services.db.select().from(user).where(eq(user.id, registered.uid));
    expect(account?.emailVerified).toBe(false);

    const before = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", identifier: email, password: "correct-horse-42" },
    });
    expect(before).toEqual({ ok: false, error: "not_verified", email });

    const mail = await lastMailTo(email);
    expect(mail?.kind).toBe("verify-email");
    const link = new URL(linkOf(mail!.text, "/listener/login"));
    expect(await verifyEmail({ auth: services.auth, token: link.searchParams.get("verify")! })).toBe(true);
    expect(await verifyEmail({ auth: services.auth, token: "not-a-token" })).toBe(false);

    const after = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", identifier: "TARO@example.com", password: "correct-horse-42" },
    });
    expect(after.ok).toBe(true);
    if (after.ok) expect(after.headers.get("set-cookie")).toMatch(/yoru\.session_token=/);
  });

  it("refuses a second account for a registered address, in any letter case", async () => {
    const result = await registerListener({
      ...services,
      clientIp: nextIp(),
      input: listenerInput("Taro@Example.com"),
    });
    expect(result).toEqual({ ok: false, error: "email_taken" });
    const rows = await services.db.select().from(user).where(eq(user.email, "taro@example.com"));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ["listener", "taro@example.com", "wrong-password-1", "wrong_password"],
    ["listener", "nobody@example.com", "correct-horse-42", "unknown_account"],
    ["liver", "taro@example.com", "correct-horse-42", "unknown_account"],
    ["staff", "taro@example.com", "correct-horse-42", "unknown_account"],
  ] as const)("at /%s/login %s with %s → %s", async (role, identifier, password, error) => {
    const result = await signIn({ ...services, clientIp: nextIp(), input: { role, identifier, password } });
    expect(result).toEqual({ ok: false, error });
  });

  it("signs a staff member in by login_id, case-insensitively, only at the staff login", async () => {
    const storeId = await insertCredentialUser(services.db, {
      email: "store@example.com",
      name: "Club A",
      password: "store-pass-123",
      emailVerified: true,
    });
    await services.db
      .insert(livers)
      .values({ uid: storeId, store_name: "Club A", email: "store@example.com" });
    const staffId = await insertCredentialUser(services.db, {
      email: "cast_mio@staff.invalid",
      name: "みお",
      password: "staff-pass-123",
      username: "Cast_Mio",
      emailVerified: true,
    });
    await services.db.insert(staffs).values({
      uid: staffId,
      liver_id: storeId,
      name: "みお",
      login_id: "Cast_Mio",
      login_email: "cast_mio@staff.invalid",
    });

    const ok = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "staff", identifier: "cast_mio", password: "staff-pass-123" },
    });
    expect(ok.ok).toBe(true);
    const asStore = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "liver", identifier: "cast_mio", password: "staff-pass-123" },
    });
    expect(asStore).toEqual({ ok: false, error: "unknown_account" });
    const store = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "liver", identifier: "store@example.com", password: "store-pass-123" },
    });
    expect(store.ok).toBe(true);
  });

  it("limits attempts per address across many accounts", async () => {
    const clientIp = "203.0.113.77";
    const results = [];
    for (let i = 0; i < RATE_LIMITS.loginPerIp.limit + 1; i++) {
      results.push(
        await signIn({
          ...services,
          clientIp,
          input: { role: "listener", identifier: `someone${i}@example.com`, password: "whatever-123" },
        }),
      );
    }
    expect(results.at(-2)).toEqual({ ok: false, error: "unknown_account" });
    expect(results.at(-1)).toEqual({ ok: false, error: "too_many_attempts" });
  });

  it("resends the verification mail only for unverified accounts", async () => {
    const registered = await registerListener({
      ...services,
      clientIp: nextIp(),
      input: listenerInput("hanako@example.com"),
    });
    expect(registered.ok).toBe(true);
    const resent = await resendVerification({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", email: "hanako@example.com" },
    });
    expect(resent).toMatchObject({ ok: true, mail: { status: "kept" } });
    const verified = await resendVerification({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", email: "taro@example.com" },
    });
    expect(verified).toEqual({ ok: true, mail: null });
  });

  it("resets a password with a single-use link", async () => {
    const requested = await requestPasswordReset({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", email: "taro@example.com" },
    });
    expect(requested).toEqual({ ok: true });
    const mail = await lastMailTo("taro@example.com");
    expect(mail?.kind).toBe("reset-password");
    const token = new URL(linkOf(mail!.text, "/listener/reset")).searchParams.get("token")!;

    expect(
      await resetPassword({ auth: services.auth, input: { token, password: "new-password-77" } }),
    ).toEqual({ ok: true });
    expect(
      await resetPassword({ auth: services.auth, input: { token, password: "again-password-77" } }),
    ).toEqual({
      ok: false,
      error: "invalid_token",
    });
    const oldPassword = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", identifier: "taro@example.com", password: "correct-horse-42" },
    });
    expect(oldPassword).toEqual({ ok: false, error: "wrong_password" });
    const newPassword = await signIn({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", identifier: "taro@example.com", password: "new-password-77" },
    });
    expect(newPassword.ok).toBe(true);
  });

  it("answers a reset request for an unknown address like any other, without a mail", async () => {
    const result = await requestPasswordReset({
      ...services,
      clientIp: nextIp(),
      input: { role: "listener", email: "ghost@example.com" },
    });
    expect(result).toEqual({ ok: true });
    expect(await lastMailTo("ghost@example.com")).toBeUndefined();
  });
});

// The sign-in limits' rules, walked through with many password checks (scrypt, ~0.2 s of CPU each):
// one database (docs/testing.md); the counters' SQL runs on both in the block above at every sign-in.
describe.each(drivers.slice(0, 1))("sign-in limits on %s", (driver) => {
  const use = useAccountServices(driver);
  let services: AccountServices;
  beforeAll(() => {
    services = use.services();
  });
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;

  it("locks one network out of an account after ten failures from it, even from changing addresses", async () => {
    const uid = await insertCredentialUser(services.db, {
      email: "limit@example.com",
      name: "limit",
      password: "right-password-1",
      emailVerified: true,
    });
    await services.db.insert(listeners).values({ uid, email: "limit@example.com", nickname: "limit" });
    const attempt = (password: string) =>
      signIn({
        ...services,
        clientIp: nextIp(),
        input: { role: "listener", identifier: "limit@example.com", password },
      });
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await attempt(`bad-${i}-password`));
    expect(results.slice(0, 10).map((r) => (r.ok ? "ok" : r.error))).toEqual(
      Array(10).fill("wrong_password"),
    );
    expect(results.slice(10)).toEqual([
      { ok: false, error: "too_many_attempts" },
      { ok: false, error: "too_many_attempts" },
    ]);
    // The right password does not get through either while the window lasts.
    expect(await attempt("right-password-1")).toEqual({ ok: false, error: "too_many_attempts" });
  });

  // ADR 0017: failures from everywhere no longer lock the owner out; they ask for a proof of work.
  it("from many networks: past the limit a sign-in needs a proof of work, which the owner's page sends", async () => {
    const uid = await insertCredentialUser(services.db, {
      email: "victim@example.com",
      name: "victim",
      password: "right-password-1",
      emailVerified: true,
    });
    await services.db.insert(listeners).values({ uid, email: "victim@example.com", nickname: "victim" });
    let network = 0;
    const attempt = (password: string, proof?: string) =>
      signIn({
        ...services,
        clientIp: `10.2.${network++}.9`, // a new /24 every time
        input: { role: "listener", identifier: "victim@example.com", password, proof },
      });
    const proof = async () => {
      const challenge = await createPowChallenge({ secret: powSecret(env), maxNumber: 1_000 });
      return encodePowPayload((await solvePowChallenge(challenge))!);
    };
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.limit; i++) {
      expect(await attempt(`bad-${i}-password`)).toEqual({ ok: false, error: "wrong_password" });
    }
    // Under attack: no proof, or a forged one, is refused with the contract's message.
    expect(await attempt("right-password-1")).toEqual({ ok: false, error: "too_many_attempts" });
    expect(await attempt("right-password-1", "bm90IGEgcHJvb2Y=")).toEqual({
      ok: false,
      error: "too_many_attempts",
    });
    // The attacker pays a proof per guess and still fails; the owner's login page sends one: in.
    expect(await attempt("bad-password-x", await proof())).toEqual({ ok: false, error: "wrong_password" });
    const solution = await proof();
    expect((await attempt("right-password-1", solution)).ok).toBe(true);
    // A proof is good for one sign-in.
    expect(await attempt("right-password-1", solution)).toEqual({ ok: false, error: "too_many_attempts" });
  });

  it("counts only failures per account: signing in correctly never locks the owner out", async () => {
    const uid = await insertCredentialUser(services.db, {
      email: "often@example.com",
      name: "often",
      password: "right-password-1",
      emailVerified: true,
    });
    await services.db.insert(listeners).values({ uid, email: "often@example.com", nickname: "often" });
    const attempt = (password: string, identifier = "often@example.com") =>
      signIn({ ...services, clientIp: nextIp(), input: { role: "listener", identifier, password } });
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.limit + 5; i++) {
      expect((await attempt("right-password-1")).ok, `sign-in ${i + 1}`).toBe(true);
    }
    // Failures under any spelling of the address share the account's counter.
    for (let i = 0; i < RATE_LIMITS.loginPerAccount.limit; i++) {
      await attempt(`bad-${i}-password`, i % 2 ? "OFTEN@example.com" : " often@example.com");
    }
    expect(await attempt("right-password-1")).toEqual({ ok: false, error: "too_many_attempts" });
  });
});
