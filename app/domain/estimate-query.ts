/**
 * The query of the estimated bill (ADR 0057): `GET /api/livers/{id}/estimate` and the calculator
 * of the store page (a GET form with the same names), read by the same readers as the browser's
 * live calculator (estimate.ts), so a message is the same with and without JavaScript. A wrong
 * value is a 400 whose message names the field in Japanese (「人数は1〜20人で…」).
 */
import { z } from "zod";
import {
  ESTIMATE_FIELDS,
  ESTIMATE_LIMITS,
  ESTIMATE_SET_INDEX_MAX,
  type EstimateField,
  type EstimateQuery,
  readEstimateField,
} from "./estimate";

/** A parameter as a string (the first when repeated), read by readEstimateField. */
function param<F extends EstimateField>(field: F) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const read = readEstimateField(field, raw);
      if (!read.ok) {
        ctx.addIssue({ code: "custom", message: read.message });
        return z.NEVER;
      }
      return read.value;
    });
}

const count = (field: keyof typeof ESTIMATE_LIMITS, description: string) => {
  const { min, max, default: byDefault } = ESTIMATE_LIMITS[field];
  return param(field).meta({
    override: { type: "integer", minimum: min, maximum: max, default: byDefault },
    description,
  });
};

const flag = (field: "first_visit" | "nomination", description: string) =>
  param(field).meta({ override: { type: "boolean", default: false }, description });

export const EstimateQuerySchema = z.object({
  people: count("people", "how many people (人数)"),
  sets: count(
    "sets",
    "how many set periods in a row (セット数); with first_visit the first is at the first-visit price",
  ),
  extensions: count("extensions", "how many extensions after the sets (延長回数)"),
  set: param("set").meta({
    override: { type: "integer", minimum: 0, maximum: ESTIMATE_SET_INDEX_MAX },
    description:
      "the index of the set in the store's price_system.sets; by default the cheapest set without a label (else the cheapest)",
  }),
  first_visit: flag(
    "first_visit",
    "a first visit: the first set at the store's first-visit price (first_visit, else a set labelled 初回); true/false, 1/0",
  ),
  nomination: flag("nomination", "one performer nominated (指名料 once per set); true/false, 1/0"),
});

export type EstimateQueryParse =
  | { ok: true; value: EstimateQuery }
  | { ok: false; field: EstimateField; message: string; errors: Partial<Record<EstimateField, string>> };

/** The query of a URL: each parameter's first value; unknown names are ignored. */
export function parseEstimateQuery(params: URLSearchParams): EstimateQueryParse {
  const input = Object.fromEntries(
    ESTIMATE_FIELDS.flatMap((field) => {
      const value = params.get(field);
      return value === null ? [] : [[field, value]];
    }),
  );
  const result = EstimateQuerySchema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const errors: Partial<Record<EstimateField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as EstimateField;
    errors[field] ??= issue.message;
  }
  const field = ESTIMATE_FIELDS.find((f) => errors[f])!;
  return { ok: false, field, message: errors[field]!, errors };
}

/** The raw values of a URL's query by field, as the calculator's boxes show them again. */
export function estimateQueryValues(params: URLSearchParams): Partial<Record<EstimateField, string>> {
  return Object.fromEntries(
    ESTIMATE_FIELDS.flatMap((field) => {
      const value = params.get(field);
      return value === null ? [] : [[field, value]];
    }),
  );
}

/**
 * The calculator's state from a page URL (the GET form of the store page): the values as sent and
 * the schema's message for each wrong one. The page still renders; only the calculator says so.
 */
export function estimateForm(params: URLSearchParams): {
  values: Partial<Record<EstimateField, string>>;
  errors: Partial<Record<EstimateField, string>>;
} {
  const parsed = parseEstimateQuery(params);
  return { values: estimateQueryValues(params), errors: parsed.ok ? {} : parsed.errors };
}
