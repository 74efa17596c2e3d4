import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Viewer } from "../auth/viewer";
import type { Db } from "../db/client";
import { coinOrders, livers } from "../db/schema";
import { sendGift } from "../services/gifts/send-gift";
import { buyItem } from "../services/ledger/buy-item";
import { convertItems } from "../services/ledger/convert-items";
import { fulfilCoinOrder } from "../services/ledger/fulfil-coin-order";
import { DEFAULT_LIVE_SETTINGS } from "../services/live/live-settings";
import { requestPayout } from "../services/payouts/request-payout";

const DEMO_BANK_ACCOUNT = {
  account_holder: "デモテン",
  bank_code: "0001",
  bank_name: "みずほ",
  branch_code: "100",
  branch_name: "本店",
  account_type: "saving" as const,
  account_number: "1234567",
};

/**
 * The demo's money (ADR 0032), booked through the same services as real use so the ledger
 * reconciles: the demo listener bought coins (two paid test orders) and items, gave some to the
 * demo cast; the demo store converted them and has a pending payout request, and holds more
 * received items not yet converted. The demo store gets a bank account when it has none.
 */
export async function seedDemoMoney(
  db: Db,
  demo: { listenerId: string; storeId: string; castId: string },
): Promise<void> {
  await db
    .update(livers)
    .set({ account: DEMO_BANK_ACCOUNT })
    .where(and(eq(livers.uid, demo.storeId), isNull(livers.account)));
  const listener: Viewer = { type: "listener", uid: demo.listenerId, name: "", email: "" };
  const store: Viewer = { type: "liver", uid: demo.storeId, name: "", email: "" };
  for (const [pack, coins, bonus] of [
    ["coins-10000", 10000, 700],
    ["coins-5000", 5000, 250],
  ] as const) {
    const orderId = randomUUID();
    await db.insert(coinOrders).values({
      order_id: orderId,
      listener_id: demo.listenerId,
      pack_id: pack,
      coins,
      bonus_coins: bonus,
      price_jpy: coins,
      provider: "test",
      provider_session_id: `cs_test_demo_${orderId}`,
    });
    await fulfilCoinOrder({ db, input: { orderId } });
  }
  const buy = (item_id: string, quantity: number) =>
    buyItem({ db, actor: listener, input: { item_id, quantity, idempotency_key: `demo-${randomUUID()}` } });
  const gift = (item_id: string, quantity: number) =>
    sendGift({
      db,
      actor: listener,
      input: { item_id, quantity, staff_id: demo.castId, idempotency_key: `demo-${randomUUID()}` },
      settings: DEFAULT_LIVE_SETTINGS,
    });
  // 15,950 coins: 12,500 spent on items, 5,000 points converted and asked for as a payout.
  await buy("bouquet", 10);
  await buy("rose", 10);
  await buy("cocktail", 5);
  await gift("bouquet", 10);
  await convertItems({ db, actor: store, input: { idempotencyKey: `demo-${randomUUID()}` } });
  await requestPayout({ db, actor: store, input: { points: 5000, idempotencyKey: `demo-${randomUUID()}` } });
  await gift("rose", 6);
  await gift("cocktail", 3);
}
