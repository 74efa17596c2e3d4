/**
 * The remote configuration (ADR 0033, docs/product.md/ADR 0007/ADR 0025): typed keys whose defaults are code and
 * whose values the operator sets at `/admin/config`. The server reads them with
 * `readRemoteConfig` (services/shared/remote-config.ts), the browser through `GET /api/config`
 * with the client of components/remote-config/. Pure and isomorphic. ADR 0033.
 *
 * A new key is one entry below: its type, default, the Japanese label and help the console shows,
 * its bounds, and whether browsers may read it (`client`). Nothing else changes — the page, the
 * validation, the API and the accessor all read this table.
 */

import { z } from "zod";
import { parseFanThresholds } from "./fans";
import { parseTierThresholds } from "./gifts";

export const REMOTE_CONFIG_TYPES = ["string", "boolean", "number"] as const;
export type RemoteConfigType = (typeof REMOTE_CONFIG_TYPES)[number];

interface KeyBase {
  /** What the console calls it. */
  label: string;
  /** One or two sentences on what it changes and where. */
  help: string;
  /**
   * Served to browsers by `GET /api/config`. Keys only the server needs (a list of blocked words,
   * which would teach abusers what to misspell) stay on the server.
   */
  client: boolean;
}

export interface NumberKey extends KeyBase {
  type: "number";
  default: number;
  min: number;
  max: number;
  /** Whole numbers only (counts, yen). */
  integer: boolean;
  unit?: string;
}

export interface StringKey extends KeyBase {
  type: "string";
  default: string;
  maxLength: number;
  /** A textarea (one entry per line) rather than a single line. */
  multiline: boolean;
  /** The message shown when a value does not have the key's form (a list of numbers…), else null. */
  validate?: (value: string) => string | null;
}

export interface BooleanKey extends KeyBase {
  type: "boolean";
  default: boolean;
  /** The words of the two choices ("受け付ける" / "停止する"). */
  on: string;
  off: string;
}

export type RemoteConfigKeyDefinition = NumberKey | StringKey | BooleanKey;

export const REMOTE_CONFIG_KEYS = {
  live_max_viewers: {
    type: "number",
    default: 50,
    min: 1,
    max: 10_000,
    integer: true,
    unit: "人",
    label: "ライブの最大同時視聴者数",
    help: "1つのライブ配信を同時に視聴できる人数の上限です。上限に達すると、新しい視聴者には満員と表示されます。",
    client: true,
  },
  blocked_words: {
    type: "string",
    default: "",
    maxLength: 10_000,
    multiline: true,
    label: "禁止ワード（ライブコメント・チャット）",
    help: "1行に1語ずつ入力します。この語を単語として含むコメントやメッセージは送信できません（「ばか」は「ばかり」に反応しません）。大文字・小文字、全角・半角、ひらがな・カタカナの違いは区別しません。「語*」で語の始まり、「*語」で語の終わり、「*語*」でどこにあっても一致します。",
    client: false,
  },
  blocked_words_allowed: {
    type: "string",
    default: "",
    maxLength: 10_000,
    multiline: true,
    label: "禁止ワードの例外（許可ワード）",
    help: "1行に1語ずつ入力します。禁止ワードがこの語の一部として現れる場合は送信できます（例：「ばかうま」を入れると「ばかうまラーメン」は送信でき、「ばか」は引き続き送信できません）。",
    client: false,
  },
  payout_min_yen: {
    type: "number",
    default: 5000,
    min: 1,
    max: 10_000_000,
    integer: true,
    unit: "円",
    label: "振込申請の最低金額",
    help: "店舗がポイントの振込を申請できる最低金額（1ポイント＝1円）です。",
    client: true,
  },
  gift_confirm_coins: {
    type: "number",
    default: 1000,
    min: 0,
    max: 10_000_000,
    integer: true,
    unit: "コイン",
    label: "ギフト送信の確認",
    help: "1回の送信の金額（アイテムのコイン価格×個数）がこれを超えると、贈る前に確認画面を表示します。",
    client: true,
  },
  gift_tier_coins: {
    type: "string",
    default: "100,1000",
    maxLength: 40,
    multiline: false,
    validate: (value) => (parseTierThresholds(value) ? null : REMOTE_CONFIG_MESSAGES.tierThresholds),
    label: "ギフト演出の段階",
    help: "「100,1000」のように2つの金額をカンマで区切って入力します。アイテムのコイン価格が1つ目以下ならバナー、2つ目以下なら大きな表示、それを超えると全画面のアニメーションになります。",
    client: true,
  },
  fan_level_thresholds: {
    type: "string",
    default: "50,150,400,1000,2500,6000,15000,40000,100000",
    maxLength: 120,
    multiline: false,
    validate: (value) => (parseFanThresholds(value) ? null : REMOTE_CONFIG_MESSAGES.fanThresholds),
    label: "ファンレベルの基準",
    help: "レベル2〜10になるポイントを、小さい順に9つカンマで区切って入力します。ポイントは配信者ごと・月ごとに、贈ったコイン1枚で1、コメント1件で1（1日50まで）、視聴1分で1（1日120まで）です。",
    client: true,
  },
  shop_entry_open: {
    type: "boolean",
    default: true,
    on: "受け付ける",
    off: "停止する",
    label: "掲載リクエストの受付",
    help: "「停止する」にすると、掲載リクエストのページ（/shop_entry）にフォームの代わりに受付停止のお知らせが表示されます。",
    client: true,
  },
  age_verification_required: {
    type: "boolean",
    default: true,
    on: "必要",
    off: "不要",
    label: "メッセージ前の年齢確認",
    help: "「必要」のとき、年齢確認が済んでいないリスナーはトークを始めることもメッセージを送ることもできません（ギフトとライブのコメントは送れます）。出会い系サイト規制法に基づく設定です。",
    client: false,
  },
} as const satisfies Record<string, RemoteConfigKeyDefinition>;

