import { data, redirect } from "react-router";
import type { z } from "zod";
import { type CATALOGUE_DONE, CATALOGUE_ID, CATALOGUE_MESSAGES } from "~/domain/admin-catalogue";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues } from "./form";
import { dispatchIntent, intent } from "./intent-action";

/**
 * The actions of the operator's catalogue pages (`/admin/coin-packs`, `/admin/items`, contract
 * ADR 0033): create, edit, retire, restore and delete one entry, each answered the same way — a
 * redirect with a flash message, or the form again with a Japanese message next to the field.
 */

export type CatalogueIntent = "create" | "update" | "retire" | "restore" | "delete" | "image";

/** What a refused catalogue action sends back to the page: which form, which entry, what was typed. */
export interface CatalogueActionData {
  intent: CatalogueIntent | "";
  id: string;
  values: Record<string, unknown>;
  errors: Record<string, string | undefined>;
}

type Outcome = { ok: true } | { ok: false; error: string };

/** The services of one catalogue, bound to the request's database and operator. */
export interface CatalogueOperations<S extends z.ZodType> {
  schema: S;
  save(mode: "create" | "update", entry: z.output<S>): Promise<Outcome>;
  retire(id: string, retire: boolean): Promise<Outcome>;
  remove(id: string): Promise<Outcome>;
}

/** The answers of one request: `path` is the page, `idField` the form's id field (`pack_id` …). */
export function catalogueReplies(path: string, idField: string, intent: CatalogueIntent | "", id: string) {
  const answer = (
    errors: CatalogueActionData["errors"],
    status: number,
    values: Record<string, unknown> = {},
  ) => data<CatalogueActionData>({ intent, id, values, errors }, { status });
  const refused = (message: string, status = 409, values: Record<string, unknown> = {}) =>
    answer({ [FORM_ERROR_KEY]: message }, status, values);
  return {
    answer,
    refused,
    done: (key: keyof typeof CATALOGUE_DONE) => redirect(`${path}?done=${key}`),
    /** A service's refusal: a taken id next to the id field, anything else above the entry. */
    failure: (error: string, values: Record<string, unknown> = {}) =>
      error === "duplicate"
        ? answer({ [idField]: CATALOGUE_MESSAGES.duplicate }, 409, values)
        : refused(
            CATALOGUE_MESSAGES[error as keyof typeof CATALOGUE_MESSAGES] ?? CATALOGUE_MESSAGES.not_found,
            409,
            values,
          ),
  };
}

export type CatalogueReplies = ReturnType<typeof catalogueReplies>;

/** Runs create / update / retire / restore / delete; any other intent is unreadable (400). */
export async function runCatalogueAction<S extends z.ZodType>(
  form: FormData,
  id: string,
  replies: CatalogueReplies,
  operations: CatalogueOperations<S>,
) {
  type Refused = ReturnType<CatalogueReplies["answer"]>;
  type Reply = Response | Refused;
  const withId = () => (CATALOGUE_ID.test(id) ? null : replies.refused(CATALOGUE_MESSAGES.unreadable, 400));
  const save = (mode: "create" | "update") =>
    intent<S, Reply, Refused>({
      schema: operations.schema,
      run: async (entry, { values }) => {
        const result = await operations.save(mode, entry);
        return result.ok
          ? replies.done(mode === "create" ? "created" : "updated")
          : replies.failure(result.error, values);
      },
    });
  const retire = (retired: boolean) =>
    intent<z.ZodType, Reply, Refused>({
      run: async () => {
        const result = withId() ?? (await operations.retire(id, retired));
        if (!("ok" in result)) return result;
        return result.ok ? replies.done(retired ? "retired" : "restored") : replies.failure(result.error);
      },
    });
  return dispatchIntent(
    form,
    {
      create: save("create"),
      update: save("update"),
      retire: retire(true),
      restore: retire(false),
      delete: intent<z.ZodType, Reply, Refused>({
        run: async () => {
          const result = withId() ?? (await operations.remove(id));
          if (!("ok" in result)) return result;
          return result.ok ? replies.done("deleted") : replies.failure(result.error);
        },
      }),
    },
    {
      unknown: CATALOGUE_MESSAGES.unreadable,
      refusal: (name: string, values: FormValues, errors: FieldErrors, status = 400) =>
        data<CatalogueActionData>({ intent: name as CatalogueIntent, id, values, errors }, { status }),
    },
  );
}
