import type { ShouldRevalidateFunctionArgs } from "react-router";
import { FOLLOW_FORM_ACTION } from "~/domain/follow-form";

/**
 * `shouldRevalidate` of pages whose data does not depend on follows (search results, the top
 * page): a follow button does not reload them (the button shows the new count itself), so the
 * pages loaded by infinite scroll stay.
 */
export function skipAfterFollow({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formAction === FOLLOW_FORM_ACTION ? false : defaultShouldRevalidate;
}
