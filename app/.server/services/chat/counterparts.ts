import { inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { listeners, staffs } from "../../db/schema";

/** The other member of a room as lists and conversations show them. */
export interface Counterpart {
  id: string;
  type: "listener" | "staff";
  name: string;
  image_url: string;
}

/** Shown for a listener who has not chosen a nickname. */
export const UNNAMED_LISTENER = "ゲスト";

/** Name and picture of the given listeners and staff members (by uid). */
export async function loadCounterparts(
  db: Db | Tx,
  ids: { listenerIds: string[]; staffIds: string[] },
): Promise<Map<string, Counterpart>> {
  const found = new Map<string, Counterpart>();
  const [listenerRows, staffRows] = await Promise.all([
    ids.listenerIds.length
      ? db
          .select({ id: listeners.uid, name: listeners.nickname, image_url: listeners.image_url })
          .from(listeners)
          .where(inArray(listeners.uid, ids.listenerIds))
      : [],
    ids.staffIds.length
      ? db
          .select({ id: staffs.uid, name: staffs.name, image_urls: staffs.image_urls })
          .from(staffs)
          .where(inArray(staffs.uid, ids.staffIds))
      : [],
  ]);
  for (const row of listenerRows)
    found.set(row.id, {
      id: row.id,
      type: "listener",
      name: row.name || UNNAMED_LISTENER,
      image_url: row.image_url,
    });
  for (const row of staffRows)
    found.set(row.id, { id: row.id, type: "staff", name: row.name, image_url: row.image_urls[0] ?? "" });
  return found;
}
