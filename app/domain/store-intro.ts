import { z } from "zod";
import { EARTH_RADIUS_M } from "./geo-units";
import { toHalfWidthDigits } from "./input-filters";
import { normalizeAmount } from "./price-system";
import {
  ACCESS_MAX,
  type AccessRowInput,
  FIRST_VISIT_INCLUDES_MAX,
  FIRST_VISIT_MINUTES_MAX,
  FIRST_VISIT_MINUTES_MIN,
  FIRST_VISIT_PRICE_MAX,
  type FirstVisit,
  LINE_NAME_MAX,
  normalizeLineName,
  normalizeStationName,
  PR_TEXT_MAX,
  STATION_NAME_MAX,
  STORE_INTRO_LABELS,
  STORE_INTRO_MESSAGES,
  type StationAccess,
  WALK_METRES_PER_MINUTE,
  WALK_MINUTES_MAX,
  WALK_MINUTES_MIN,
} from "./store-intro-display";
import { blankWhenMissing, charLength, zLine, zMultiline } from "./text-fields";
import { messages } from "./validators";

export * from "./store-intro-display";

/*
 * The top of a store page (docs/product.md 紹介文・アクセス・初回料金): the store's
 * introduction `pr_text`, its nearest stations `access` and its first-visit price `first_visit`,
 * kept on `livers`. The words, limits and the form's schema parts; stations are checked against
 * the station data on the server (services/stores/update-store-profile.ts, ADR 0056).
 */

const M = STORE_INTRO_MESSAGES;

/** Great-circle distance in metres (the sphere of earthdistance, as the map search measures). */
export function distanceMetres(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The walk estimated from a distance (ADR 0056): metres ÷ 80, rounded up, at least 1 minute. The
 * distance is a straight line, so the estimate is a floor: the store corrects it in the form.
 */
export function walkMinutesFor(metres: number): number {
  return Math.max(WALK_MINUTES_MIN, Math.ceil(Math.max(0, metres) / WALK_METRES_PER_MINUTE));
}

/* ------------------------------------------------------------------------------------------- */
/* The form's parts                                                                              */
/* ------------------------------------------------------------------------------------------- */

/** Whether every field of a submitted row is blank (the empty rows of the form). */
function isBlankRow(row: unknown): boolean {
  if (typeof row !== "object" || row === null || Array.isArray(row)) return false;
  return Object.values(row).every((value) => typeof value === "string" && value.trim() === "");
}

/** Whole minutes as typed: full-width digits, 「徒歩」「分」 and spaces accepted ("徒歩５分" → "5"). */
const minutesText = (value: string) =>
  toHalfWidthDigits(value.normalize("NFKC")).replace(/[\s徒歩分約]/g, "");

/** A trimmed single line of at most `max` characters, normalised by `fold`. */
const zName = (label: string, max: number, fold: (s: string) => string, requiredMessage: string) =>
  z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform(fold)
      .superRefine((value, ctx) => {
        if (value === "") ctx.addIssue({ code: "custom", message: requiredMessage });
        else if (/\p{Cc}/u.test(value)) ctx.addIssue({ code: "custom", message: messages.invalid_type });
        else if (charLength(value) > max)
          ctx.addIssue({ code: "custom", message: `${label}は${max}文字以内で入力してください` });
      }),
  );

const AccessRowSchema = z.object({
  station: zName(STORE_INTRO_LABELS.station, STATION_NAME_MAX, normalizeStationName, M.station_required),
  line: zName(STORE_INTRO_LABELS.line, LINE_NAME_MAX, (s) => s.normalize("NFKC").trim(), M.line_required),
  walk_minutes: z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform(minutesText)
      .superRefine((value, ctx) => {
        if (value === "") ctx.addIssue({ code: "custom", message: M.walk_minutes_required });
        else if (!/^\d{1,2}$/.test(value) || +value < WALK_MINUTES_MIN || +value > WALK_MINUTES_MAX)
          ctx.addIssue({ code: "custom", message: M.walk_minutes });
      })
      .transform(Number),
  ),
});

/**
 * The access rows, sent as `access.0.station`, `access.0.line`, `access.0.walk_minutes`, …: blank
 * rows dropped, at most ACCESS_MAX left, each station and line once; the keys kept so a message
 * lands on its row's field (`access.1.walk_minutes`). Whether the station is in the station data is
 * asked on the server (ADR 0056).
 */