export type RemoteConfigKey = keyof typeof REMOTE_CONFIG_KEYS;
export const REMOTE_CONFIG_KEY_NAMES = Object.keys(REMOTE_CONFIG_KEYS) as RemoteConfigKey[];

type ValueOfType<T extends RemoteConfigType> = T extends "number"
  ? number
  : T extends "boolean"
    ? boolean
    : string;
export type RemoteConfigValue<K extends RemoteConfigKey> = ValueOfType<
  (typeof REMOTE_CONFIG_KEYS)[K]["type"]
>;
export type RemoteConfigValues = { [K in RemoteConfigKey]: RemoteConfigValue<K> };

export const REMOTE_CONFIG_DEFAULTS = Object.fromEntries(
  REMOTE_CONFIG_KEY_NAMES.map((key) => [key, REMOTE_CONFIG_KEYS[key].default]),
) as RemoteConfigValues;

/** Whether a stored (or fetched) value still fits its key: right type, within the bounds. */
export function fitsRemoteConfigKey(definition: RemoteConfigKeyDefinition, value: unknown): boolean {
  switch (definition.type) {
    case "number":
      return (
        typeof value === "number" &&
        Number.isFinite(value) &&
        (!definition.integer || Number.isInteger(value)) &&
        value >= definition.min &&
        value <= definition.max
      );
    case "boolean":
      return typeof value === "boolean";
    case "string":
      return (
        typeof value === "string" &&
        value.length <= definition.maxLength &&
        (definition.validate?.(value) ?? null) === null
      );
  }
}

/**
 * Every key's value: the stored one when it still fits its key, the default otherwise. Unknown
 * keys are dropped (a key removed from the code leaves its row behind harmlessly).
 */
export function resolveRemoteConfig(stored: Readonly<Record<string, unknown>>): RemoteConfigValues {
  const values: Record<string, unknown> = {};
  for (const key of REMOTE_CONFIG_KEY_NAMES) {
    const definition = REMOTE_CONFIG_KEYS[key];
    const value = stored[key];
    values[key] =
      Object.hasOwn(stored, key) && fitsRemoteConfigKey(definition, value) ? value : definition.default;
  }
  return values as RemoteConfigValues;
}

/** The keys browsers may read (`client: true`), for `GET /api/config`. */
export function clientRemoteConfig(values: RemoteConfigValues): Partial<RemoteConfigValues> {
  return Object.fromEntries(
    REMOTE_CONFIG_KEY_NAMES.filter((key) => REMOTE_CONFIG_KEYS[key].client).map((key) => [key, values[key]]),
  ) as Partial<RemoteConfigValues>;
}

