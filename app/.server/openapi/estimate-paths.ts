/**
 * The estimated bill (ADR 0057): `GET /api/livers/{id}/estimate`, the same function as the store
 * page's calculator. Kept apart from ./paths.ts, which spreads ESTIMATE_PATHS into API_PATHS.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { EstimateQuerySchema } from "~/domain/estimate-query";
import { ErrorResponse, FieldError, jsonResponse } from "./responses";

const json = jsonResponse;
const yen = z.number().int().meta({ description: "yen" });

const EstimateLine = z
  .object({
    kind: z.enum(["first_visit", "set", "extension", "nomination", "table_charge"]),
    label: z.string().meta({ description: "Japanese, e.g. 「セット料金（20:00〜21:00・60分）」" }),
    detail: z.string().meta({ description: "how it was counted, e.g. 「¥5,000 × 2名 × 2セット」" }),
    amount: yen,
  })
  .meta({ id: "EstimateLine" });

const BillEstimate = z
  .object({
    set_index: z.number().int().meta({ description: "the set of price_system.sets the estimate used" }),
    items: z.array(EstimateLine),
    subtotal: yen,
    service_charge_percent: z
      .number()
      .nullable()
      .meta({ description: "null: included in the prices or not charged" }),
    service_charge: yen.meta({ description: "⌊subtotal × service_charge_percent⌋" }),
    tax_percent: z.number().nullable().meta({ description: "null: included in the prices or not charged" }),
    tax: yen.meta({ description: "⌊(subtotal + service_charge) × tax_percent⌋" }),
    total: yen,
    minutes: z.number().int().meta({ description: "the length of the stay" }),
    from: z.boolean().meta({
      description: "a chosen charge is not in the price system and was left out: the total is a lower bound",
    }),
    notes: z.array(z.string()).meta({ description: "Japanese sentences for the reader" }),
  })
  .meta({ id: "BillEstimate" });

const Estimate = z
  .object({
    liver_id: z.string(),
    query: z.object({
      people: z.number().int(),
      sets: z.number().int(),
      extensions: z.number().int(),
      set: z.number().int().nullable().meta({ description: "the set used; null when the store has no sets" }),
      first_visit: z.boolean(),
      nomination: z.boolean(),
    }),
    estimate: BillEstimate.nullable().meta({ description: "null when the store lists no set prices" }),
    message: z.string().nullable().meta({ description: "Japanese; why there is no estimate" }),
  })
  .meta({ id: "Estimate", description: "The estimated bill (料金目安); drinks are not included." });

export const ESTIMATE_PATHS: ZodOpenApiPathsObject = {
  "/api/livers/{id}/estimate": {
    get: {
      summary: "The estimated bill at a public store for people, sets and extensions",
      description:
        "From the store's price system and first-visit offer: sets (the first at the first-visit price with first_visit), extensions, nomination and table charge per person; service charge on the subtotal and consumption tax on subtotal + service charge, each rounded down to the yen. Drinks are not included. Open to anyone; no session needed.",
      requestParams: {
        path: z.object({ id: z.string().meta({ description: "store id" }) }),
        query: EstimateQuerySchema,
      },
      responses: {
        "200": json(Estimate),
        "400": json(
          FieldError,
          "invalid-argument: a count out of range or not a number, or a set the store does not have; the message names the field in Japanese",
        ),
        "404": json(ErrorResponse, "not-found: no public store with that id"),
      },
    },
  },
};
