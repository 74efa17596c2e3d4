import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";

/** The listener's stored answers as they are (possibly partial or empty: not answered yet). */
export async function getMatchingInfo({ db, actor }: { db: Db; actor: Viewer }) {
  if (roleRefusal(actor, "listener.matching.read")) return null;
  const [row] = await db
    .select({ matching_info: listeners.matching_info })
    .from(listeners)
    .where(eq(listeners.uid, actor.uid));
  return row?.matching_info ?? null;
}
