import { blockedWordsOf } from "~/domain/remote-config";
import type { Db, Tx } from "../../db/client";
import { remoteConfigValue } from "../shared/remote-config";

/**
 * The parts of live streaming an operator changes without a deploy: the viewer cap and the
 * blocked words of comments, from the remote configuration (`live_max_viewers`,
 * `live_blocked_words` at `/admin/config`, contract §15, ADR 0033) — read only through here.
 */
export interface LiveSettings {
  /** Viewers one live admits at once; the next one reads 「満員です」. */
  maxViewers: number;
  /** Words refused in comments (folded as `containsBlockedWord` folds). */
  blockedWords: readonly string[];
}

export async function liveSettings({ db }: { db: Db | Tx }): Promise<LiveSettings> {
  return {
    maxViewers: await remoteConfigValue(db, "live_max_viewers"),
    blockedWords: blockedWordsOf(await remoteConfigValue(db, "live_blocked_words")),
  };
}
