import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { EXPIRY_NOTICE_DAYS } from "~/domain/money";
import type { Db, Tx } from "../../db/client";
import { coinExpiryNotices, ledgerAccounts, listeners } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import { coinExpiryNoticeMail } from "../../integrations/mail/money-templates";
import { accounts, ensureAccounts } from "./accounts";
import { requestHash, runOnce } from "./run-once";
import { writeLedgerTransaction } from "./write-ledger-transaction";

const BATCH = 500;

/**
 * The `coins.expire` job (hourly, ADR 0032): every paid lot whose 180 days are over gives what is
 * left of it to the platform's `coins_expired` (key `expire:<lot>`, so a rerun books nothing
 * twice); then every paid lot expiring within 14 days whose listener was not told yet gets one
 * mail (`coin_expiry_notices` keeps it to one). `now` is the job's clock (a fake one in tests).
 */
export async function expireCoins({
  db,
  mailer,
  baseUrl,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  now?: Date;
}): Promise<{ expired: number; coins: number; noticed: number }> {
  const due = await db
    .select({ account_id: ledgerAccounts.account_id, owner_id: ledgerAccounts.owner_id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.lot_kind, "paid"),
        gt(ledgerAccounts.balance, 0),
        lte(ledgerAccounts.expires_at, now),
      ),
    )
    .limit(BATCH);
  let coins = 0;
  const target = accounts.platform("coins_expired", "coins");
  await ensureAccounts(db, [target]);
  for (const lot of due) {
    const key = {
      idempotencyKey: `expire:${lot.account_id}`,
      requestHash: requestHash({ lot: lot.account_id }),
    };
    const once = await runOnce(db, key, async (tx) => {
      // Locked: a purchase spending this lot right now finishes first (and sees it expired after).
      const [row] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.account_id, lot.account_id))
        .for("update");
      const left = row?.balance ?? 0;
      if (left <= 0) return 0;
      await writeLedgerTransaction(tx, {
        kind: "coin_expiry",
        ...key,
        actorId: lot.owner_id,
        result: { coins: left },
        postings: [
          { account_id: lot.account_id, unit: "coins", tracked: true, amount: -left },
          { account_id: target.account_id, unit: "coins", tracked: false, amount: left },
        ],
      });
      return left;
    });
    if (once.ok && !once.replayed) coins += once.result;
  }
  const noticed = await mailExpiryNotices({ db, mailer, baseUrl, now });
  return { expired: due.length, coins, noticed };
}

async function mailExpiryNotices({
  db,
  mailer,
  baseUrl,
  now,
}: {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  now: Date;
}): Promise<number> {
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * 86_400_000);
  const soon = await db
    .select({
      account_id: ledgerAccounts.account_id,
      balance: ledgerAccounts.balance,
      expires_at: ledgerAccounts.expires_at,
      email: listeners.email,
      nickname: listeners.nickname,
    })
    .from(ledgerAccounts)
    .innerJoin(listeners, eq(listeners.uid, ledgerAccounts.owner_id))
    .leftJoin(coinExpiryNotices, eq(coinExpiryNotices.account_id, ledgerAccounts.account_id))
    .where(
      and(
        eq(ledgerAccounts.lot_kind, "paid"),
        gt(ledgerAccounts.balance, 0),
        gt(ledgerAccounts.expires_at, now),
        lte(ledgerAccounts.expires_at, horizon),
        isNull(coinExpiryNotices.account_id),
      ),
    )
    .limit(BATCH);
  let sent = 0;
  for (const lot of soon) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(coinExpiryNotices)
        .values({ account_id: lot.account_id, mailed_at: sql`now()` })
        .onConflictDoNothing()
        .returning();
      if (!claimed || !lot.email || !lot.expires_at) return;
      const rendered = coinExpiryNoticeMail({
        name: lot.nickname ?? "",
        coins: lot.balance,
        expiresAt: lot.expires_at,
        url: `${baseUrl}/listener/coin`,
      });
      await mailer.send(
        { kind: "coin-expiry-notice", to: lot.email, ...rendered, meta: { accountId: lot.account_id } },
        { tx: tx as Tx },
      );
      sent++;
    });
  }
  return sent;
}
