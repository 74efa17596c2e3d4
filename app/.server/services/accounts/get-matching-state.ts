import type { MatchingState } from "~/domain/matching";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listenerContextOf, matchingStateOf } from "../shared/listener-context";

/**
 * What a matching score is for the one who looks (ADR 0060), for the pages that word it: signed
 * out, another kind of account, a listener without answers (「相性診断に答える」), or one with
 * answers. A listener's answers come with her session (ADR 0034): usually no query at all.
 */
export async function getMatchingState({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer | null;
}): Promise<MatchingState> {
  if (!actor) return "signed_out";
  if (roleRefusal(actor, "listener.matching.read")) return "other_role";
  return matchingStateOf(actor, await listenerContextOf(db, actor));
}
