import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffInvitations, staffs } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { findStaffInvitation } from "~/.server/services/staff/find-staff-invitation";
import { issueStaffInvitation } from "~/.server/services/staff/issue-staff-invitation";
import { listStaffInvitations } from "~/.server/services/staff/list-staff-invitations";
import { registerInvitedStaff } from "~/.server/services/staff/register-invited-staff";
import { revokeStaffInvitation } from "~/.server/services/staff/revoke-staff-invitation";
import { action as registrationAction } from "~/routes/staff/registration";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { call, form, routeContext } from "../support/routes";

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "https://yoru.example",
});
const DAY = 24 * 60 * 60 * 1000;

describe.each(drivers)("staff invitations on %s", (driver) => {
  let database: TestDatabase;
  let ip = 0;
  const nextIp = () => `203.0.113.${(ip++ % 250) + 1}`;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "staff_invitations" });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function invite(store: Awaited<ReturnType<typeof makeLiver>>, now = new Date()) {
    const result = await issueStaffInvitation({
      db: database.db,
      env,
      actor: store,
      input: { note: "ゆいさん用" },
      now,
    });
    if (!result.ok) throw new Error(result.error);
    return { ...result, token: new URL(result.url).searchParams.get("invite")! };
  }
  const register = (token: string, login_id: string, now?: Date) =>
    registerInvitedStaff({
      db: database.db,
      clientIp: nextIp(),
      now,
      input: {
        invite: token,
        name: "ゆい",
        name_kana: "ユイ",
        login_id,
        password: "cast-pass-2026",
        password_confirmation: "cast-pass-2026",
      },
    });

  it("issues a link to /staff/registration; only the token's hash is stored", async () => {
    const store = await makeLiver(database.db, { store_name: "ガールズバー 星" });
    const { url, token, id } = await invite(store);
    expect(url).toMatch(/^https:\/\/yoru\.example\/staff\/registration\?invite=[A-Za-z0-9_-]{43}$/);
    const [row] = await database.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await findStaffInvitation({ db: database.db, token })).toMatchObject({
      ok: true,
      liverId: store.uid,
      storeName: "ガールズバー 星",
    });
  });

  it("registers a staff member of the inviting store and spends the link", async () => {
    const store = await makeLiver(database.db);
    const { token } = await invite(store);
    const result = await register(token, `yui_${driver}`);
    expect(result).toMatchObject({ ok: true, loginId: `yui_${driver}` });
    if (!result.ok) return;
    const [row] = await database.db.select().from(staffs).where(eq(staffs.uid, result.uid));
    expect(row).toMatchObject({ liver_id: store.uid, name: "ゆい", status: "public" });
    expect(await register(token, `yui2_${driver}`)).toEqual({ ok: false, error: "used" });
    expect(await findStaffInvitation({ db: database.db, token })).toEqual({ ok: false, error: "used" });
    const [listed] = await listStaffInvitations({ db: database.db, actor: store });
    expect(listed).toMatchObject({ state: "used", used_by_name: "ゆい", note: "ゆいさん用" });
  });

  it("the registration page refuses bad input with a message per field and the values back, never the password", async () => {
    const store = await makeLiver(database.db);
    const { token } = await invite(store);
    const { context } = routeContext(database.db);
    const answer = await call(registrationAction, {
      context,
      url: `/staff/registration?invite=${token}`,
      method: "POST",
      body: form({
        invite: token,
        name: "さくら",
        name_kana: "sakura",
        login_id: "ab",
        password: "ｐａｓｓ",
        password_confirmation: "ｐａｓｓ",
      }),
    });
    expect(answer.status).toBe(400);
    const body = answer.body as { values: Record<string, string>; errors: Record<string, string> };
    expect(body.values).toMatchObject({ name: "さくら", name_kana: "sakura", login_id: "ab" });
    expect(Object.keys(body.errors).sort()).toEqual(["login_id", "name_kana", "password"]);
    expect(JSON.stringify(body)).not.toContain("ｐａｓｓ");
  });

  it("refuses unknown, malformed, expired and revoked links", async () => {
    const store = await makeLiver(database.db);
    expect(await findStaffInvitation({ db: database.db, token: "x".repeat(43) })).toEqual({
      ok: false,
      error: "invalid",
    });
    expect(await findStaffInvitation({ db: database.db, token: "'; drop table staffs; --" })).toEqual({
      ok: false,
      error: "invalid",
    });
    const old = await invite(store, new Date(Date.now() - 8 * DAY));
    expect(await register(old.token, `old_${driver}`)).toEqual({ ok: false, error: "expired" });
    const fresh = await invite(store);
    expect(await revokeStaffInvitation({ db: database.db, actor: store, input: { id: fresh.id } })).toEqual({
      ok: true,
    });
    expect(await register(fresh.token, `rev_${driver}`)).toEqual({ ok: false, error: "revoked" });
  });

  it("only the issuing store revokes; listeners and staff cannot issue", async () => {
    const store = await makeLiver(database.db);
    const other = await makeLiver(database.db);
    const { id } = await invite(store);
    expect(await revokeStaffInvitation({ db: database.db, actor: other, input: { id } })).toEqual({
      ok: false,
      error: "not_found",
    });
    const listener = await makeListener(database.db);
    const staff = await makeStaff(database.db, store.uid);
    for (const actor of [listener, staff]) {
      expect(await issueStaffInvitation({ db: database.db, env, actor, input: { note: "" } })).toEqual({
        ok: false,
        error: "forbidden",
      });
    }
    expect(await listStaffInvitations({ db: database.db, actor: other })).toEqual([]);
  });

  it("counts against limit_staff", async () => {
    const store = await makeLiver(database.db, { limit_staff: 1 });
    await makeStaff(database.db, store.uid);
    const { token } = await invite(store);
    expect(await register(token, `full_${driver}`)).toEqual({ ok: false, error: "limit_reached" });
    // The link stays usable once the store has room again.
    expect(await findStaffInvitation({ db: database.db, token })).toMatchObject({ ok: true });
  });

  it("one link makes one account even when sent twice at the same moment", async () => {
    const store = await makeLiver(database.db, { limit_staff: 10 });
    const { token } = await invite(store);
    const results = await Promise.all([
      register(token, `twin1_${driver}`),
      register(token, `twin2_${driver}`),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, error: "used" });
    const rows = await database.db.select().from(staffs).where(eq(staffs.liver_id, store.uid));
    expect(rows).toHaveLength(1);
  });
});