export const zAccess = () =>
  z.preprocess(
    (value) => {
      if (value === undefined || value === null || value === "") return {};
      if (typeof value !== "object" || Array.isArray(value)) return value;
      return Object.fromEntries(
        Object.entries(value).filter(([key, row]) => /^\d$/.test(key) && !isBlankRow(row)),
      );
    },
    z
      .record(z.string(), AccessRowSchema, { error: messages.invalid_type })
      .superRefine((rows, ctx) => {
        const keys = Object.keys(rows);
        if (keys.length > ACCESS_MAX) {
          ctx.addIssue({ code: "custom", message: M.too_many_stations });
          return;
        }
        const seen = new Set<string>();
        for (const key of keys.sort((a, b) => Number(a) - Number(b))) {
          const row = rows[key]!;
          const id = `${row.station}|${normalizeLineName(row.line)}`;
          if (seen.has(id))
            ctx.addIssue({ code: "custom", path: [key, "station"], message: M.duplicate_station });
          seen.add(id);
        }
      })
      .transform((rows): AccessRowInput[] =>
        Object.entries(rows)
          .sort(([a], [b]) => Number(a) - Number(b))
          .map(([row, fields]) => ({ ...fields, row })),
      ),
  );

/** `first_visit.price_jpy` / `.minutes` / `.includes`: all blank is "none" (null); price and minutes go together. */
export const zFirstVisit = () =>
  z.preprocess(
    (value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? value : {}),
    z
      .object(
        {
          price_jpy: z.preprocess(
            blankWhenMissing,
            z
              .string({ error: messages.invalid_type })
              .transform(normalizeAmount)
              .superRefine((value, ctx) => {
                if (value !== "" && (!/^\d{1,6}$/.test(value) || Number(value) > FIRST_VISIT_PRICE_MAX))
                  ctx.addIssue({ code: "custom", message: M.price });
              })
              .transform((value) => (value === "" ? null : Number(value))),
          ),
          minutes: z.preprocess(
            blankWhenMissing,
            z
              .string({ error: messages.invalid_type })
              .transform(minutesText)
              .superRefine((value, ctx) => {
                if (
                  value !== "" &&
                  (!/^\d{1,3}$/.test(value) ||
                    +value < FIRST_VISIT_MINUTES_MIN ||
                    +value > FIRST_VISIT_MINUTES_MAX)
                )
                  ctx.addIssue({ code: "custom", message: M.minutes });
              })
              .transform((value) => (value === "" ? null : Number(value))),
          ),
          includes: zLine(STORE_INTRO_LABELS["first_visit.includes"], FIRST_VISIT_INCLUDES_MAX, {
            required: false,
          }),
        },
        { error: messages.invalid_type },
      )
      .superRefine((v, ctx) => {
        if ((v.price_jpy === null) !== (v.minutes === null))
          ctx.addIssue({
            code: "custom",
            path: [v.price_jpy === null ? "price_jpy" : "minutes"],
            message: M.first_visit_pair,
          });
        else if (v.price_jpy === null && v.includes !== "")
          ctx.addIssue({ code: "custom", path: ["price_jpy"], message: M.includes_without_price });
      })
      .transform((v): FirstVisit | null =>
        v.price_jpy === null || v.minutes === null
          ? null
          : { price_jpy: v.price_jpy, minutes: v.minutes, includes: v.includes },
      ),
  );

/** The introduction: up to PR_TEXT_MAX characters, line breaks kept. */
export const zPrText = () => zMultiline(STORE_INTRO_LABELS.pr_text, PR_TEXT_MAX, { required: false });

/** The three fields of the store profile this file adds (spread into StoreProfileSchema). */
export const STORE_INTRO_FIELDS = {
  pr_text: zPrText(),
  access: zAccess(),
  first_visit: zFirstVisit(),
};

/** What the form shows for stored values: rows keyed by index, numbers as text. */
export function storeIntroFormValues(store: {
  pr_text: string;
  access: readonly StationAccess[];
  first_visit: FirstVisit | null;
}) {
  return {
    pr_text: store.pr_text,
    access: Object.fromEntries(
      store.access.map((row, index) => [
        String(index),
        { station: row.station, line: row.line, walk_minutes: String(row.walk_minutes) },
      ]),
    ),
    first_visit: store.first_visit
      ? {
          price_jpy: String(store.first_visit.price_jpy),
          minutes: String(store.first_visit.minutes),
          includes: store.first_visit.includes,
        }
      : { price_jpy: "", minutes: "", includes: "" },
  };
}

/** The error summary's labels of the access rows, in the form's order (`access.1.line` → 「最寄り駅 2（路線）」). */
export const ACCESS_ROW_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  Array.from({ length: ACCESS_MAX }, (_, index) =>
    (["station", "line", "walk_minutes"] as const).map((key) => [
      `access.${index}.${key}`,
      `最寄り駅 ${index + 1}（${STORE_INTRO_LABELS[key]}）`,
    ]),
  ).flat(),
);
