/**
 * The demo money (ADR 0032): booked through the ledger services, so the demo listener has coins
 * and items, the demo store received items, converted some and has a pending payout, and the
 * ledger reconciles.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeners, livers, payoutRequests } from "~/.server/db/schema";
import { DEMO_ACCOUNTS, seedDatabase } from "~/.server/seed/seed-database";
import { coinBalance } from "~/.server/services/ledger/coin-lots";
import { readInventory } from "~/.server/services/ledger/read-purchase-page";
import { reconcileIsClean, reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { openTestDatabase, type TestDatabase } from "../support/databases";

const dataDir = mkdtempSync(path.join(tmpdir(), "money-seed-"));

describe("demo money", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await seedDatabase(database.db, { stores: 2, staff: 10, listeners: 3, dataDir, now: new Date() });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("gives the demo listener coins and items, the demo store points, a payout and received items", async () => {
    const db = database.db;
    const [listener] = await db
      .select()
      .from(listeners)
      .where(eq(listeners.email, DEMO_ACCOUNTS.listener.email));
    const [store] = await db.select().from(livers).where(eq(livers.email, DEMO_ACCOUNTS.store.email));
    expect((await coinBalance(db, listener!.uid, new Date())).total).toBe(3450);
    const inventory = await readInventory(db, listener!.uid);
    expect(inventory.map((l) => [l.item.item_id, l.quantity])).toEqual([
      ["rose", 4],
      ["cocktail", 2],
    ]);
    expect(store?.account).not.toBeNull();
    expect(store?.point).toBe(0);
    const payouts = await db.select().from(payoutRequests).where(eq(payoutRequests.liver_id, store!.uid));
    expect(payouts).toEqual([expect.objectContaining({ gross_yen: 5000, status: "pending" })]);
    expect(reconcileIsClean(await reconcileLedger({ db }))).toBe(true);
  });
});
