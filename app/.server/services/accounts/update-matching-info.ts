import { eq } from "drizzle-orm";
import { MatchingProfileSchema } from "~/domain/matching-profile";
import type { MatchingInfo } from "~/domain/options";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";

export type UpdateMatchingInfoResult =
  | { ok: true; matching_info: MatchingInfo }
  | { ok: false; error: "forbidden" };

/** A listener's 13 answers, replaced as a whole (only the actor's own profile). */
export async function updateMatchingInfo({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { matching_info: Record<string, string> };
}): Promise<UpdateMatchingInfoResult> {
  if (actor.type !== "listener") return { ok: false, error: "forbidden" };
  // The schema only lets each question's own two answers through.
  const matching_info = MatchingProfileSchema.parse(input).matching_info as MatchingInfo;
  await db.update(listeners).set({ matching_info }).where(eq(listeners.uid, actor.uid));
  return { ok: true, matching_info };
}
