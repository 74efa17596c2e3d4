/**
 * The ledger (ADR 0032) on both databases: credits exactly once, spends never below zero under
 * 100 concurrent spenders (on PostgreSQL they really run in parallel), the same idempotency key
 * acts once and answers the same, the database refuses unbalanced or changed ledger rows, and
 * reconciliation finds a balance changed behind the ledger's back.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "~/.server/db/schema";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { coinBalance } from "~/.server/services/ledger/coin-lots";
import { fulfilCoinOrder } from "~/.server/services/ledger/fulfil-coin-order";
import { reconcileIsClean, reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener } from "../support/factories";
import { giveCoins } from "../support/money";

describe.each(drivers)("ledger on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "ledger" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("credits a paid order once, paid and bonus apart, however often it is fulfilled", async () => {
    const listener = await makeListener(db());
    const orderId = await giveCoins(db(), listener.uid, 1000, { bonus: 20 });
    const again = await Promise.all([1, 2, 3].map(() => fulfilCoinOrder({ db: db(), input: { orderId } })));
    expect(again.every((r) => r.ok && !r.credited)).toBe(true);
    const balance = await coinBalance(db(), listener.uid, new Date());
    expect(balance).toMatchObject({ paid: 1000, bonus: 20, total: 1020 });
  });

  it("lets exactly the affordable ones of 100 parallel spends succeed, never below zero", async () => {
    const listener: Viewer = await makeListener(db());
    await giveCoins(db(), listener.uid, 700, { bonus: 300 });
    // 1,000 coins; a rose costs 100: exactly 10 of 100 purchases can be paid.
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        buyItem({
          db: db(),
          actor: listener,
          input: { item_id: "rose", quantity: 1, idempotency_key: randomUUID() },
        }),
      ),
    );
    const succeeded = results.filter((r) => r.ok);
    expect(succeeded).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.error === "insufficient")).toHaveLength(90);
    const balance = await coinBalance(db(), listener.uid, new Date());
    expect(balance.total).toBe(0);
    const [inventory] = await db()
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.account_id, `listener:${listener.uid}:item:rose`));
    expect(inventory?.balance).toBe(10);
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });

  it("spends paid coins before bonus coins, the oldest lot first", async () => {
    const listener = await makeListener(db());
    const older = new Date(Date.now() - 10 * 86_400_000);
    await giveCoins(db(), listener.uid, 100, { bonus: 100, at: new Date() });
    await giveCoins(db(), listener.uid, 100, { at: older });
    const bought = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "rose", quantity: 1, idempotency_key: randomUUID() },
    });
    expect(bought.ok).toBe(true);
    // The older paid lot went first; the newer paid lot and the bonus are untouched.
    const balance = await coinBalance(db(), listener.uid, new Date());
    expect(balance).toMatchObject({ paid: 100, bonus: 100 });
    expect(balance.lots[0]!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 170 * 86_400_000);
  });

  it("acts once per idempotency key, answers the same, and refuses the key with other parameters", async () => {
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 1000);
    const key = randomUUID();
    const input = { item_id: "cocktail", quantity: 2, idempotency_key: key };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buyItem({ db: db(), actor: listener, input })),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(answers.filter((a) => a.ok && !a.replayed)).toHaveLength(1);
    for (const answer of answers)
      expect(answer.ok && answer.result).toEqual({ item_id: "cocktail", quantity: 2, coins: 600 });
    expect((await coinBalance(db(), listener.uid, new Date())).total).toBe(400);
    const other = await buyItem({ db: db(), actor: listener, input: { ...input, quantity: 1 } });
    expect(other).toMatchObject({ ok: false, error: "idempotency_conflict" });
    expect((await coinBalance(db(), listener.uid, new Date())).total).toBe(400);
  });

  it("refuses to change or delete ledger rows and to commit an unbalanced transaction", async () => {
    const [entry] = await db().select().from(ledgerEntries).limit(1);
    await expect(
      db().update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.entry_id, entry!.entry_id)),
    ).rejects.toThrow();
    await expect(
      db().delete(ledgerTransactions).where(eq(ledgerTransactions.tx_id, entry!.tx_id)),
    ).rejects.toThrow();
    await expect(
      db().transaction(async (tx) => {
        const txId = randomUUID();
        await tx.insert(ledgerTransactions).values({
          tx_id: txId,
          kind: "forged",
          idempotency_key: `forged:${txId}`,
          request_hash: "x",
          result: {},
        });
        await tx
          .insert(ledgerEntries)
          .values({ tx_id: txId, account_id: entry!.account_id, unit: entry!.unit, amount: 5 });
      }),
    ).rejects.toThrow();
  });

  it("reconciliation finds a balance changed behind the ledger's back", async () => {
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 500);
    await db().execute(
      sql`update ledger_accounts set balance = balance + 7 where owner_id = ${listener.uid} and unit = 'coins'`,
    );
    const report = await reconcileLedger({ db: db() });
    expect(report.balances).toEqual([expect.objectContaining({ balance: 507, entries: 500 })]);
    await db().execute(
      sql`update ledger_accounts set balance = balance - 7 where owner_id = ${listener.uid} and unit = 'coins'`,
    );
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });
});
