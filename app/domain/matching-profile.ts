/**
 * The listener's matching answers (`/listener/mypage/profile`), named `matching_info.<key>` in the
 * form. Every question is optional: a partial save keeps only the questions she chose (the score
 * counts the others as their default answer, the form shows them unanswered); at least one answer
 * makes a save (ADR 0060: saving nothing would leave her without a score all the same).
 */
import { z } from "zod";
import { MATCHING_QUESTIONS, type MatchingInfo } from "./options";
import { TEXT_FIELD_MESSAGES } from "./text-fields";

export const MATCHING_PROFILE_MESSAGES = {
  saved: "相性診断の回答を保存しました",
  none: "1問以上選んでから保存してください",
} as const;

const answerOf = (answers: readonly { value: string }[]) =>
  z
    .enum(answers.map((a) => a.value) as [string, ...string[]], { error: TEXT_FIELD_MESSAGES.select })
    .optional();

export const MatchingProfileSchema = z
  .object({
    matching_info: z.object(
      Object.fromEntries(MATCHING_QUESTIONS.map((q) => [q.key, answerOf(q.answers)])) as Record<
        keyof MatchingInfo,
        ReturnType<typeof answerOf>
      >,
    ),
  })
  .refine((value) => Object.values(value.matching_info).some((answer) => answer !== undefined), {
    message: MATCHING_PROFILE_MESSAGES.none,
  });
