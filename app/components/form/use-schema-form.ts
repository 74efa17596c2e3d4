import { type FieldMetadata, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "zod";
import { fieldId } from "./field";

/**
 * The one way to build a form (ADR 0021): Conform's `useForm` over the zod schema the action parses
 * with. The schema gives the field names (typed: a name not in the schema does not compile) and
 * `required`; the action's answer (`{ values, errors }` from `parseForm` / `invalid`) gives each
 * field its default value and message. The field components (`TextInput`, `EmailInput`, …) derive
 * id, `aria-invalid` and `aria-describedby` from what `field()` hands them.
 *
 * The server stays the source of truth: no validation runs in the browser, so a page behaves the
 * same with and without JavaScript (the form posts, the action answers 400 with the messages).
 */

/** What an action answers for a refused form (`invalid(values, errors)`), or a settings form's result. */
export interface ServerFormResult {
  values?: Record<string, unknown> | null;
  errors?: Record<string, string | undefined> | null;
}

/** The key of a message about the whole form, in `parseForm`'s errors. */
const FORM_ERROR_KEY = "_form";

const NO_ERRORS: Readonly<Record<string, string | undefined>> = Object.freeze({});

/** Handed to Conform while there is no answer: `initialValue: null` resets it to the defaults. */
const NO_RESULT: SubmissionResult<string[]> = { initialValue: null };

/** The action's answer as Conform's `SubmissionResult` (its form-level key is ""). */
function toSubmissionResult(result: ServerFormResult): SubmissionResult<string[]> {
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(result.errors ?? {})) {
    if (message) error[name === FORM_ERROR_KEY ? "" : name] = [message];
  }
  return {
    status: Object.keys(error).length > 0 ? "error" : undefined,
    initialValue: (result.values ?? {}) as SubmissionResult["initialValue"],
    error,
  };
}

export interface SchemaFormOptions<S extends z.ZodType> {
  /**
   * The form's id, and the prefix of its fields' ids (`${id}-${name}`); "field" by default, the
   * prefix the error summary links to. Give one per form when a page has several.
   */
  id?: string;
  /** The stored values to show before anything was submitted. */
  defaultValue?: Partial<z.input<S>> | Record<string, unknown> | null;
  /** The action's answer for this form, if any. */
  result?: ServerFormResult | null;
}

type FormShape<S extends z.ZodType> =
  z.input<S> extends Record<string, unknown> ? z.input<S> : Record<string, unknown>;

/**
 * The object schema a form's fields are read from: a schema refined or transformed as a whole
 * (`z.object(…).transform(…)`) is a pipe whose input is that object. Conform's constraint reader
 * refuses a transform at the root, so it is handed the input side.
 */
function formObjectOf(schema: z.ZodType): z.ZodType {
  let node = schema;
  while (node._zod.def.type === "pipe") node = (node._zod.def as unknown as { in: z.ZodType }).in;
  return node;
}

// Constraints depend on the schema only: computed once per schema.
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>();
function constraintOf(schema: z.ZodType) {
  let constraint = constraints.get(schema);
  if (!constraint) {
    constraint = getZodConstraint(formObjectOf(schema));
    constraints.set(schema, constraint);
  }
  return constraint;
}

export function useSchemaForm<S extends z.ZodType>(schema: S, options: SchemaFormOptions<S> = {}) {
  const { id = "field", defaultValue, result } = options;
  // One SubmissionResult per answer (Conform reports a new object each time it sees one).
  const lastResult = useMemo(() => (result ? toSubmissionResult(result) : NO_RESULT), [result]);
  const [form, fields] = useForm<FormShape<S>, FormShape<S>, string[]>({
    id,
    constraint: constraintOf(schema),
    defaultValue: (defaultValue ?? {}) as never,
    lastResult,
    shouldValidate: "onSubmit",
  });
  return {
    form,
    fields,
    /** The messages by field name (`_form` for the whole form), for `FormErrorSummary`. */
    errors: result?.errors ?? NO_ERRORS,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: any field of any form
export type AnyField = FieldMetadata<any, any, string[]>;

/** The props every field component takes from the form: name, id prefix, default, message, 必須. */
export function field(meta: AnyField) {
  const initial: unknown = meta.initialValue;
  return {
    name: meta.name,
    idPrefix: meta.formId,
    defaultValue: typeof initial === "string" ? initial : undefined,
    error: meta.errors?.[0],
    required: meta.required ? true : undefined,
  } as const;
}

/** What `field()` hands a field component. */
export type FieldBinding = ReturnType<typeof field>;

/** The same for a group of checkboxes: the default is the list of checked values. */
export function listField(meta: AnyField) {
  const initial: unknown = meta.initialValue;
  return {
    ...field(meta),
    // A group of checkboxes may be left all unchecked (an empty list): no 必須 from the schema.
    required: undefined,
    defaultValue: Array.isArray(initial)
      ? initial.filter((value): value is string => typeof value === "string")
      : typeof initial === "string"
        ? [initial]
        : undefined,
  };
}

/**
 * The fields inside a nested field (`extension.minutes`, a row `sets.0.price`), by key, for schemas
 * whose input type Conform cannot see through (preprocessed or record-shaped groups).
 */
export function fieldsetOf(meta: AnyField): Record<string, AnyField> {
  return (meta as unknown as { getFieldset(): Record<string, AnyField> }).getFieldset();
}

/** The id of a field's control (what `FormErrorSummary` links to), from the form's metadata. */
export function controlIdOf(meta: AnyField): string {
  return fieldId(meta.name, meta.formId);
}
