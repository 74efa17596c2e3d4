import { data } from "react-router";
import { z } from "zod";
import { messages } from "~/domain/validators";

/**
 * Server-side parsing of HTML form posts (ADR 0021): the submitted values as a plain object, the
 * schema's verdict, and per-field Japanese messages for re-rendering the form with status 400.
 */

export type FormValue = string | string[] | FormValues;
export interface FormValues {
  [name: string]: FormValue;
}

/** The first message of each offending field, keyed by its dotted name; `_form` for the whole form. */
export type FieldErrors = Record<string, string>;

export const FORM_ERROR_KEY = "_form";

export type ParseFormResult<S extends z.ZodType> =
  | { ok: true; data: z.output<S>; values: FormValues }
  | { ok: false; values: FormValues; errors: FieldErrors };

export interface ParseFormOptions {
  /**
   * Dotted names that are always lists (checkbox groups): a single value becomes `[value]`, an
   * absent one `[]` (a browser sends nothing for a group with no box checked).
   */
  arrays?: readonly string[];
}

const UNREADABLE_FORM = "送信内容を読み取れませんでした。もう一度お試しください";

// Names that would reach Object.prototype when used as keys.
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);

function pathOf(name: string): string[] | null {
  const segments = name.split(".");
  if (segments.some((segment) => FORBIDDEN_SEGMENTS.has(segment))) return null;
  // "a..b", ".a" or "a.": not a nesting we produce; keep the name as one flat key.
  return segments.some((segment) => segment === "") ? [name] : segments;
}

function isValues(value: FormValue | undefined): value is FormValues {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object holding the last segment of `path`, created on the way; null when a value is in the way. */
function containerOf(target: FormValues, path: readonly string[]): FormValues | null {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (next === undefined) {
      const child: FormValues = {};
      node[segment] = child;
      node = child;
    } else if (isValues(next)) {
      node = next;
    } else {
      return null; // "a" was sent as a value and "a.b" too: the first shape wins.
    }
  }
  return node;
}

function addValue(target: FormValues, path: readonly string[], value: string): void {
  const node = containerOf(target, path);
  if (!node) return;
  const key = path[path.length - 1]!;
  const existing = Object.hasOwn(node, key) ? node[key] : undefined;
  if (existing === undefined) node[key] = value;
  else if (typeof existing === "string") node[key] = [existing, value];
  else if (Array.isArray(existing)) existing.push(value);
  // An object already lives there ("a.b" came first): ignore the flat value.
}

/**
 * The entries of a form as a plain object: a repeated name (a checkbox group) becomes an array in
 * submission order, a dotted name (`matching_info.animal`) a nested object; files are dropped
 * (uploads are handled elsewhere).
 */
export function formValues(formData: FormData): FormValues {
  const values: FormValues = {};
  for (const [name, value] of formData.entries()) {
    if (typeof value !== "string") continue;
    const path = pathOf(name);
    if (path) addValue(values, path, value);
  }
  return values;
}

/** The value at a dotted name, or undefined. */
export function valueAt(values: FormValues, name: string): FormValue | undefined {
  let node: FormValue | undefined = values;
  for (const segment of name.split(".")) {
    if (!isValues(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

function forceArray(values: FormValues, name: string): void {
  const path = pathOf(name);
  const node = path && containerOf(values, path);
  if (!path || !node) return;
  const key = path[path.length - 1]!;
  const existing = Object.hasOwn(node, key) ? node[key] : undefined;
  if (existing === undefined) node[key] = [];
  else if (typeof existing === "string") node[key] = [existing];
}

/**
 * Creates `{}` for each required nested object of the schema that the form did not send at all (a
 * group of radios `matching_info.*` with nothing chosen), so its errors are reported at each field
 * (`matching_info.animal`) rather than once at `matching_info`.
 */
function addMissingObjects(schema: z.ZodType, values: FormValues): void {
  const shape = objectShapeOf(schema);
  if (!shape) return;
  for (const [key, child] of Object.entries(shape)) {
    if (!objectShapeOf(child)) continue;
    const existing = Object.hasOwn(values, key) ? values[key] : undefined;
    if (existing === undefined) values[key] = {};
    const next = values[key];
    if (isValues(next)) addMissingObjects(child, next);
  }
}

/** The shape of a (possibly refined or transformed) object schema; not of an optional one. */
function objectShapeOf(schema: z.ZodType): Record<string, z.ZodType> | null {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return objectShapeOf(schema.in as z.ZodType);
  return null;
}

/** A copy without any field whose name contains "password" (at any depth): passwords are never echoed. */
/** A form's values to send back with a refusal: everything typed but passwords. */
export function echoedValues(formData: FormData): FormValues {
  return withoutPasswords(formValues(formData));
}

function withoutPasswords(values: FormValues): FormValues {
  const copy: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (key.toLowerCase().includes("password")) continue;
    copy[key] = isValues(value) ? withoutPasswords(value) : Array.isArray(value) ? [...value] : value;
  }
  return copy;
}

/**
 * The field an issue belongs to: its path without list indexes (an error on `services.1` is shown
 * at the `services` group), dotted; `_form` for an issue about the whole form.
 */
function fieldNameOf(path: readonly PropertyKey[]): string {
  const segments = path.filter((segment) => typeof segment === "string");
  return segments.length === 0 ? FORM_ERROR_KEY : segments.join(".");
}

/** Zod issues as one message per field; a field the browser did not send at all is "required". */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], raw: FormValues = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldNameOf(issue.path);
    if (Object.hasOwn(errors, field)) continue;
    const missing = field !== FORM_ERROR_KEY && valueAt(raw, field) === undefined;
    errors[field] =
      issue.code === "invalid_type" && missing ? messages.required : issue.message || messages.invalid_type;
  }
  return errors;
}

/** The form of a post, or null when the body is not a readable form (so callers answer 400). */
export async function readFormData(source: Request | FormData): Promise<FormData | null> {
  if (!(source instanceof Request)) return source;
  try {
    return await source.formData();
  } catch {
    return null; // not a form body, or a broken one: a 400, never a 500
  }
}

/**
 * Reads a form post and validates it with `schema`. Passwords are validated but never returned in
 * `values`. Unknown fields are ignored by the schema (zod objects strip them).
 */
export async function parseForm<S extends z.ZodType>(
  source: Request | FormData,
  schema: S,
  options?: ParseFormOptions,
): Promise<ParseFormResult<S>> {
  const formData = await readFormData(source);
  if (!formData) return { ok: false, values: {}, errors: { [FORM_ERROR_KEY]: UNREADABLE_FORM } };

  const raw = formValues(formData);
  for (const name of options?.arrays ?? []) forceArray(raw, name);
  const values = withoutPasswords(raw);
  addMissingObjects(schema, raw);

  const result = await schema.safeParseAsync(raw);
  if (result.success) return { ok: true, data: result.data, values };
  return { ok: false, values, errors: fieldErrorsOf(result.error.issues, raw) };
}

/** The action's answer to an invalid form: the values and messages to re-render it with, status 400. */
export function invalid(values: FormValues, errors: FieldErrors) {
  return data({ values, errors }, { status: 400 });
}
