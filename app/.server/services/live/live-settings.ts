import type { Db } from "../../db/client";
import type { Env } from "../../env";

/**
 * The parts of live streaming an operator may want to change without a deploy: the blocked words
 * of comments and the viewer cap. Read them only through `liveSettings()`: today they come from
 * the environment (`LIVE_BLOCKED_WORDS`, `LIVE_MAX_VIEWERS`); the operator's remote configuration
 * (contract §15, issue 18) will supply them here, from the database, without touching a caller.
 */
export interface LiveSettings {
  /** Viewers one live admits at once; the next one reads 「満員です」. */
  maxViewers: number;
  /** Words refused in comments (folded as the contact filter folds). */
  blockedWords: readonly string[];
}

export async function liveSettings({ env }: { db?: Db; env: Pick<Env, "live"> }): Promise<LiveSettings> {
  return { maxViewers: env.live.maxViewers, blockedWords: env.live.blockedWords };
}
