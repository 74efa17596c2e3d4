import type { z } from "zod";
import { echoedValues, type FieldErrors, FORM_ERROR_KEY, type FormValues, parseForm } from "./form";
import { FORM_MESSAGES, failed } from "./mypage-form";

/**
 * One way to write an action with several forms (ADR 0021): each form posts an `intent`; the
 * action names, per intent, the zod schema of its fields and what to do with them. An unknown
 * intent, and fields the schema refuses, answer 400 with the form's values and a message per field
 * before the handler is called — by default as `MypageActionData` (`failed`), which the pages'
 * `resultFor` reads; a page whose refusals carry more (the catalogue's entry id) passes `refusal`.
 */

type Refusal = (intent: string, values: FormValues, errors: FieldErrors, status?: number) => unknown;
type DefaultRefusal = ReturnType<typeof failed>;

/** What a handler gets besides its parsed fields. */
export interface IntentContext<F = DefaultRefusal> {
  intent: string;
  form: FormData;
  values: FormValues;
  /** A refusal of this form: its values kept, the messages by field (`_form` for the whole form). */
  refuse: (errors: FieldErrors, status?: number) => F;
}

export interface IntentHandler<S extends z.ZodType = z.ZodType, R = unknown, F = DefaultRefusal> {
  /** The form's fields; without one the handler reads the form itself. */
  schema?: S;
  /** Fields that repeat (checkbox groups), parsed as lists even with one value or none. */
  arrays?: string[];
  run: (input: z.output<S>, context: IntentContext<F>) => Promise<R | F> | R | F;
}

/** A handler, typed by its schema (a plain object literal would widen the schema to `ZodType`). */
export function intent<S extends z.ZodType, R, F = DefaultRefusal>(
  handler: IntentHandler<S, R, NoInfer<F>>,
): IntentHandler<S, R, F> {
  return handler;
}

/** Handlers of several schemas side by side (each checked by its own `intent(…)`). */
// biome-ignore lint/suspicious/noExplicitAny: a record of handlers whose schemas differ.
type AnyIntentHandler<R, F> = IntentHandler<any, R, F>;
/** What a handler answers besides its refusals. */
// biome-ignore lint/suspicious/noExplicitAny: only the answer type is read.
type AnswerOf<H> = H extends IntentHandler<any, infer R, any> ? R : never;

export async function dispatchIntent<
  // biome-ignore lint/suspicious/noExplicitAny: each handler names its own refusal type (the page's).
  H extends Record<string, AnyIntentHandler<unknown, any>>,
  F = DefaultRefusal,
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  O extends AnyIntentHandler<unknown, any> = AnyIntentHandler<never, F>,
>(
  form: FormData,
  handlers: H,
  options: {
    /** The message of an intent no handler has (400). */
    unknown?: string;
    /** Or a handler of its own for an unknown intent (a page whose answer is its 404). */
    otherwise?: O;
    /** How a refusal is answered (default: `failed`, MypageActionData). */
    refusal?: (intent: string, values: FormValues, errors: FieldErrors, status?: number) => F;
  } = {},
): Promise<AnswerOf<H[keyof H]> | AnswerOf<O> | F> {
  const refusal = (options.refusal ?? (failed as Refusal)) as (
    intent: string,
    values: FormValues,
    errors: FieldErrors,
    status?: number,
  ) => F;
  const name = String(form.get("intent") ?? "");
  const handler = Object.hasOwn(handlers, name) ? handlers[name] : options.otherwise;
  if (!handler)
    return refusal(name, echoedValues(form), {
      [FORM_ERROR_KEY]: options.unknown ?? FORM_MESSAGES.unreadable,
    });
  const context = (values: FormValues): IntentContext<F> => ({
    intent: name,
    form,
    values,
    refuse: (errors, status) => refusal(name, values, errors, status),
  });
  type Answer = AnswerOf<H[keyof H]> | AnswerOf<O> | F;
  if (!handler.schema) return (await handler.run(undefined, context(echoedValues(form)))) as Answer;
  const parsed = await parseForm(form, handler.schema, handler.arrays ? { arrays: handler.arrays } : {});
  if (!parsed.ok) return refusal(name, parsed.values, parsed.errors);
  return (await handler.run(parsed.data, context(parsed.values))) as Answer;
}
