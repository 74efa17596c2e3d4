import { eq } from "drizzle-orm";
import { MatchingProfileSchema } from "~/domain/matching-profile";
import type { MatchingInfo } from "~/domain/options";
import { roleRefusal } from "~/domain/permissions";
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
  const refused = roleRefusal(actor, "listener.profile.update");
  if (refused) return { ok: false, error: refused };
  // The schema only lets each question's own two answers through.
  const matching_info = MatchingProfileSchema.parse(input).matching_info as MatchingInfo;
  await db.update(listeners).set({ matching_info }).where(eq(listeners.uid, actor.uid));
  return { ok: true, matching_info };
}
