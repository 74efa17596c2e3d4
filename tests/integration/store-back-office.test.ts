import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/.server/auth/passwords";
import type { Viewer } from "~/.server/auth/viewer";
import { account, livers, logs, session, staffs, user } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { parseForm } from "~/.server/http/form";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { diskObjectStorage } from "~/.server/integrations/storage/disk-storage";
import { imageStorage } from "~/.server/integrations/storage/image-storage";
import { createStaff } from "~/.server/services/staff/create-staff";
import { deleteStaff } from "~/.server/services/staff/delete-staff";
import { getStaffManagement } from "~/.server/services/staff/get-staff-management";
import { moveStaff } from "~/.server/services/staff/move-staff";
import { setStaffDisplay } from "~/.server/services/staff/set-staff-display";
import { setStaffPassword } from "~/.server/services/staff/set-staff-password";
import { changePlan } from "~/.server/services/stores/change-plan";
import { getStoreDashboard } from "~/.server/services/stores/get-store-dashboard";
import { updateBankAccount } from "~/.server/services/stores/update-bank-account";
import { updatePriceSystem } from "~/.server/services/stores/update-price-system";
import { updateStoreProfile } from "~/.server/services/stores/update-store-profile";
import { findArea } from "~/domain/areas";
import { PriceSystemSchema } from "~/domain/price-system";
import { STAFF_ACCOUNT_MESSAGES } from "~/domain/staff-account";
import {
  STORE_PROFILE_ARRAYS,
  STORE_PROFILE_MESSAGES,
  type StoreProfileInput,
  StoreProfileSchema,
} from "~/domain/store-profile";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "http://localhost:3999",
});

let seq = 0;
const account_ = (name = "みお") => ({
  name,
  name_kana: "ミオ",
  login_id: `cast_${Date.now().toString(36)}_${++seq}`,
  password: "cast-pass-2026",
  password_confirmation: "cast-pass-2026",
});

/** A valid profile form, as the page posts it. */
function profileForm(overrides: Record<string, unknown> = {}): StoreProfileInput {
  return StoreProfileSchema.parse({
    store_name: "ラウンジ 月",
    store_name_kana: "ラウンジ　ツキ",
    slug: `tsuki-${++seq}`,
    status: "public",
    store_type: "lounge",
    phone_number: "0312345678",
    postal_code: "1600021",
    address: "東京都新宿区歌舞伎町1-2-3",
    buildingName: "",
    region: "kanto",
    prefecture: "tokyo",
    group: "",
    area: "kabukicho",
    area_detail: "",
    business_start_time: "20:00",
    business_end_time: "LAST",
    holidays: ["日曜"],
    services: ["luxury"],
    commitments: ["vip_room", "card"],
    ...overrides,
  });
}