export const REMOTE_CONFIG_MESSAGES = {
  unknown_key: "この設定項目はありません",
  number: "半角または全角の数字で入力してください",
  integer: "小数点のない整数で入力してください",
  range: (min: number, max: number, unit = "") =>
    `${min.toLocaleString("ja-JP")}${unit}以上${max.toLocaleString("ja-JP")}${unit}以下で入力してください`,
  boolean: "どちらかを選んでください",
  too_long: (max: number) => `${max.toLocaleString("ja-JP")}文字以内で入力してください`,
  tierThresholds: "「100,1000」のように、小さい順に2つの整数をカンマで区切って入力してください",
  fanThresholds: "小さい順に9つの整数をカンマで区切って入力してください",
} as const;

export type ParsedRemoteConfigValue =
  | { ok: true; value: string | number | boolean }
  | { ok: false; message: string };

/**
 * What the operator typed into a key's field, as a value of the key's type, or the Japanese
 * message to show next to the field. Numbers may be typed full-width and with thousands
 * separators ("５，０００"); a boolean comes from the two radio buttons ("true" / "false");
 * text keeps its lines (line endings made `\n`, trailing spaces of each line dropped).
 */
export function parseRemoteConfigInput(
  definition: RemoteConfigKeyDefinition,
  raw: string,
): ParsedRemoteConfigValue {
  switch (definition.type) {
    case "number": {
      const text = raw.normalize("NFKC").replace(/[,\s]/g, "");
      if (!/^-?\d+(\.\d+)?$/.test(text)) return { ok: false, message: REMOTE_CONFIG_MESSAGES.number };
      const value = Number(text);
      if (definition.integer && !Number.isInteger(value))
        return { ok: false, message: REMOTE_CONFIG_MESSAGES.integer };
      if (value < definition.min || value > definition.max)
        return {
          ok: false,
          message: REMOTE_CONFIG_MESSAGES.range(definition.min, definition.max, definition.unit),
        };
      return { ok: true, value };
    }
    case "boolean":
      if (raw === "true") return { ok: true, value: true };
      if (raw === "false") return { ok: true, value: false };
      return { ok: false, message: REMOTE_CONFIG_MESSAGES.boolean };
    case "string": {
      const lines = raw.replace(/\r\n?/g, "\n").split("\n");
      const value = (definition.multiline ? lines.map((line) => line.trimEnd()).join("\n") : lines.join(" "))
        .replace(/\n+$/, "")
        .trim();
      if (value.length > definition.maxLength)
        return { ok: false, message: REMOTE_CONFIG_MESSAGES.too_long(definition.maxLength) };
      const invalid = definition.validate?.(value) ?? null;
      if (invalid) return { ok: false, message: invalid };
      return { ok: true, value };
    }
  }
}

/** A value as the console shows it ("5,000円", "受け付ける", "（空）"). */
export function formatRemoteConfigValue(definition: RemoteConfigKeyDefinition, value: unknown): string {
  switch (definition.type) {
    case "number":
      return typeof value === "number" ? `${value.toLocaleString("ja-JP")}${definition.unit ?? ""}` : "";
    case "boolean":
      return value === true ? definition.on : value === false ? definition.off : "";
    case "string":
      return typeof value === "string" && value !== "" ? value : "（空）";
  }
}

/**
 * The form of one key at `/admin/config`: the key and its value as typed. The key's own type
 * decides the rest (`parseRemoteConfigInput`), so the schema only shapes the form.
 */
export const RemoteConfigFormSchema = z.object({
  key: z.string(),
  value: z.string().default(""),
});

/** How long browsers and shared caches may keep `GET /api/config` before revalidating (5 min). */
export const REMOTE_CONFIG_CACHE_SECONDS = 300;

/** The keys browsers receive (`client: true`): the only ones the browser client can be asked for. */
export type ClientRemoteConfigKey = {
  [K in RemoteConfigKey]: (typeof REMOTE_CONFIG_KEYS)[K]["client"] extends true ? K : never;
}[RemoteConfigKey];
