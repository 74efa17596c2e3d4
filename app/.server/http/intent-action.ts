import type { z } from "zod";
import { type FieldErrors, FORM_ERROR_KEY, type FormValues, formValues, parseForm } from "./form";
import { FORM_MESSAGES, failed } from "./mypage-form";

/**
 * One way to write an action with several forms (ADR 0021): each form posts an `intent`; the
 * action names, per intent, the zod schema of its fields and what to do with them. An unknown
 * intent, and fields the schema refuses, answer 400 with the form's values and a message per field
 * (`MypageActionData`, read by the page's `resultFor`), before the handler is called.
 */

/** What a handler gets besides its parsed fields. */
export interface IntentContext {
  intent: string;
  form: FormData;
  values: FormValues;
  /** A refusal of this form: its values kept, the messages by field (`_form` for the whole form). */
  refuse: (errors: FieldErrors, status?: number) => ReturnType<typeof failed>;
}

export interface IntentHandler<S extends z.ZodType = z.ZodType, R = unknown> {
  /** The form's fields; without one the handler reads the form itself. */
  schema?: S;
  /** Fields that repeat (checkbox groups), parsed as lists even with one value or none. */
  arrays?: string[];
  run: (input: z.output<S>, context: IntentContext) => Promise<R> | R;
}

/** A handler, typed by its schema (a plain object literal would widen the schema to `ZodType`). */
export function intent<S extends z.ZodType, R>(handler: IntentHandler<S, R>): IntentHandler<S, R> {
  return handler;
}

export async function dispatchIntent<R>(
  form: FormData,
  handlers: Record<string, IntentHandler<z.ZodType, R>>,
  {
    unknown = FORM_MESSAGES.unreadable,
    otherwise,
  }: {
    /** The message of an intent no handler has (400). */
    unknown?: string;
    /** Or a handler of its own for an unknown intent (a page whose answer is its 404). */
    otherwise?: IntentHandler<z.ZodType, R>;
  } = {},
): Promise<R | ReturnType<typeof failed>> {
  const name = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : otherwise;
  if (!handler) return failed(name, formValues(form), { [FORM_ERROR_KEY]: unknown });
  if (!handler.schema) {
    const values = formValues(form);
    return handler.run(undefined, {
      intent: name,
      form,
      values,
      refuse: (errors, status) => failed(name, values, errors, status),
    });
  }
  const parsed = await parseForm(form, handler.schema, handler.arrays ? { arrays: handler.arrays } : {});
  if (!parsed.ok) return failed(name, parsed.values, parsed.errors);
  return handler.run(parsed.data, {
    intent: name,
    form,
    values: parsed.values,
    refuse: (errors, status) => failed(name, parsed.values, errors, status),
  });
}
