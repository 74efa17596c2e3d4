import { z } from "zod";
import { POW_FIELD } from "~/domain/pow";
import { type FieldErrors, type FormValues, parseForm } from "./form";

export type ParsePowFormResult<S extends z.ZodObject> =
  | { ok: true; data: z.output<S>; values: FormValues; pow: unknown }
  | { ok: false; values: FormValues; errors: FieldErrors };

/**
 * A post of a ProofOfWorkForm: the form's fields checked by `schema`, and the browser's solution
 * (the `altcha` field) handed over as it came, for the service to check. The solution is never
 * part of the values that re-render the form.
 */
export async function parsePowForm<S extends z.ZodObject>(
  request: Request,
  schema: S,
): Promise<ParsePowFormResult<S>> {
  const parsed = await parseForm(request, schema.extend({ [POW_FIELD]: z.unknown().optional() }));
  const { [POW_FIELD]: _solution, ...values } = parsed.values;
  if (!parsed.ok) return { ok: false, values, errors: parsed.errors };
  const { [POW_FIELD]: pow, ...data } = parsed.data as Record<string, unknown>;
  return { ok: true, data: data as z.output<S>, values, pow };
}
