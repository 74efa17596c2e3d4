import { eq, sql } from "drizzle-orm";
import type { BroadcasterType } from "~/domain/live";
import { type Action, decide, liveOwnership, roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows, type Tx } from "../../db/client";
import { type Live, lives } from "../../db/schema";

/** A live id as routes receive it (our ids are UUIDs; the seed's are short and plain). */
export const isLiveIdShape = (id: string) => /^[A-Za-z0-9_-]{1,64}$/.test(id);

export async function loadLive(db: Db | Tx, liveId: string, { lock = false } = {}): Promise<Live | null> {
  if (!isLiveIdShape(liveId)) return null;
  const query = db.select().from(lives).where(eq(lives.live_id, liveId)).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

export type ManagedLive = { ok: true; live: Live } | { ok: false; error: "forbidden" | "not_found" };

/**
 * The live `liveId` when `actor` may do `action` to it (its broadcaster; for a staff member's live
 * also her store): forbidden for a kind that never may (before any lookup), not_found for another's
 * live or none (ADR 0022). With `lock` the row is locked once the actor may act on it.
 */
export async function findManagedLive(
  db: Db | Tx,
  actor: Viewer,
  action: Extract<Action, "live.end" | "live.moderate">,
  liveId: string,
  { lock = false } = {},
): Promise<ManagedLive> {
  const refused = roleRefusal(actor, action);
  if (refused) return { ok: false, error: refused };
  const live = await loadLive(db, liveId);
  if (!live || decide(actor.type, action, liveOwnership(actor, live)) !== "allowed")
    return { ok: false, error: "not_found" };
  if (!lock) return { ok: true, live };
  const locked = await loadLive(db, liveId, { lock: true });
  return locked ? { ok: true, live: locked } : { ok: false, error: "not_found" };
}

/** Who broadcasts: a staff member or a store, with what the live post and the pages show of them. */
export interface Broadcaster {
  type: BroadcasterType;
  id: string;
  liver_id: string;
  name: string;
  liver_name: string;
  image_url: string | null;
  /** Publicly listed (ADR 0010): only a listed account may go live, and only its page is shown. */
  listed: boolean;
}

/**
 * The broadcaster with id `id` (a staff uid or a store uid), or null. A deleted staff member or a
 * deleted store is nobody.
 */
export async function findBroadcaster(db: Db | Tx, id: string): Promise<Broadcaster | null> {
  if (!isLiveIdShape(id)) return null;
  const rows = await queryRows<{
    type: BroadcasterType;
    id: string;
    liver_id: string;
    name: string;
    liver_name: string;
    image_url: string | null;
    listed: boolean;
  }>(
    db,
    sql`select 'staff' as type, s.uid as id, s.liver_id, s.name, l.store_name as liver_name,
               s.image_urls[1] as image_url,
               (s.status = 'public' and s.is_displayed and l.status = 'public') as listed
          from staffs s join livers l on l.uid = s.liver_id
         where s.uid = ${id} and s.status = 'public' and l.status <> 'deleted'
        union all
        select 'liver', l.uid, l.uid, l.store_name, l.store_name, l.image_urls[1], l.status = 'public'
          from livers l where l.uid = ${id} and l.status <> 'deleted'
        limit 1`,
  );
  const row = rows[0];
  return row ? { ...row, listed: row.listed === true || (row.listed as unknown) === "t" } : null;
}
