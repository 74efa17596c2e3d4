import { and, eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db, Tx } from "../../db/client";
import { type Staff, staffs } from "../../db/schema";

export type { Tx } from "../../db/client";

/** A staff id as the routes receive it: our uids (UUIDs) and the seed's ids are short and plain. */
export const isStaffIdShape = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

/**
 * The staff member `staffId` if `actor` may manage them (spec §6): the staff member themself, or
 * the store they belong to. Deleted staff are nobody's. With `lock`, the row is locked for the
 * rest of the transaction. Another store's staff, a listener or an unknown id: null, so callers
 * answer "not found" and learn nothing about other stores.
 */
export async function findManagedStaff(
  db: Db | Tx,
  actor: Viewer,
  staffId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<Staff | null> {
  if (!isStaffIdShape(staffId)) return null;
  if (actor.type === "staff" && actor.uid !== staffId) return null;
  if (actor.type !== "staff" && actor.type !== "liver") return null;
  const owner = actor.type === "liver" ? eq(staffs.liver_id, actor.uid) : eq(staffs.uid, actor.uid);
  const query = db
    .select()
    .from(staffs)
    .where(and(eq(staffs.uid, staffId), eq(staffs.status, "public"), owner))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}
