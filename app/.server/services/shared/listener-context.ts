import { eq } from "drizzle-orm";
import { matchingMask } from "~/domain/matching";
import type { MatchingInfo } from "~/domain/options";
import { preloadedAnswersOf, type Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";

export interface ListenerContext {
  uid: string;
  mask: number;
  matching_info: Partial<MatchingInfo>;
}

/** The signed-in listener as the public lists need it (follows, matching mask); null for anyone else. */
export async function listenerContextOf(
  db: Db,
  viewer: Viewer | null | undefined,
): Promise<ListenerContext | null> {
  if (viewer?.type !== "listener") return null;
  const preloaded = preloadedAnswersOf(viewer);
  if (preloaded) return { uid: viewer.uid, mask: matchingMask(preloaded), matching_info: preloaded };
  const [row] = await db
    .select({ matching_info: listeners.matching_info })
    .from(listeners)
    .where(eq(listeners.uid, viewer.uid));
  if (!row) return null;
  return { uid: viewer.uid, mask: matchingMask(row.matching_info), matching_info: row.matching_info };
}
