import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/.server/auth/create-auth";
import type { Viewer } from "~/.server/auth/viewer";
import { listeners, livers, mailOutbox, session, user, verification } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { changeNickname } from "~/.server/services/accounts/change-nickname";
import { changePassword } from "~/.server/services/accounts/change-password";
import { confirmEmailChange } from "~/.server/services/accounts/confirm-email-change";
import { requestEmailChange } from "~/.server/services/accounts/request-email-change";
import { signIn } from "~/.server/services/accounts/sign-in";
import { updateMailSettings } from "~/.server/services/accounts/update-mail-settings";
import { insertCredentialUser } from "~/.server/services/shared/insert-credential-user";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});

const PASSWORD = "correct-horse-42";

describe.each(drivers)("account settings on %s", (driver) => {
  let database: TestDatabase;
  let services: {
    db: TestDatabase["db"];
    env: typeof env;
    mailer: ReturnType<typeof createMailer>;
    auth: ReturnType<typeof createAuth>;
  };
  let ip = 0;
  const nextIp = () => `198.51.100.${(ip++ % 250) + 1}`;
  let seq = 0;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "account_settings" });
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

  /** A verified listener with its profile; the actor as requireViewer would give it. */
  async function makeListener(nickname = "たろう"): Promise<Viewer> {
    const email = `listener-${++seq}@example.com`;
    const uid = await insertCredentialUser(services.db, {
      email,
      name: nickname,
      password: PASSWORD,
      emailVerified: true,
    });
    await services.db.insert(listeners).values({ uid, email, nickname });
    return { type: "listener", uid, name: nickname, email };
  }

  async function makeLiver(): Promise<Viewer> {
    const email = `store-${++seq}@example.com`;
    const uid = await insertCredentialUser(services.db, {
      email,
      name: "Club A",
      password: PASSWORD,
      emailVerified: true,
    });
    await services.db.insert(livers).values({ uid, store_name: "Club A", email });
    return { type: "liver", uid, name: "Club A", email };
  }

  const signInAs = (role: "listener" | "liver", identifier: string, password: string) =>
    signIn({ ...services, clientIp: nextIp(), input: { role, identifier, password } });

  /** The Cookie header of a signed-in browser, from the Set-Cookie headers of sign-in. */
  async function sessionHeaders(role: "listener" | "liver", email: string, password = PASSWORD) {
    const result = await signInAs(role, email, password);
    if (!result.ok) throw new Error(`sign-in failed: ${result.error}`);
    const cookie = result.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return new Headers({ cookie });
  }

  async function listenerRow(uid: string) {
    const [row] = await services.db.select().from(listeners).where(eq(listeners.uid, uid));
    return row!;
  }
  async function userRow(uid: string) {
    const [row] = await services.db.select().from(user).where(eq(user.id, uid));
    return row!;
  }
  async function lastMailTo(to: string) {
    const rows = await services.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    return rows.sort((a, b) => +b.created_at - +a.created_at)[0];
  }
  function tokenOf(text: string, role: string): string {
    const match = text.match(new RegExp(`${env.baseUrl}/${role}/mypage/setting\\?email_token=([^\\s<>"]+)`));
    if (!match) throw new Error(`no confirmation link in:\n${text}`);
    return decodeURIComponent(match[1]!);
  }

  it("changes the nickname on the profile and the auth user, and nothing of another account", async () => {
    const a = await makeListener("あいこ");
    const b = await makeListener("べにこ");
    const bBefore = await listenerRow(b.uid);
    expect(
      await changeNickname({ db: services.db, actor: a, input: { nickname: "  新しい名前  " } }),
    ).toEqual({
      ok: true,
      nickname: "新しい名前",
    });
    expect((await listenerRow(a.uid)).nickname).toBe("新しい名前");
    expect((await userRow(a.uid)).name).toBe("新しい名前");
    expect(await listenerRow(b.uid)).toEqual(bBefore);
    expect((await userRow(b.uid)).name).toBe("べにこ");
  });

  it("refuses an invalid nickname and a nickname change by a store", async () => {
    const a = await makeListener();
    await expect(
      changeNickname({ db: services.db, actor: a, input: { nickname: "あ".repeat(21) } }),
    ).rejects.toThrow();
    const store = await makeLiver();
    expect(await changeNickname({ db: services.db, actor: store, input: { nickname: "x" } })).toEqual({
      ok: false,
      error: "forbidden",
    });
  });

  it("round-trips the mail settings of a listener and of a store, touching only the actor", async () => {
    const a = await makeListener();
    const b = await makeListener();
    expect((await listenerRow(a.uid)).mail_setting).toEqual({
      following_live: true,
      following_instagram: true,
      following_tiktok: true,
      official_information: true,
    });
    const setting = {
      following_live: false,
      following_instagram: true,
      following_tiktok: false,
      official_information: false,
    };
    expect(await updateMailSettings({ db: services.db, actor: a, input: { mail_setting: setting } })).toEqual(
      {
        ok: true,
      },
    );
    expect((await listenerRow(a.uid)).mail_setting).toEqual(setting);
    expect((await listenerRow(b.uid)).mail_setting.following_live).toBe(true);

    const store = await makeLiver();
    const storeSetting = { message_to_staff: false, item_to_staff: true, official_information: false };
    await updateMailSettings({ db: services.db, actor: store, input: { mail_setting: storeSetting } });
    const [row] = await services.db.select().from(livers).where(eq(livers.uid, store.uid));
    expect(row?.mail_setting).toEqual(storeSetting);

    // A listener's flags are not a store's: refused before anything is written.
    await expect(
      updateMailSettings({ db: services.db, actor: store, input: { mail_setting: setting } }),
    ).rejects.toThrow();
  });

  it("changes the password only with the right current one; the new one signs in, the old does not", async () => {
    const a = await makeListener();
    const headers = await sessionHeaders("listener", a.email);
    const otherDevice = await sessionHeaders("listener", a.email);

    const wrong = await changePassword({
      auth: services.auth,
      actor: a,
      headers,
      input: {
        current_password: "not-my-password",
        password: "brand-new-pass-1",
        password_confirmation: "brand-new-pass-1",
      },
    });
    expect(wrong).toEqual({ ok: false, error: "wrong_password" });
    expect((await signInAs("listener", a.email, "brand-new-pass-1")).ok).toBe(false);
    expect(await services.auth.api.getSession({ headers: otherDevice })).not.toBeNull();

    const changed = await changePassword({
      auth: services.auth,
      actor: a,
      headers,
      input: {
        current_password: PASSWORD,
        password: "brand-new-pass-1",
        password_confirmation: "brand-new-pass-1",
      },
    });
    expect(changed.ok).toBe(true);
    if (!changed.ok) return;
    // This device gets a new session cookie; every earlier session has ended.
    expect(changed.headers.getSetCookie().join()).toMatch(/yoru\.session_token=/);
    expect(await services.auth.api.getSession({ headers: otherDevice })).toBeNull();
    expect(await services.auth.api.getSession({ headers })).toBeNull();

    expect(await signInAs("listener", a.email, PASSWORD)).toEqual({ ok: false, error: "wrong_password" });
    expect((await signInAs("listener", a.email, "brand-new-pass-1")).ok).toBe(true);
  });

  it("refuses a password change through another account's session", async () => {
    const a = await makeListener();
    const b = await makeListener();
    const bHeaders = await sessionHeaders("listener", b.email);
    const result = await changePassword({
      auth: services.auth,
      actor: a,
      headers: bHeaders,
      input: {
        current_password: PASSWORD,
        password: "brand-new-pass-2",
        password_confirmation: "brand-new-pass-2",
      },
    });
    expect(result).toEqual({ ok: false, error: "forbidden" });
    expect((await signInAs("listener", b.email, PASSWORD)).ok).toBe(true);
  });

  it("changes the e-mail address only after the link sent to the new address is opened", async () => {
    const a = await makeListener();
    const b = await makeListener();
    const bBefore = { listener: await listenerRow(b.uid), user: await userRow(b.uid) };
    const newEmail = `renamed-${seq}@example.com`;
    const thisDevice = await sessionHeaders("listener", a.email);
    const otherDevice = await sessionHeaders("listener", a.email);

    // Wrong password, the own address, an address of another account: refused, nothing sent.
    expect(
      await requestEmailChange({
        ...services,
        actor: a,
        input: { email: newEmail, current_password: "nope-nope-1" },
      }),
    ).toEqual({ ok: false, error: "wrong_password" });
    expect(
      await requestEmailChange({
        ...services,
        actor: a,
        input: { email: a.email.toUpperCase(), current_password: PASSWORD },
      }),
    ).toEqual({ ok: false, error: "same_email" });
    expect(
      await requestEmailChange({
        ...services,
        actor: a,
        input: { email: b.email, current_password: PASSWORD },
      }),
    ).toEqual({ ok: false, error: "email_taken" });
    expect(await lastMailTo(newEmail)).toBeUndefined();

    const requested = await requestEmailChange({
      ...services,
      actor: a,
      input: { email: newEmail.toUpperCase(), current_password: PASSWORD },
    });
    expect(requested).toMatchObject({ ok: true, email: newEmail, mail: { status: "kept" } });
    const mail = await lastMailTo(newEmail);
    expect(mail?.kind).toBe("change-email");
    expect(mail?.subject).toMatch(/メールアドレス変更の確認/);
    const token = tokenOf(mail!.text, "listener");

    // Not yet changed: the old address still signs in, the new one is unknown.
    expect((await userRow(a.uid)).email).toBe(a.email);
    expect((await signInAs("listener", a.email, PASSWORD)).ok).toBe(true);
    expect(await signInAs("listener", newEmail, PASSWORD)).toEqual({ ok: false, error: "unknown_account" });

    // The link opened by another signed-in account does nothing and stays usable.
    expect(await confirmEmailChange({ ...services, actor: b, input: { token } })).toEqual({
      ok: false,
      error: "wrong_account",
    });
    expect(await confirmEmailChange({ ...services, actor: a, input: { token: "forged-token" } })).toEqual({
      ok: false,
      error: "invalid_token",
    });

    const current = await services.auth.api.getSession({ headers: thisDevice });
    expect(
      await confirmEmailChange({
        ...services,
        actor: a,
        input: { token, keepSessionId: current!.session.id },
      }),
    ).toEqual({ ok: true, email: newEmail });

    expect(await userRow(a.uid)).toMatchObject({ email: newEmail, emailVerified: true });
    expect((await listenerRow(a.uid)).email).toBe(newEmail);
    // The old address is told, with the new one masked.
    const notice = await lastMailTo(a.email);
    expect(notice?.kind).toBe("email-changed-notice");
    expect(notice?.subject).toContain("メールアドレスが変更されました");
    expect(notice?.text).not.toContain(newEmail);
    // This device stays signed in (and sees the new address); the other device is signed out.
    expect((await services.auth.api.getSession({ headers: thisDevice }))?.user.email).toBe(newEmail);
    expect(await services.auth.api.getSession({ headers: otherDevice })).toBeNull();

    expect((await signInAs("listener", newEmail, PASSWORD)).ok).toBe(true);
    expect(await signInAs("listener", a.email, PASSWORD)).toEqual({ ok: false, error: "unknown_account" });

    // Single use.
    expect(await confirmEmailChange({ ...services, actor: a, input: { token } })).toEqual({
      ok: false,
      error: "invalid_token",
    });
    // The other account is untouched.
    expect(await listenerRow(b.uid)).toEqual(bBefore.listener);
    expect(await userRow(b.uid)).toEqual(bBefore.user);
  });

  it("refuses the link when the address was taken after the request, and an expired link", async () => {
    const a = await makeListener();
    const wanted = `wanted-${seq}@example.com`;
    await requestEmailChange({ ...services, actor: a, input: { email: wanted, current_password: PASSWORD } });
    const token = tokenOf((await lastMailTo(wanted))!.text, "listener");
    const other = await insertCredentialUser(services.db, {
      email: wanted,
      name: "横取り",
      password: PASSWORD,
      emailVerified: true,
    });
    await services.db.insert(listeners).values({ uid: other, email: wanted, nickname: "横取り" });
    expect(await confirmEmailChange({ ...services, actor: a, input: { token } })).toEqual({
      ok: false,
      error: "email_taken",
    });
    expect((await userRow(a.uid)).email).toBe(a.email);

    const later = `later-${seq}@example.com`;
    await requestEmailChange({ ...services, actor: a, input: { email: later, current_password: PASSWORD } });
    const expired = tokenOf((await lastMailTo(later))!.text, "listener");
    await services.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `change-email:${expired}`));
    expect(await confirmEmailChange({ ...services, actor: a, input: { token: expired } })).toEqual({
      ok: false,
      error: "invalid_token",
    });
  });

  it("a newer request replaces an older one", async () => {
    const a = await makeListener();
    const first = `first-${seq}@example.com`;
    const second = `second-${seq}@example.com`;
    await requestEmailChange({ ...services, actor: a, input: { email: first, current_password: PASSWORD } });
    const firstToken = tokenOf((await lastMailTo(first))!.text, "listener");
    await requestEmailChange({ ...services, actor: a, input: { email: second, current_password: PASSWORD } });
    expect(await confirmEmailChange({ ...services, actor: a, input: { token: firstToken } })).toEqual({
      ok: false,
      error: "invalid_token",
    });
    const secondToken = tokenOf((await lastMailTo(second))!.text, "listener");
    expect(await confirmEmailChange({ ...services, actor: a, input: { token: secondToken } })).toEqual({
      ok: true,
      email: second,
    });
  });

  it("changes a store's e-mail on the auth user and livers.email; staff cannot ask for it", async () => {
    const store = await makeLiver();
    const newEmail = `store-new-${seq}@example.com`;
    await requestEmailChange({
      ...services,
      actor: store,
      input: { email: newEmail, current_password: PASSWORD },
    });
    const token = tokenOf((await lastMailTo(newEmail))!.text, "liver");
    expect(await confirmEmailChange({ ...services, actor: store, input: { token } })).toEqual({
      ok: true,
      email: newEmail,
    });
    const [row] = await services.db.select().from(livers).where(eq(livers.uid, store.uid));
    expect(row?.email).toBe(newEmail);
    expect(await userRow(store.uid)).toMatchObject({ email: newEmail, emailVerified: true });
    // Without keepSessionId every session of the account ends.
    expect(await services.db.select().from(session).where(eq(session.userId, store.uid))).toEqual([]);
    expect((await signInAs("liver", newEmail, PASSWORD)).ok).toBe(true);

    const staffActor: Viewer = { type: "staff", uid: store.uid, name: "x", email: newEmail };
    expect(
      await requestEmailChange({
        ...services,
        actor: staffActor,
        input: { email: "s@example.com", current_password: PASSWORD },
      }),
    ).toEqual({ ok: false, error: "forbidden" });
  });
});
