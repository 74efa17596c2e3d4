import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners } from "../../db/schema";

export type UpdateRankingPrivacyResult =
  | { ok: true; hideFromRankings: boolean }
  | { ok: false; error: "forbidden" };

/**
 * Whether the listener's name is shown in rankings (ADR 0043): hidden, the live
 * rankings and the broadcasters' fan lists read her as 「匿名のリスナー」. The flag is read when a
 * ranking is read, so the change reaches every live and month at once, past ones included. Only the
 * actor's own account, only a listener (it is part of her profile: `listener.profile.update`).
 */
export async function updateRankingPrivacy({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { hide_from_rankings: boolean };
}): Promise<UpdateRankingPrivacyResult> {
  const refused = roleRefusal(actor, "listener.profile.update");
  if (refused) return { ok: false, error: refused };
  const hide = input.hide_from_rankings === true;
  await db.update(listeners).set({ hide_from_rankings: hide }).where(eq(listeners.uid, actor.uid));
  return { ok: true, hideFromRankings: hide };
}
