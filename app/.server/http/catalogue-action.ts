import { data, redirect } from "react-router";
import type { z } from "zod";
import { type CATALOGUE_DONE, CATALOGUE_ID, CATALOGUE_MESSAGES } from "~/domain/admin-catalogue";
import { IMAGE_MESSAGES, type ImageErrorKey } from "~/domain/images";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues } from "./form";
import { dispatchIntent, intent } from "./intent-action";

/**
 * The actions of the operator's catalogue pages (`/admin/coin-packs`, `/admin/items`, contract
 * ADR 0033): create, edit, retire, restore and delete one entry, and change an item's picture,
 * each answered the same way — a redirect with a flash message, or the form again with a Japanese
 * message next to the field.
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
  /** The entry's picture, through the image pipeline; a catalogue without pictures leaves it out. */
  image?(
    id: string,
    upload: { data: Uint8Array; fileName: string },
  ): Promise<{ ok: true } | { ok: false; error: "not_found" | ImageErrorKey }>;
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

/**
 * Runs create / update / retire / restore / delete, and `image` when the catalogue has pictures;
 * any other intent is unreadable (400).
 */
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
  const { image } = operations;
  /** The picture form: a file, read by hand; its refusals keep nothing typed. */
  const picture = (setImage: NonNullable<typeof image>) =>
    intent<z.ZodType, Reply, Refused>({
      run: async (_none, { form: posted }) => {
        const refused = withId();
        if (refused) return refused;
        const file = posted.get("image");
        const imageError = (message: string, status = 400) => replies.answer({ image: message }, status);
        if (!(file instanceof File) || file.size === 0) return imageError(IMAGE_MESSAGES.required);
        const result = await setImage(id, {
          data: new Uint8Array(await file.arrayBuffer()),
          fileName: file.name,
        });
        if (result.ok) return replies.done("image");
        if (result.error === "not_found") return replies.refused(CATALOGUE_MESSAGES.not_found);
        return imageError(IMAGE_MESSAGES[result.error], result.error === "too_many_uploads" ? 429 : 400);
      },
    });
  return dispatchIntent(
    form,
    {
      ...(image ? { image: picture(image) } : {}),
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
