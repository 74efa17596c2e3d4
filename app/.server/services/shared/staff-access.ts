import { and, eq } from "drizzle-orm";
import { type Action, decide, roleRefusal, staffOwnership } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { type Staff, staffs } from "../../db/schema";

/** A staff id as the routes receive it: our uids (UUIDs) and the seed's ids are short and plain. */
export const isStaffIdShape = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/** The actions on one staff member (app/domain/permissions.ts). */
export type StaffAction = Extract<Action, `staff.${string}`>;

export type ManagedStaff = { ok: true; staff: Staff } | { ok: false; error: "forbidden" | "not_found" };

const NOT_FOUND = { ok: false, error: "not_found" } as const;

/**
 * The staff member `staffId` if the policy lets `actor` do `action` to her (ADR 0022: the staff
 * member themself, or the store she belongs to — see `staffOwnership`). Deleted staff are
 * nobody's. A kind of account that may never do `action`: forbidden, without looking at the id.
 * Another store's staff or an unknown id: not_found, so callers learn nothing about other stores.
 * With `lock`, the row is locked for the rest of the transaction — only once the actor may act on
 * it, so a mistaken id never locks another store's row.
 */
export async function findManagedStaff(
  db: Db | Tx,
  actor: Viewer,
  action: StaffAction,
  staffId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<ManagedStaff> {
  const refused = roleRefusal(actor, action);
  if (refused) return { ok: false, error: refused };
  if (!isStaffIdShape(staffId)) return NOT_FOUND;
  const select = () =>
    db
      .select()
      .from(staffs)
      .where(and(eq(staffs.uid, staffId), eq(staffs.status, "public")))
      .limit(1);
  const [row] = await select();
  if (!row) return NOT_FOUND;
  const decision = decide(actor.type, action, staffOwnership(actor, row));
  if (decision !== "allowed") return decision === "forbidden" ? { ok: false, error: "forbidden" } : NOT_FOUND;
  if (!lock) return { ok: true, staff: row };
  const [locked] = await select().for("update");
  return locked ? { ok: true, staff: locked } : NOT_FOUND;
}
