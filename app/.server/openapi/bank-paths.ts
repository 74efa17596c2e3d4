/**
 * The Zengin bank and branch data (ADR 0054): `GET /api/banks` and `GET /api/banks/{code}/branches`,
 * what the payout account's chooser asks while a store types. Kept apart from ./paths.ts, which
 * spreads BANK_PATHS into API_PATHS.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { BANK_QUERY_MAX, BANK_SEARCH_LIMIT_DEFAULT, BANK_SEARCH_LIMIT_MAX } from "~/domain/bank-search";
import { ErrorResponse, jsonResponse } from "./responses";

const json = jsonResponse;
const error = (description: string) => json(ErrorResponse, description);

const caching = z.object({
  "Cache-Control": z.string().meta({ description: "public, max-age=86400 (the data changes with a deploy)" }),
});

const BankQuery = z.object({
  q: z
    .string()
    .optional()
    .meta({
      description: `a name (「みずほ」, 「三菱UFJ銀行」), its reading in hiragana or katakana, full- or half-width (「みつびしゆーえふじぇい」, 「ﾐｽﾞﾎ」), romaji, or a code or its start; suffixes such as 銀行 and 支店 are ignored; only the first ${BANK_QUERY_MAX} characters are read`,
    }),
  limit: z
    .string()
    .regex(/^\d{1,3}$/)
    .optional()
    .meta({
      description: `the most items answered, 1–${BANK_SEARCH_LIMIT_MAX} (${BANK_SEARCH_LIMIT_DEFAULT} by default)`,
    }),
});

const BankChoice = z
  .object({
    code: z.string().meta({ description: "4 digits for a bank, 3 for a branch" }),
    name: z
      .string()
      .meta({ description: "as the Zengin data names it, full-width letters narrowed (三菱UFJ)" }),
    kana: z
      .string()
      .meta({ description: "the reading as 全銀 writes it (katakana, no small kana, - for ー)" }),
  })
  .meta({ id: "BankChoice", description: "A bank or a branch of the Zengin data." });

const BankList = z
  .object({
    items: z.array(BankChoice).meta({ description: "best match first (code, then whole name, start, part)" }),
    total: z.number().int().meta({ description: "how many match; items holds the first `limit` of them" }),
  })
  .meta({ id: "BankList" });

const BranchList = BankList.extend({ bank: BankChoice }).meta({
  id: "BranchList",
  description: "The branches of one bank that match.",
});

const ok = (schema: z.ZodType) => ({
  description: "OK",
  headers: caching,
  content: { "application/json": { schema } },
});

export const BANK_PATHS: ZodOpenApiPathsObject = {
  "/api/banks": {
    get: {
      summary: "Banks by name, reading or code (the payout account's chooser)",
      description:
        "Searches the Zengin bank data. Without `q`, the banks most stores are paid to. Open to anyone; no session needed.",
      requestParams: { query: BankQuery },
      responses: {
        "200": ok(BankList),
        "400": error("invalid-argument: `limit` is not 1–50"),
      },
    },
  },
  "/api/banks/{code}/branches": {
    get: {
      summary: "A bank's branches by name, reading or code (the payout account's chooser)",
      description:
        "Searches one bank's branches in the Zengin data. Without `q`, the first branches by code. Open to anyone; no session needed.",
      requestParams: {
        path: z.object({ code: z.string().meta({ description: "the bank's code, 4 digits" }) }),
        query: BankQuery,
      },
      responses: {
        "200": ok(BranchList),
        "400": error("invalid-argument: the bank code is not 4 digits, or `limit` is not 1–50"),
        "404": error("not-found: no bank with that code"),
      },
    },
  },
};