describe.each(drivers)("store back office on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "store_back_office" });
  });
  afterAll(async () => {
    await database?.close();
  });
  const db = () => database.db;
  const imagesDir = mkdtempSync(path.join(tmpdir(), "store-back-office-"));
  const images = imageStorage(diskObjectStorage(path.join(imagesDir, "uploads")));

  async function staffRow(uid: string) {
    const [row] = await db().select().from(staffs).where(eq(staffs.uid, uid));
    return row!;
  }
  async function logsOf(liverId: string) {
    return db().select().from(logs).where(eq(logs.liver_id, liverId)).orderBy(asc(logs.created_at));
  }

  describe("profile", () => {
    it("saves every field and renames the store's staff in the same step", async () => {
      const store = await makeLiver(db(), { store_name: "旧店名" });
      const other = await makeLiver(db(), { store_name: "別の店" });
      const a = await makeStaff(db(), store.uid, { liver_name: "旧店名" });
      const b = await makeStaff(db(), store.uid, { liver_name: "旧店名", status: "deleted" });
      const c = await makeStaff(db(), other.uid, { liver_name: "別の店" });
      const input = profileForm();
      expect(await updateStoreProfile({ db: db(), actor: store, input })).toEqual({ ok: true });
      const [row] = await db().select().from(livers).where(eq(livers.uid, store.uid));
      expect(row).toMatchObject({
        store_name: "ラウンジ 月",
        store_name_kana: "ラウンジ　ツキ",
        slug: input.slug,
        store_type: "lounge",
        phone_number: "03-1234-5678",
        postal_code: "160-0021",
        area: "kabukicho",
        business_end_time: "LAST",
        holidays: ["日曜"],
        services: ["luxury"],
        commitments: ["vip_room", "card"],
      });
      expect(row!.lat).not.toBeNull();
      expect((await staffRow(a.uid)).liver_name).toBe("ラウンジ 月");
      expect((await staffRow(b.uid)).liver_name).toBe("ラウンジ 月");
      expect((await staffRow(c.uid)).liver_name).toBe("別の店");
    });

    it("refuses a slug another store has; a suspended store cannot lift its suspension", async () => {
      const first = await makeLiver(db());
      const second = await makeLiver(db());
      const input = profileForm();
      expect((await updateStoreProfile({ db: db(), actor: first, input })).ok).toBe(true);
      expect(
        await updateStoreProfile({ db: db(), actor: second, input: { ...input, store_name: "X" } }),
      ).toEqual({
        ok: false,
        error: "slug_taken",
      });
      const [unchanged] = await db().select().from(livers).where(eq(livers.uid, second.uid));
      expect(unchanged!.store_name).not.toBe("X");

      await db().update(livers).set({ status: "suspended" }).where(eq(livers.uid, second.uid));
      expect(
        await updateStoreProfile({ db: db(), actor: second, input: profileForm({ store_name: "再開" }) }),
      ).toEqual({ ok: true });
      const [suspended] = await db().select().from(livers).where(eq(livers.uid, second.uid));
      expect(suspended).toMatchObject({ store_name: "再開", status: "suspended" });
    });

    describe("map pin", () => {
      const kabukicho = findArea("kabukicho")!.area;
      const roppongi = findArea("roppongi")!.area;
      const pinOf = async (uid: string) => {
        const [row] = await db()
          .select({ lat: livers.lat, lng: livers.lng, geohash: livers.geohash })
          .from(livers)
          .where(eq(livers.uid, uid));
        return row!;
      };
      const atKabukicho = () =>
        makeLiver(db(), {
          region: "kanto",
          prefecture: "tokyo",
          area: "kabukicho",
          lat: kabukicho.lat + 0.001,
          lng: kabukicho.lng + 0.001,
        });

      it("saves the pin the store placed (and the database derives its geohash)", async () => {
        const store = await atKabukicho();
        const input = profileForm({ lat: "35.69512", lng: "139.70201" });
        expect(await updateStoreProfile({ db: db(), actor: store, input })).toEqual({ ok: true });
        const pin = await pinOf(store.uid);
        expect(pin).toMatchObject({ lat: 35.69512, lng: 139.70201 });
        expect(pin.geohash).toMatch(/^xn774/);
      });

      it("moves an unmoved pin to the new area's centre, keeps a moved one", async () => {
        const store = await atKabukicho();
        const stored = await pinOf(store.uid);
        // Area changed, the pin sent back as it was: it follows the area.
        const follow = profileForm({ area: "roppongi", lat: String(stored.lat), lng: String(stored.lng) });
        expect(await updateStoreProfile({ db: db(), actor: store, input: follow })).toEqual({ ok: true });
        expect(await pinOf(store.uid)).toMatchObject({ lat: roppongi.lat, lng: roppongi.lng });
        // Area changed and the pin moved too: the pin the store chose wins.
        const moved = profileForm({ area: "kabukicho", lat: "35.6951", lng: "139.7031" });
        expect(await updateStoreProfile({ db: db(), actor: store, input: moved })).toEqual({ ok: true });
        expect(await pinOf(store.uid)).toMatchObject({ lat: 35.6951, lng: 139.7031 });
        // Same area, no pin sent (a form without the map fields): the pin stays.
        expect(await updateStoreProfile({ db: db(), actor: store, input: profileForm() })).toEqual({
          ok: true,
        });
        expect(await pinOf(store.uid)).toMatchObject({ lat: 35.6951, lng: 139.7031 });
      });

      it("a store without a pin that changes area while the map showed the old centre lands at the new centre", async () => {
        const store = await makeLiver(db(), { region: "kanto", prefecture: "tokyo", area: "kabukicho" });
        const input = profileForm({
          area: "roppongi",
          lat: String(kabukicho.lat),
          lng: String(kabukicho.lng),
        });
        expect(await updateStoreProfile({ db: db(), actor: store, input })).toEqual({ ok: true });
        expect(await pinOf(store.uid)).toMatchObject({ lat: roppongi.lat, lng: roppongi.lng });
      });

      it("out of range or half a pin: a message on the field, nothing written", async () => {
        const store = await atKabukicho();
        const before = await pinOf(store.uid);
        const base = Object.entries({
          store_name: "ラウンジ 月",
          store_name_kana: "ラウンジ　ツキ",
          slug: `tsuki-${++seq}`,
          status: "public",
          store_type: "lounge",
          phone_number: "0312345678",
          postal_code: "1600021",
          address: "東京都新宿区歌舞伎町1-2-3",
          region: "kanto",
          prefecture: "tokyo",
          area: "kabukicho",
          business_start_time: "20:00",
          business_end_time: "LAST",
        });
        const form = (pin: Record<string, string>) => {
          const data = new FormData();
          for (const [name, value] of [...base, ...Object.entries(pin)]) data.append(name, value);
          return parseForm(data, StoreProfileSchema, { arrays: STORE_PROFILE_ARRAYS });
        };
        const outOfRange = await form({ lat: "95", lng: "139.7" });
        expect(outOfRange.ok).toBe(false);
        expect(!outOfRange.ok && outOfRange.errors).toMatchObject({ lat: STORE_PROFILE_MESSAGES.lat });
        expect(!outOfRange.ok && outOfRange.values).toMatchObject({ lat: "95", lng: "139.7" });
        const badLng = await form({ lat: "35.6", lng: "東経139度" });
        expect(!badLng.ok && badLng.errors).toMatchObject({ lng: STORE_PROFILE_MESSAGES.lng });
        const half = await form({ lat: "35.6", lng: "" });
        expect(!half.ok && half.errors).toMatchObject({ lng: STORE_PROFILE_MESSAGES.pin_pair });
        const none = await form({ lat: "", lng: "" });
        expect(none.ok && none.data).toMatchObject({ lat: undefined, lng: undefined });
        expect(await pinOf(store.uid)).toEqual(before);
      });
    });

    it("is refused to a staff member and a listener", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid);
      const listener = await makeListener(db());
      for (const actor of [staff, listener] as Viewer[]) {
        expect(await updateStoreProfile({ db: db(), actor, input: profileForm() })).toEqual({
          ok: false,
          error: "forbidden",
        });
      }
    });
  });

  describe("staff", () => {
    it("creates staff up to limit_staff, refuses one more with the contract's message key, and logs", async () => {
      const store = await makeLiver(db(), { limit_staff: 2 });
      const first = await createStaff({ db: db(), actor: store, input: account_("みお") });
      const second = await createStaff({ db: db(), actor: store, input: account_("ゆい") });
      expect(first.ok && second.ok).toBe(true);
      const third = await createStaff({ db: db(), actor: store, input: account_("さき") });
      expect(third).toEqual({ ok: false, error: "limit_reached" });
      expect(STAFF_ACCOUNT_MESSAGES.limit_reached).toBe("登録できるスタッフ数の上限に達しています");
      const entries = await logsOf(store.uid);
      expect(entries.map((e) => [e.action, e.target_type, e.description])).toEqual([
        ["created", "staffs", "「みお」を登録しました"],
        ["created", "staffs", "「ゆい」を登録しました"],
      ]);
      if (first.ok && second.ok) {
        expect((await staffRow(first.uid)).order).toBe(1);
        expect((await staffRow(second.uid)).order).toBe(2);
      }
    });

    it("copies the profile of one of its own staff as a template, never another store's", async () => {
      const store = await makeLiver(db());
      const other = await makeLiver(db());
      const model = await makeStaff(db(), store.uid, {
        age: 24,
        height: 162,
        blood_type: "A",
        alcohol_type: "strong",
        introduction: "よろしくお願いします",
        published_profile: { age: false },
      });
      const foreign = await makeStaff(db(), other.uid, { age: 30 });
      const created = await createStaff({ db: db(), actor: store, input: account_(), templateId: model.uid });
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      const row = await staffRow(created.uid);
      expect(row).toMatchObject({ age: 24, height: 162, blood_type: "A", alcohol_type: "strong" });
      expect(row.published_profile.age).toBe(false);
      expect(row.published_profile.height).toBe(true);
      expect(row.image_urls).toEqual([]);
      expect(
        await createStaff({ db: db(), actor: store, input: account_(), templateId: foreign.uid }),
      ).toEqual({ ok: false, error: "template_not_found" });
    });

    it("toggles display with updated_display_at and a log stating the new value", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid, { name: "あや" });
      const now = new Date("2026-11-22T12:00:00Z");
      expect(
        await setStaffDisplay({
          db: db(),
          actor: store,
          input: { staffId: staff.uid, displayed: false },
          now,
        }),
      ).toEqual({ ok: true, changed: true });
      const row = await staffRow(staff.uid);
      expect(row.is_displayed).toBe(false);
      expect(row.updated_display_at?.toISOString()).toBe(now.toISOString());
      // The same value again changes and logs nothing.
      expect(
        await setStaffDisplay({ db: db(), actor: store, input: { staffId: staff.uid, displayed: false } }),
      ).toEqual({ ok: true, changed: false });
      expect(
        (await logsOf(store.uid)).map((e) => [e.action, e.target_type, e.target_id, e.description]),
      ).toEqual([["updated", "staffs", staff.uid, "「あや」の表示を「非表示」に変更しました"]]);
    });

    it("deletes: status deleted, delete_at, sessions ended, log, the others renumbered", async () => {
      const store = await makeLiver(db());
      const a = await makeStaff(db(), store.uid, { order: 1, name: "いち" });
      const b = await makeStaff(db(), store.uid, { order: 2, name: "に" });
      const c = await makeStaff(db(), store.uid, { order: 3, name: "さん" });
      await db()
        .insert(session)
        .values({
          id: `s-${b.uid}`,
          token: `t-${b.uid}`,
          userId: b.uid,
          expiresAt: new Date(Date.now() + 1e7),
        });
      const now = new Date("2026-11-22T13:00:00Z");
      expect(await deleteStaff({ db: db(), images, actor: store, input: { staffId: b.uid }, now })).toEqual({
        ok: true,
      });
      const row = await staffRow(b.uid);
      expect(row.status).toBe("deleted");
      expect(row.delete_at?.toISOString()).toBe(now.toISOString());
      expect(await db().select().from(session).where(eq(session.userId, b.uid))).toEqual([]);
      expect((await staffRow(a.uid)).order).toBe(1);
      expect((await staffRow(c.uid)).order).toBe(2);
      const [entry] = await logsOf(store.uid);
      expect(entry).toMatchObject({ action: "deleted", target_type: "staffs", target_id: b.uid });
      expect(entry!.description).toBe("「に」を削除しました");
      // Gone from the management list; a second delete finds nothing.
      const page = await getStaffManagement({ db: db(), actor: store });
      expect(page!.staff.map((s) => s.uid)).toEqual([a.uid, c.uid]);
      expect(page!.logs.items[0]!.description).toBe("「に」を削除しました");
      expect(await deleteStaff({ db: db(), images, actor: store, input: { staffId: b.uid } })).toEqual({
        ok: false,
        error: "not_found",
      });
    });

    it("removes a deleted staff member's pictures, row and files", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid);
      const url = await images.save(`staffs/${staff.uid}`, Buffer.from("webp"));
      await db()
        .update(staffs)
        .set({ image_urls: [url] })
        .where(eq(staffs.uid, staff.uid));
      const file = path.join(imagesDir, "uploads", url.slice("/uploads/".length));
      expect(existsSync(file)).toBe(true);
      expect(await deleteStaff({ db: db(), images, actor: store, input: { staffId: staff.uid } })).toEqual({
        ok: true,
      });
      expect((await staffRow(staff.uid)).image_urls).toEqual([]);
      expect(existsSync(file)).toBe(false);
    });

    it("moves staff up and down, numbering them 1…n", async () => {
      const store = await makeLiver(db());
      const a = await makeStaff(db(), store.uid, { order: 1 });
      const b = await makeStaff(db(), store.uid, { order: 5 });
      const c = await makeStaff(db(), store.uid, { order: 9 });
      expect(await moveStaff({ db: db(), actor: store, input: { staffId: c.uid, direction: "up" } })).toEqual(
        {
          ok: true,
          moved: true,
        },
      );
      expect(await moveStaff({ db: db(), actor: store, input: { staffId: a.uid, direction: "up" } })).toEqual(
        {
          ok: true,
          moved: false,
        },
      );
      const orders = await Promise.all([a, b, c].map(async (s) => (await staffRow(s.uid)).order));
      expect(orders).toEqual([1, 3, 2]);
    });

    it("sets a staff member's password and ends their sessions", async () => {
      const store = await makeLiver(db());
      const staff = await makeStaff(db(), store.uid, { name: "りな" });
      await db()
        .insert(session)
        .values({
          id: `s-${staff.uid}`,
          token: `t-${staff.uid}`,
          userId: staff.uid,
          expiresAt: new Date(Date.now() + 1e7),
        });
      expect(
        await setStaffPassword({
          db: db(),
          actor: store,
          input: { staffId: staff.uid, password: "new-pass-2026" },
        }),
      ).toEqual({ ok: true });
      const [credential] = await db().select().from(account).where(eq(account.userId, staff.uid));
      expect(await verifyPassword({ hash: credential!.password!, password: "new-pass-2026" })).toBe(true);
      expect(await db().select().from(session).where(eq(session.userId, staff.uid))).toEqual([]);
      expect((await logsOf(store.uid)).at(-1)!.description).toBe("「りな」のパスワードを変更しました");
    });

    it("another store touches none of it: display, delete, move, password, template — nothing written", async () => {
      const storeA = await makeLiver(db());
      const storeB = await makeLiver(db());
      const staff = await makeStaff(db(), storeA.uid, { name: "まい" });
      const [credentialBefore] = await db().select().from(account).where(eq(account.userId, staff.uid));
      const before = await staffRow(staff.uid);
      const staffId = staff.uid;
      expect(
        await setStaffDisplay({ db: db(), actor: storeB, input: { staffId, displayed: false } }),
      ).toEqual({
        ok: false,
        error: "not_found",
      });
      expect(await deleteStaff({ db: db(), images, actor: storeB, input: { staffId } })).toEqual({
        ok: false,
        error: "not_found",
      });
      expect(await moveStaff({ db: db(), actor: storeB, input: { staffId, direction: "up" } })).toEqual({
        ok: false,
        error: "not_found",
      });
      expect(
        await setStaffPassword({ db: db(), actor: storeB, input: { staffId, password: "hijack-2026" } }),
      ).toEqual({
        ok: false,
        error: "not_found",
      });
      // A staff member cannot act as a store either: a kind of account that may never manage
      // staff is refused (403) before any id is looked at (ADR 0022).
      const peer = await makeStaff(db(), storeA.uid);
      expect(await setStaffDisplay({ db: db(), actor: peer, input: { staffId, displayed: false } })).toEqual({
        ok: false,
        error: "forbidden",
      });
      expect(await staffRow(staff.uid)).toEqual(before);
      const [credentialAfter] = await db().select().from(account).where(eq(account.userId, staff.uid));
      expect(credentialAfter!.password).toBe(credentialBefore!.password);
      expect(await logsOf(storeB.uid)).toEqual([]);
      expect(await logsOf(storeA.uid)).toEqual([]);
    });
  });

  describe("price system, bank account, plan", () => {
    it("stores a structured price system", async () => {
      const store = await makeLiver(db());
      const input = PriceSystemSchema.parse({
        sets: { "0": { start_time: "20:00", end_time: "21:00", minutes: "60", price: "4,000", label: "" } },
        extension: { minutes: "30", price: "2000" },
        nomination_fee: "2000",
        service_charge_percent: "20",
        tax_percent: "10",
        drinks: { "0": { name: "キャストドリンク", price: "1000" } },
        payment_methods: ["cash", "credit_card"],
        note: "",
      });
      expect(await updatePriceSystem({ db: db(), actor: store, input })).toEqual({ ok: true });
      const [row] = await db()
        .select({ p: livers.price_system })
        .from(livers)
        .where(eq(livers.uid, store.uid));
      expect(row!.p).toMatchObject({
        sets: [{ start_time: "20:00", end_time: "21:00", minutes: 60, price: 4000, label: "" }],
        extension: { minutes: 30, price: 2000 },
        nomination_fee: 2000,
        in_store_nomination_fee: null,
        service_charge_percent: 20,
        drinks: [{ name: "キャストドリンク", price: 1000 }],
        payment_methods: ["cash", "credit_card"],
      });
    });

    it("stores the bank account", async () => {
      const store = await makeLiver(db());
      expect(
        await updateBankAccount({
          db: db(),
          env,
          mailer: createMailer({ db: db(), env }),
          actor: store,
          input: {
            current_password: FACTORY_PASSWORD,
            account_holder: "カ）ヨルナビ",
            bank_code: "0001",
            branch_code: "123",
            account_type: "saving",
            account_number: "1234567",
          },
        }),
      ).toEqual({ ok: true });
      const [row] = await db().select({ a: livers.account }).from(livers).where(eq(livers.uid, store.uid));
      // Saved with the names of the Zengin data (ADR 0054).
      expect(row!.a).toEqual({
        account_holder: "カ）ヨルナビ",
        bank_code: "0001",
        bank_name: "みずほ",
        branch_code: "123",
        branch_name: "戸越",
        account_type: "saving",
        account_number: "1234567",
      });
    });

    it("schedules a plan change, withdraws it, and refuses a plan too small for the staff", async () => {
      const store = await makeLiver(db(), { plan_id: "standard", limit_staff: 15 });
      const newPlan = async () =>
        (await db().select({ p: livers.new_plan_id }).from(livers).where(eq(livers.uid, store.uid)))[0]!.p;
      expect(await changePlan({ db: db(), actor: store, input: { new_plan_id: "premium" } })).toEqual({
        ok: true,
        scheduled: true,
      });
      expect(await newPlan()).toBe("premium");
      expect(await changePlan({ db: db(), actor: store, input: { new_plan_id: "standard" } })).toEqual({
        ok: true,
        scheduled: false,
      });
      expect(await newPlan()).toBeNull();
      for (let i = 0; i < 4; i++) await makeStaff(db(), store.uid);
      expect(await changePlan({ db: db(), actor: store, input: { new_plan_id: "light" } })).toEqual({
        ok: false,
        error: "too_small",
        staffCount: 4,
        limit: 3,
      });
      expect(await changePlan({ db: db(), actor: store, input: { new_plan_id: "nope" } })).toEqual({
        ok: false,
        error: "plan_unavailable",
      });
      expect(await newPlan()).toBeNull();
    });
  });

  it("the dashboard counts staff against the limit and lists today's shifts in Tokyo", async () => {
    const store = await makeLiver(db(), { limit_staff: 15, plan_id: "standard" });
    const a = await makeStaff(db(), store.uid, { name: "あさ" });
    await makeStaff(db(), store.uid, { is_displayed: false });
    await makeStaff(db(), store.uid, { status: "deleted" });
    const { schedules } = await import("~/.server/db/schema");
    // 2026-11-22 23:30 in Tokyo is 14:30 UTC.
    const now = new Date("2026-11-22T14:30:00Z");
    await db()
      .insert(schedules)
      .values([
        {
          schedule_id: `d1-${a.uid}`,
          staff_id: a.uid,
          date: "2026-11-22",
          start_time: "OPEN",
          end_time: "LAST",
        },
        {
          schedule_id: `d2-${a.uid}`,
          staff_id: a.uid,
          date: "2026-11-23",
          start_time: "20:00",
          end_time: "LAST",
        },
      ]);
    const dashboard = await getStoreDashboard({ db: db(), actor: store, now });
    expect(dashboard).toMatchObject({
      staffCount: 2,
      displayedCount: 1,
      today: "2026-11-22",
      plan: { name: "スタンダード", limit_staff: 15 },
    });
    expect(dashboard!.todayShifts).toEqual([
      { staff_id: a.uid, name: "あさ", image_url: null, start_time: "OPEN", end_time: "LAST" },
    ]);
  });

  it("a deleted staff member has no role any more (cannot sign in)", async () => {
    const store = await makeLiver(db());
    const staff = await makeStaff(db(), store.uid);
    await deleteStaff({ db: db(), images, actor: store, input: { staffId: staff.uid } });
    const { roleOfUser } = await import("~/.server/auth/account-role");
    expect(await roleOfUser(db(), staff.uid)).toBeNull();
    const [auth] = await db()
      .select()
      .from(user)
      .where(and(eq(user.id, staff.uid)));
    expect(auth).toBeDefined();
  });
});
