import { z } from "zod";
import { REPLY_BODY_MAX, REPLY_SUBJECT_MAX } from "./admin";

/**
 * The operator's reply to a contact message or a listing request (ADR 0033): the schema the
 * action parses with and the page's fields are built from (ADR 0021).
 */
/** No control characters but tab and line breaks (a NUL byte would break the database write). */
const noControl = (value: string) =>
  !Array.from(value).some((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== "\t" && c !== "\n" && c !== "\r") || code === 0x7f;
  });

export const ReplySchema = z.object({
  subject: z
    .string()
    .trim()
    .min(1, "件名を入力してください")
    .max(REPLY_SUBJECT_MAX, `件名は${REPLY_SUBJECT_MAX}文字以内で入力してください`)
    .refine(noControl, "件名に使用できない文字が含まれています"),
  body: z
    .string()
    .trim()
    .min(1, "本文を入力してください")
    .max(REPLY_BODY_MAX, `本文は${REPLY_BODY_MAX.toLocaleString("ja-JP")}文字以内で入力してください`)
    .refine(noControl, "本文に使用できない文字が含まれています"),
  mark_handled: z.boolean().default(true),
});
export type ReplyInput = z.output<typeof ReplySchema>;
