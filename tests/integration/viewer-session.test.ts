import { eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer } from "~/.server/auth/viewer";
import { listeners, operatorSessions, session, staffs } from "~/.server/db/schema";
import { listenerContextOf } from "~/.server/services/shared/listener-context";
import { matchingMask } from "~/domain/matching";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie } from "../support/operators";
import { routeContext, sessionCookie } from "../support/routes";

/**
 * The viewer is read in one statement (ADR 0034) instead of through better-auth's getSession:
 * every case here is checked against what better-auth itself says of the same cookie.
 */
describe.each(drivers)("the viewer of a session cookie on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "viewer" });
    ({ context } = routeContext(database.db));
  });
  afterAll(async () => {
    await database?.close();
  });

  const viewerOf = (cookie: string | null) =>
    getViewer(new Request("http://localhost:3999/", { headers: cookie ? { cookie } : {} }), context);
  const authSays = async (cookie: string) =>
    context.auth.api.getSession({ headers: new Headers({ cookie }) });
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split("=")[1] ?? "").split(".")[0] ?? "";

  it("finds the account and its kind, as better-auth does", async () => {
    const listener = await makeListener(database.db);
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const viewer = await viewerOf(cookie);
    expect(viewer).toEqual({
      type: "listener",
      uid: listener.uid,
      name: listener.name,
      email: listener.email,
    });
    expect((await authSays(cookie))?.user.id).toBe(listener.uid);
  });

  it("brings a listener's matching answers along, fresh with every request", async () => {
    const listener = await makeListener(database.db);
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const answers = { animal: "cat", season: "winter" } as const;
    await database.db
      .update(listeners)
      .set({ matching_info: answers })
      .where(eq(listeners.uid, listener.uid));
    const viewer = await viewerOf(cookie);
    expect(await listenerContextOf(database.db, viewer)).toEqual({
      uid: listener.uid,
      mask: matchingMask(answers),
      matching_info: answers,
    });
    await database.db.update(listeners).set({ matching_info: {} }).where(eq(listeners.uid, listener.uid));
    expect((await listenerContextOf(database.db, await viewerOf(cookie)))?.matching_info).toEqual({});
  });

  it("refuses a missing, tampered, foreign or respelled cookie", async () => {
    const listener = await makeListener(database.db);
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const decoded = decodeURIComponent(value);
    const token = decoded.slice(0, decoded.lastIndexOf("."));
    const signature = decoded.slice(decoded.lastIndexOf(".") + 1);
    const cases = {
      none: null,
      // Another first character than the token's own (a token starting with "x" stayed the same
      // once in 62 runs, and was rightly accepted).
      "another token, same signature": `${name}=${encodeURIComponent(`${token.startsWith("x") ? "y" : "x"}${token.slice(1)}.${signature}`)}`,
      "signature of another secret": `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`,
      "no signature": `${name}=${encodeURIComponent(token)}`,
      "other cookie name": `other=${value}`,
      "not percent-decodable": `${name}=%E0%A4%A`,
    };
    for (const [label, header] of Object.entries(cases)) {
      expect(await viewerOf(header), label).toBeNull();
      if (header) expect(await authSays(header), label).toBeNull();
    }
    // The first cookie of the name counts, as in better-auth's parser.
    expect(await viewerOf(`${cookie}; ${name}=junk`)).toMatchObject({ uid: listener.uid });
    expect(await viewerOf(`${name}=junk; ${cookie}`)).toBeNull();
  });

  it("ends with the session: deleted or expired is signed out", async () => {
    const listener = await makeListener(database.db);
    const deleted = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const expired = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    await database.db.delete(session).where(eq(session.token, tokenOf(deleted)));
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(session.token, tokenOf(expired)));
    expect(await viewerOf(deleted)).toBeNull();
    expect(await viewerOf(expired)).toBeNull();
  });

  it("signs out a performer whose account was deleted by the store", async () => {
    const store = await makeLiver(database.db);
    const staff = await makeStaff(database.db, store.uid);
    const cookie = await sessionCookie(context, "staff", staff.loginId, FACTORY_PASSWORD);
    expect(await viewerOf(cookie)).toMatchObject({ type: "staff", uid: staff.uid });
    await database.db.update(staffs).set({ status: "deleted" }).where(eq(staffs.uid, staff.uid));
    expect(await viewerOf(cookie)).toBeNull();
  });

  it("extends a session due for better-auth's daily refresh, through better-auth", async () => {
    const listener = await makeListener(database.db);
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    // Two days into a 30-day session: past the one-day update age.
    const old = new Date(Date.now() + 28 * 24 * 3600 * 1000);
    await database.db
      .update(session)
      .set({ expiresAt: old })
      .where(eq(session.token, tokenOf(cookie)));
    expect(await viewerOf(cookie)).toMatchObject({ uid: listener.uid });
    const [row] = await database.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.token, tokenOf(cookie)));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(old.getTime() + 24 * 3600 * 1000);
  });

  it("counts an operator's session only after the TOTP step and within its life", async () => {
    const operator = await makeOperator(database.db, { authSecret: context.env.authSecret });
    const cookie = await operatorCookie(context, operator);
    expect(await viewerOf(cookie)).toMatchObject({ type: "operator", uid: operator.uid });
    const [row] = await database.db
      .select({ id: session.id })
      .from(session)
      .where(eq(session.token, tokenOf(cookie)));
    await database.db
      .update(operatorSessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(operatorSessions.session_id, row!.id));
    expect(await viewerOf(cookie)).toBeNull();
    await database.db
      .update(operatorSessions)
      .set({ verified_at: null, expires_at: sql`now() + interval '1 hour'` });
    expect(await viewerOf(cookie)).toBeNull();
  });
});
