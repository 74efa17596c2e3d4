import { z } from "zod";
import { messages, zKatakana } from "./validators";

/**
 * zod building blocks for free-text and pick-from-a-list fields, shared by every form (store and
 * staff registration, back office, contact). Messages are Japanese and name the field.
 */

export const TEXT_FIELD_MESSAGES = {
  select: "選択してください",
  control_characters: "使用できない文字が含まれています",
  markup: "HTMLタグ（< > で囲んだ文字列）は使用できません",
  maxLength: (label: string, max: number) => `${label}は${max}文字以内で入力してください`,
} as const;

const M = TEXT_FIELD_MESSAGES;

/** Length in characters as a person counts them (an emoji is one), not UTF-16 units. */
export const charLength = (s: string) => Array.from(s).length;

// C0/C1 controls (a text input cannot send them; a crafted post can).
const CONTROL_CHARACTERS = /\p{Cc}/u;
// A textarea may hold line breaks and tabs; other controls are refused.
const CONTROL_CHARACTERS_EXCEPT_BREAKS = /[^\P{Cc}\n\r\t]/u;
// What a browser would read as the start of a tag or comment ("<script", "</a", "<!--"); "a < b" or "<3" is fine.
const MARKUP = /<[/!?]?[A-Za-z!]/;

/** Whether a text contains what looks like an HTML tag (public forms refuse it, see `rejectMarkup`). */
export function containsMarkup(value: string): boolean {
  return MARKUP.test(value);
}

/**
 * A field the browser did not send becomes "": its message is the field's own ("選択してください"),
 * and the checks across fields still run (zod skips them after a type error).
 */
export const blankWhenMissing = (value: unknown) => (value === undefined || value === null ? "" : value);

interface TextOptions {
  required?: boolean;
  /**
   * Refuse HTML tags (public forms whose text is mailed and shown to the operator: the pages and
   * mails escape it anyway, but a tag there is never meant and often a probe).
   */
  rejectMarkup?: boolean;
}

function zText(
  label: string,
  max: number,
  { required = true, multiline, rejectMarkup = false }: TextOptions & { multiline: boolean },
) {
  const forbidden = multiline ? CONTROL_CHARACTERS_EXCEPT_BREAKS : CONTROL_CHARACTERS;
  return z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .transform((value) => (multiline ? value.replace(/\r\n?/g, "\n") : value).trim())
      .superRefine((value, ctx) => {
        if (value === "") {
          if (required) ctx.addIssue({ code: "custom", message: messages.required });
          return;
        }
        if (forbidden.test(value)) ctx.addIssue({ code: "custom", message: M.control_characters });
        else if (rejectMarkup && containsMarkup(value)) ctx.addIssue({ code: "custom", message: M.markup });
        else if (charLength(value) > max) ctx.addIssue({ code: "custom", message: M.maxLength(label, max) });
      }),
  );
}

/** For text typed by anyone on a public form (contact, listing request): no HTML tags. */
export const PUBLIC_TEXT = { rejectMarkup: true } as const satisfies TextOptions;

/** A trimmed single-line text of at most `max` characters; required unless told otherwise. */
export const zLine = (label: string, max: number, options: TextOptions = {}) =>
  zText(label, max, { ...options, multiline: false });

/** A trimmed multi-line text (line breaks normalised to \n) of at most `max` characters. */
export const zMultiline = (label: string, max: number, options: TextOptions = {}) =>
  zText(label, max, { ...options, multiline: true });

/**
 * A value picked from a list (select or radios). A browser sends nothing for radios left
 * unchosen: that is "選択してください" too, not the generic "入力してください".
 */
export function zChoice(
  isAllowed: (value: string) => boolean,
  invalidMessage: string,
  { required = true } = {},
) {
  return z.preprocess(
    blankWhenMissing,
    z
      .string({ error: messages.invalid_type })
      .trim()
      .superRefine((value, ctx) => {
        if (value === "") {
          if (required) ctx.addIssue({ code: "custom", message: M.select });
          return;
        }
        if (!isAllowed(value)) ctx.addIssue({ code: "custom", message: invalidMessage });
      }),
  );
}

/** A ticked checkbox: "1" (or the browser default "on"); anything else is `message`. */
export const zTicked = (message: string) =>
  z
    .unknown()
    .refine((value) => value === "1" || value === "on" || value === true, message)
    .transform(() => true as const);

/** A required katakana reading (see `zKatakana`) of at most `max` characters, the message naming the field. */
export const zKanaOfMax = (label: string, max: number) =>
  zKatakana().superRefine((value, ctx) => {
    if (charLength(value) > max) ctx.addIssue({ code: "custom", message: M.maxLength(label, max) });
  });
