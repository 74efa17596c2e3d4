import { type BlockedWordRules, blockedWordRulesOf } from "~/domain/blocked-words";
import type { Db, Tx } from "../../db/client";
import { readRemoteConfig } from "../shared/remote-config";

/**
 * The blocked words of chat messages and live comments and their exceptions, as the operator set
 * them at `/admin/config` (`blocked_words`, `blocked_words_allowed`; ADR 0050). Matched as whole
 * words by domain/blocked-words.ts.
 */
export async function blockedWordRules(db: Db | Tx): Promise<BlockedWordRules> {
  const values = await readRemoteConfig(db);
  return blockedWordRulesOf(values.blocked_words, values.blocked_words_allowed);
}
