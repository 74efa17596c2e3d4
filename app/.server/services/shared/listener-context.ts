import { eq } from "drizzle-orm";
import { hasMatchingAnswers, type MatchingState, matchingMask } from "~/domain/matching";
import type { MatchingInfo } from "~/domain/options";
import { preloadedAnswersOf, type Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";

export interface ListenerContext {
  uid: string;
  /**
   * The answers as a mask, or null while she has saved none (ADR 0060): no score then
   * (`matching_score: null`), and `sort=matching` is `new`.
   */
  mask: number | null;
  matching_info: Partial<MatchingInfo>;
}

function contextOf(uid: string, matching_info: Partial<MatchingInfo>): ListenerContext {
  return { uid, mask: hasMatchingAnswers(matching_info) ? matchingMask(matching_info) : null, matching_info };
}

/** The signed-in listener as the public lists need it (follows, matching mask); null for anyone else. */
export async function listenerContextOf(
  db: Db,
  viewer: Viewer | null | undefined,
): Promise<ListenerContext | null> {
  if (viewer?.type !== "listener") return null;
  const preloaded = preloadedAnswersOf(viewer);
  if (preloaded) return contextOf(viewer.uid, preloaded);
  const [row] = await db
    .select({ matching_info: listeners.matching_info })
    .from(listeners)
    .where(eq(listeners.uid, viewer.uid));
  if (!row) return null;
  return contextOf(viewer.uid, row.matching_info);
}

/** What a score is for the viewer (domain MatchingState), from the same context the lists use. */
export function matchingStateOf(
  viewer: Viewer | null | undefined,
  listener: ListenerContext | null,
): MatchingState {
  if (!viewer) return "signed_out";
  if (viewer.type !== "listener" || !listener) return "other_role";
  return listener.mask === null ? "unanswered" : "answered";
}
