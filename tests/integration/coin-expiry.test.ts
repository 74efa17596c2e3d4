/**
 * Paid coin expiry (ADR 0032) with a fake clock: the notice 14 days before (once),
 * nothing expires a millisecond early, the whole rest of the lot is booked out at 180 days exactly
 * (bonus coins kept), a rerun books nothing twice, and the ledger reconciles.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { mailOutbox } from "~/.server/db/schema";
import { createMailer, type Mailer } from "~/.server/integrations/mail/mailer";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { coinBalance } from "~/.server/services/ledger/coin-lots";
import { expireCoins } from "~/.server/services/ledger/expire-coins";
import { reconcileIsClean, reconcileLedger } from "~/.server/services/ledger/reconcile-ledger";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener } from "../support/factories";
import { giveCoins } from "../support/money";
import { routeContext } from "../support/routes";

const DAY = 86_400_000;

describe.each(drivers)("coin expiry on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let mailer: Mailer;
  let listener: Viewer;
  const bought = new Date("2026-01-10T03:00:00Z");
  const at = (ms: number) => new Date(bought.getTime() + ms);
  const run = (now: Date) => expireCoins({ db: db(), mailer, baseUrl: "http://localhost:3999", now });
  const notices = async () =>
    (await db().select().from(mailOutbox).where(eq(mailOutbox.kind, "coin-expiry-notice"))).filter(
      (m) => m.to === listener.email,
    );

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "expiry" });
    mailer = createMailer({ db: db(), env: routeContext(db()).context.env });
    listener = await makeListener(db(), { nickname: "はなこ" });
    await giveCoins(db(), listener.uid, 1000, { bonus: 100, at: bought });
    // 300 of the paid coins are spent before they expire.
    const spent = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "rose", quantity: 3, idempotency_key: randomUUID() },
      now: at(DAY),
    });
    expect(spent.ok).toBe(true);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("mails once, 14 days before", async () => {
    expect(await run(at(166 * DAY - 1))).toMatchObject({ noticed: 0, expired: 0 });
    expect(await notices()).toHaveLength(0);
    expect(await run(at(166 * DAY))).toMatchObject({ noticed: 1, expired: 0 });
    expect(await run(at(170 * DAY))).toMatchObject({ noticed: 0 });
    const [mail] = await notices();
    expect(mail?.subject).toBe("【ヨルナビ】有償コインの有効期限が近づいています");
    expect(mail?.text).toContain("700コイン");
  });

  it("expires nothing a millisecond early, everything left at 180 days, bonus coins kept, once", async () => {
    expect(await run(at(180 * DAY - 1))).toMatchObject({ expired: 0, coins: 0 });
    expect((await coinBalance(db(), listener.uid, at(180 * DAY - 1))).total).toBe(800);
    // At the instant itself the paid coins can no longer be spent, even before the job runs.
    expect((await coinBalance(db(), listener.uid, at(180 * DAY))).total).toBe(100);
    expect(await run(at(180 * DAY))).toMatchObject({ expired: 1, coins: 700 });
    expect(await run(at(181 * DAY))).toMatchObject({ expired: 0, coins: 0 });
    expect(await coinBalance(db(), listener.uid, at(181 * DAY))).toMatchObject({ paid: 0, bonus: 100 });
    expect(reconcileIsClean(await reconcileLedger({ db: db() }))).toBe(true);
  });
});
