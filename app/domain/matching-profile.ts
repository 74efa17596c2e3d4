/** The listener's 13 matching answers (`/listener/mypage/profile`), named `matching_info.<key>` in the form. */
import { z } from "zod";
import { MATCHING_QUESTIONS, type MatchingInfo } from "./options";
import { TEXT_FIELD_MESSAGES } from "./text-fields";

const answerOf = (answers: readonly { value: string }[]) =>
  z.enum(answers.map((a) => a.value) as [string, ...string[]], { error: TEXT_FIELD_MESSAGES.select });

export const MatchingProfileSchema = z.object({
  matching_info: z.object(
    Object.fromEntries(MATCHING_QUESTIONS.map((q) => [q.key, answerOf(q.answers)])) as Record<
      keyof MatchingInfo,
      ReturnType<typeof answerOf>
    >,
  ),
});

export const MATCHING_PROFILE_MESSAGES = {
  saved: "相性診断の回答を保存しました",
} as const;
