import { type BlockedWordRules, blockedWordRulesOf } from "~/domain/blocked-words";
import { parseFanThresholds } from "~/domain/fans";
import { parseTierThresholds } from "~/domain/gifts";
import { REMOTE_CONFIG_DEFAULTS, type RemoteConfigValues } from "~/domain/remote-config";
import type { Db, Tx } from "../../db/client";
import { remoteConfigValue } from "../shared/remote-config";

/**
 * The parts of the live room an operator changes without a deploy, from the remote configuration
 * at `/admin/config` (ADR 0033, 0043) — read only through here: the viewer cap,
 * the blocked words of comments, when a gift asks for a confirmation, the tiers of the gift
 * animations and the fan levels' thresholds.
 */
export interface LiveSettings {
  /** Viewers one live admits at once; the next one reads 「満員です」. */
  maxViewers: number;
  /** Words refused in comments, as whole words, and their exceptions (domain/blocked-words.ts). */
  blockedWords: BlockedWordRules;
  /** A gift worth more coins than this is confirmed in the page first (`gift_confirm_coins`). */
  confirmCoins: number;
  /** A banner up to the first price, an overlay up to the second, the full screen above (`gift_tier_coins`). */
  tierThresholds: readonly [number, number];
  /** The points fan levels 2…10 start at (`fan_level_thresholds`). */
  fanThresholds: readonly number[];
}

function settingsOf(values: Pick<RemoteConfigValues, LiveSettingKey>): LiveSettings {
  const defaults = REMOTE_CONFIG_DEFAULTS;
  return {
    maxViewers: values.live_max_viewers,
    blockedWords: blockedWordRulesOf(values.blocked_words, values.blocked_words_allowed),
    confirmCoins: values.gift_confirm_coins,
    // A stored value always fits its key (domain/remote-config.ts checks it); the default is the fallback.
    tierThresholds:
      parseTierThresholds(values.gift_tier_coins) ?? parseTierThresholds(defaults.gift_tier_coins)!,
    fanThresholds:
      parseFanThresholds(values.fan_level_thresholds) ?? parseFanThresholds(defaults.fan_level_thresholds)!,
  };
}

type LiveSettingKey =
  | "live_max_viewers"
  | "blocked_words"
  | "blocked_words_allowed"
  | "gift_confirm_coins"
  | "gift_tier_coins"
  | "fan_level_thresholds";

export async function liveSettings({ db }: { db: Db | Tx }): Promise<LiveSettings> {
  const [
    live_max_viewers,
    blocked_words,
    blocked_words_allowed,
    gift_confirm_coins,
    gift_tier_coins,
    fan_level_thresholds,
  ] = await Promise.all([
    remoteConfigValue(db, "live_max_viewers"),
    remoteConfigValue(db, "blocked_words"),
    remoteConfigValue(db, "blocked_words_allowed"),
    remoteConfigValue(db, "gift_confirm_coins"),
    remoteConfigValue(db, "gift_tier_coins"),
    remoteConfigValue(db, "fan_level_thresholds"),
  ]);
  return settingsOf({
    live_max_viewers,
    blocked_words,
    blocked_words_allowed,
    gift_confirm_coins,
    gift_tier_coins,
    fan_level_thresholds,
  });
}

/** Every setting at its default: the demo seed, and tests that set none or only some. */
export const DEFAULT_LIVE_SETTINGS: LiveSettings = settingsOf(REMOTE_CONFIG_DEFAULTS);
