/**
 * Gifts, conversion and payouts (ADR 0032) on both databases: a gift moves items
 * once per key to the store (a staff member's too), shows in the live and tells the store; the
 * store converts items to points at their value and requests a payout with fee and 源泉徴収; the
 * ledger reconciles after all of it.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { queryRows } from "~/.server/db/client";
import { gifts, livers, notificationEvents, payoutRequests } from "~/.server/db/schema";
import { readEvents } from "~/.server/realtime/publish";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { convertItems } from "~/.server/services/ledger/convert-items";
import { reconcileIsClean, reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { endLive } from "~/.server/services/live/end-live";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { startLive } from "~/.server/services/live/start-live";
import { quotePayout, requestPayout } from "~/.server/services/payouts/request-payout";
import { liveTopic } from "~/domain/live";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { giveCoins } from "../support/money";

const BANK = {
  account_holder: "ヤマダ タロウ",
  bank_code: "0001",
  branch_code: "001",
  account_type: "saving" as const,
  account_number: "1234567",
};

describe.each(drivers)("gifts and payouts on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let store: Viewer;
  let cast: Viewer;
  let listener: Viewer;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "gifts" });
    store = await makeLiver(db(), {
      store_name: "クラブ 月",
      status: "public",
      is_individual: true,
      account: BANK,
    });
    cast = await makeStaff(db(), store.uid, { name: "あかり", status: "public", is_displayed: true });
    listener = await makeListener(db(), { nickname: "たろう" });
    await giveCoins(db(), listener.uid, 30000);
    const bought = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "champagne", quantity: 5, idempotency_key: randomUUID() },
    });
    expect(bought.ok).toBe(true);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("gifts once per key in a live: the store holds it, the viewers see it, the store is told", async () => {
    const live = await startLive({ db: db(), actor: cast, input: { title: "今夜の配信" } });
    if (!live.ok) throw new Error("could not go live");
    const input = {
      item_id: "champagne",
      quantity: 2,
      staff_id: cast.uid,
      live_id: live.live.live_id,
      idempotency_key: randomUUID(),
    };
    const [first, second] = await Promise.all([
      sendGift({ db: db(), settings: DEFAULT_LIVE_SETTINGS, actor: listener, input }),
      sendGift({ db: db(), settings: DEFAULT_LIVE_SETTINGS, actor: listener, input }),
    ]);
    expect([first, second].filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(first.ok && second.ok && first.gift.gift_id === second.gift.gift_id).toBe(true);
    const rows = await db().select().from(gifts).where(eq(gifts.listener_id, listener.uid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ liver_id: store.uid, staff_id: cast.uid, quantity: 2 });
    const events = await readEvents(db(), liveTopic(live.live.live_id), 0);
    const giftEvent = events.find((e) => e.type === "gift");
    expect(giftEvent?.data).toMatchObject({
      item: { item_id: "champagne", name: "シャンパン" },
      quantity: 2,
      from: { nickname: "たろう" },
      to: { type: "staff", id: cast.uid, name: "あかり" },
    });
    const told = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "item_to_staff"));
    expect(told).toHaveLength(1);
    await endLive({ db: db(), actor: cast, input: { liveId: live.live.live_id } });
    const ended = await sendGift({
      db: db(),
      settings: DEFAULT_LIVE_SETTINGS,
      actor: listener,
      input: { ...input, idempotency_key: randomUUID() },
    });
    expect(ended).toMatchObject({ ok: false, error: "ended", field: "live_id" });
  });

  it("refuses more items than held, no receiver, both receivers, and a store as giver", async () => {
    const base = { item_id: "champagne", liver_id: store.uid, idempotency_key: randomUUID() };
    expect(
      await sendGift({
        db: db(),
        settings: DEFAULT_LIVE_SETTINGS,
        actor: listener,
        input: { ...base, quantity: 4 },
      }),
    ).toMatchObject({
      ok: false,
      error: "insufficient",
      field: "quantity",
    });
    expect(
      await sendGift({
        db: db(),
        settings: DEFAULT_LIVE_SETTINGS,
        actor: listener,
        input: { ...base, quantity: 1, staff_id: cast.uid },
      }),
    ).toMatchObject({
      ok: false,
      error: "invalid",
    });
    expect(
      await sendGift({
        db: db(),
        settings: DEFAULT_LIVE_SETTINGS,
        actor: listener,
        input: { ...base, liver_id: undefined, staff_id: "nobody", quantity: 1 },
      }),
    ).toMatchObject({ ok: false, error: "not_found" });
    expect(
      await sendGift({
        db: db(),
        settings: DEFAULT_LIVE_SETTINGS,
        actor: store,
        input: { ...base, quantity: 1 },
      }),
    ).toEqual({
      ok: false,
      error: "forbidden",
    });
    const direct = await sendGift({
      db: db(),
      settings: DEFAULT_LIVE_SETTINGS,
      actor: listener,
      input: { ...base, quantity: 3 },
    });
    expect(direct.ok).toBe(true);
  });

  it("converts everything the store holds into points, once", async () => {
    const key = randomUUID();
    const converted = await convertItems({ db: db(), actor: store, input: { idempotencyKey: key } });
    // 5 champagnes × 2,500 points.
    expect(converted).toMatchObject({ ok: true, conversion: { points: 12500 } });
    expect(await convertItems({ db: db(), actor: store, input: { idempotencyKey: key } })).toMatchObject({
      ok: true,
      replayed: true,
    });
    expect(
      await convertItems({ db: db(), actor: store, input: { idempotencyKey: randomUUID() } }),
    ).toMatchObject({
      ok: false,
      error: "nothing",
    });
    const [row] = await db().select({ point: livers.point }).from(livers).where(eq(livers.uid, store.uid));
    expect(row?.point).toBe(12500);
  });

  it("requests a payout with fee and withholding shown first, refusing below the minimum or above the points", async () => {
    const quote = await quotePayout({ db: db(), actor: store, input: { points: 10000 } });
    expect(quote).toMatchObject({
      gross: 10000,
      fee: 330,
      withholding: 1021,
      net: 8649,
      available: 12500,
      minimum: 5000,
    });
    expect(
      await requestPayout({
        db: db(),
        actor: store,
        input: { points: "4999", idempotencyKey: randomUUID() },
      }),
    ).toMatchObject({
      ok: false,
      field: "points",
      message: "出金は5,000円から申請できます",
    });
    expect(
      await requestPayout({
        db: db(),
        actor: store,
        input: { points: "12501", idempotencyKey: randomUUID() },
      }),
    ).toMatchObject({
      ok: false,
      message: "ポイントが足りません",
    });
    const key = randomUUID();
    const requested = await requestPayout({
      db: db(),
      actor: store,
      input: { points: "10000", idempotencyKey: key },
    });
    expect(requested).toMatchObject({ ok: true, request: { gross: 10000, withholding: 1021, net: 8649 } });
    expect(
      await requestPayout({ db: db(), actor: store, input: { points: "10000", idempotencyKey: key } }),
    ).toMatchObject({
      ok: true,
      replayed: true,
    });
    const pending = await db().select().from(payoutRequests).where(eq(payoutRequests.liver_id, store.uid));
    expect(pending).toEqual([
      expect.objectContaining({ status: "pending", net_yen: 8649, withholding_yen: 1021 }),
    ]);
    const [row] = await db().select({ point: livers.point }).from(livers).where(eq(livers.uid, store.uid));
    expect(row?.point).toBe(2500);
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });

  it("gifts exactly the items held when 30 gifts race (store and staff), and books a raced key once", async () => {
    const other = await makeLiver(db(), { store_name: "クラブ 星", status: "public" });
    const otherCast = await makeStaff(db(), other.uid, { status: "public", is_displayed: true });
    const giver = await makeListener(db());
    await giveCoins(db(), giver.uid, 1000);
    const bought = await buyItem({
      db: db(),
      actor: giver,
      input: { item_id: "rose", quantity: 10, idempotency_key: randomUUID() },
    });
    expect(bought.ok).toBe(true);
    // The store's rose account does not exist yet: the racing gifts create it once.
    const raced = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        sendGift({
          db: db(),
          settings: DEFAULT_LIVE_SETTINGS,
          actor: giver,
          input: {
            item_id: "rose",
            quantity: 1,
            ...(i % 2 === 0 ? { liver_id: other.uid } : { staff_id: otherCast.uid }),
            idempotency_key: randomUUID(),
          },
        }),
      ),
    );
    expect(raced.filter((r) => r.ok)).toHaveLength(10);
    expect(raced.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 20 }, () => expect.objectContaining({ error: "insufficient", field: "quantity" })),
    );
    const held = await db().select().from(gifts).where(eq(gifts.listener_id, giver.uid));
    expect(held.reduce((sum, g) => sum + g.quantity, 0)).toBe(10);
    // Each gift to the staff member told her store once, with its fan-out job; the refused ones nothing.
    const toStaff = held.filter((g) => g.staff_id === otherCast.uid).length;
    const told = await queryRows<{ events: number; jobs: number }>(
      db(),
      sql`select count(*)::int as events,
                 (select count(*)::int from pgboss.job j where j.name = 'notification.fanout'
                    and j.data->>'eventId' in (select id from notification_events
                      where kind = 'item_to_staff' and payload->>'listenerId' = ${giver.uid})) as jobs
          from notification_events where kind = 'item_to_staff' and payload->>'listenerId' = ${giver.uid}`,
    );
    expect(told[0]).toEqual({ events: toStaff, jobs: toStaff });

    // The same key from the same listener at once, to a store (one statement, no transaction of ours).
    const second = await makeListener(db());
    await giveCoins(db(), second.uid, 1000);
    await buyItem({
      db: db(),
      actor: second,
      input: { item_id: "rose", quantity: 3, idempotency_key: randomUUID() },
    });
    const input = { item_id: "rose", quantity: 2, liver_id: other.uid, idempotency_key: randomUUID() };
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        sendGift({ db: db(), settings: DEFAULT_LIVE_SETTINGS, actor: second, input }),
      ),
    );
    expect(same.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
    expect(new Set(same.map((r) => (r.ok ? r.gift.gift_id : r.error)))).toHaveProperty("size", 1);
    expect(
      await sendGift({
        db: db(),
        settings: DEFAULT_LIVE_SETTINGS,
        actor: second,
        input: { ...input, quantity: 1 },
      }),
    ).toMatchObject({
      ok: false,
      error: "idempotency_conflict",
      field: "idempotency_key",
    });
    expect(await db().select().from(gifts).where(eq(gifts.listener_id, second.uid))).toHaveLength(1);
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });
});
