import { and, eq, inArray } from "drizzle-orm";
import { holdingAt } from "../../auth/account-hold";
import type { Db, Tx } from "../../db/client";
import { accountSuspensions, listeners, livers, staffs, user } from "../../db/schema/index";

/** A reporter or reported account as the queue shows it and mails it (ADR 0030). */
export interface ReportAccount {
  id: string;
  type: "listener" | "staff" | "unknown";
  name: string;
  /** The address a mail about this account goes to: a listener's own, a staff member's store's. */
  mailTo: string;
  /** Who that mail greets: the listener, or the store of a staff member. */
  greetingName: string;
  /** A staff member's name when the mail goes to her store. */
  onBehalfOf?: string;
  storeName?: string;
  /** A block or suspension holds the account at `now` (ADR 0039). */
  suspended: boolean;
}

/** Names, mail targets and suspension of the given accounts (listeners and staff), by uid. */
export async function loadReportAccounts(
  db: Db | Tx,
  ids: string[],
  now: Date = new Date(),
): Promise<Map<string, ReportAccount>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, ReportAccount>();
  if (unique.length === 0) return found;
  const [listenerRows, staffRows, suspended] = await Promise.all([
    db
      .select({ id: listeners.uid, nickname: listeners.nickname, email: user.email })
      .from(listeners)
      .innerJoin(user, eq(user.id, listeners.uid))
      .where(inArray(listeners.uid, unique)),
    db
      .select({ id: staffs.uid, name: staffs.name, store_name: livers.store_name, store_email: livers.email })
      .from(staffs)
      .innerJoin(livers, eq(livers.uid, staffs.liver_id))
      .where(inArray(staffs.uid, unique)),
    db
      .select({ id: accountSuspensions.user_id })
      .from(accountSuspensions)
      .where(and(inArray(accountSuspensions.user_id, unique), holdingAt(now))),
  ]);
  const blocked = new Set(suspended.map((row) => row.id));
  for (const row of listenerRows)
    found.set(row.id, {
      id: row.id,
      type: "listener",
      name: row.nickname || "ゲスト",
      mailTo: row.email,
      greetingName: row.nickname,
      suspended: blocked.has(row.id),
    });
  for (const row of staffRows)
    found.set(row.id, {
      id: row.id,
      type: "staff",
      name: row.name || "（名前未設定）",
      mailTo: row.store_email,
      greetingName: row.store_name,
      onBehalfOf: row.name,
      storeName: row.store_name,
      suspended: blocked.has(row.id),
    });
  for (const id of unique)
    if (!found.has(id))
      found.set(id, {
        id,
        type: "unknown",
        name: "（退会したアカウント）",
        mailTo: "",
        greetingName: "",
        suspended: blocked.has(id),
      });
  return found;
}
