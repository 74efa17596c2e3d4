import { eq } from "drizzle-orm";
import { chosenAnswers } from "~/domain/matching";
import { MatchingProfileSchema } from "~/domain/matching-profile";
import type { MatchingInfo } from "~/domain/options";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";

export type UpdateMatchingInfoResult =
  | { ok: true; matching_info: Partial<MatchingInfo> }
  | { ok: false; error: "forbidden" | "invalid" };

/**
 * A listener's answers, replaced as a whole by the ones she chose (only the actor's own profile).
 * A partial save stores only the chosen questions (ADR 0060): the others stay unanswered in the
 * form and count as their default answer in the score. At least one answer: a save with none is
 * refused (the schema's message), so "has answered" is "has a stored answer".
 */
export async function updateMatchingInfo({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { matching_info: Record<string, string | undefined> };
}): Promise<UpdateMatchingInfoResult> {
  const refused = roleRefusal(actor, "listener.profile.update");
  if (refused) return { ok: false, error: refused };
  // The schema only lets each question's own two answers through.
  const parsed = MatchingProfileSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "invalid" };
  const matching_info = chosenAnswers(parsed.data.matching_info);
  await db.update(listeners).set({ matching_info }).where(eq(listeners.uid, actor.uid));
  return { ok: true, matching_info };
}
