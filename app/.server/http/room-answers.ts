import { data } from "react-router";
import { AGE_VERIFICATION_PATH } from "~/domain/age-verification";
import { CHAT_TEXTS } from "~/domain/chat";
import type { Viewer } from "../auth/viewer";
import { apiError } from "./api-response";

/** The refusals of the chat use cases (ADR 0029) and what they carry. */
export type RoomRefusal =
  | { error: "not_found" }
  | { error: "forbidden" }
  | { error: "invalid_before" }
  | { error: "invalid"; message: string }
  | { error: "blocked"; message: string }
  | { error: "age_verification"; message: string }
  | { error: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * A refused chat call as the JSON API answers it (ADR 0029): `not_found` 404 (anyone but the
 * two members), `forbidden` 403, `invalid` 400 with the Japanese message and the `field` it belongs
 * next to, `invalid_before` 400 on `before`, `blocked` 403 with its text, `age_verification` 403
 * with `reason: "age_verification_required"` and the page to verify at (ADR 0055), `rate_limited`
 * 429 with `Retry-After`.
 */
export function roomRefusal(refusal: RoomRefusal, field?: string) {
  switch (refusal.error) {
    case "not_found":
      return apiError("not-found", CHAT_TEXTS.roomNotFound);
    case "forbidden":
      return apiError("permission-denied", "このアカウントでは利用できません");
    case "invalid_before":
      return apiError("invalid-argument", CHAT_TEXTS.beforeUnknown, { field: "before" });
    case "invalid":
      return apiError("invalid-argument", refusal.message, field ? { field } : {});
    case "blocked":
      return apiError("permission-denied", refusal.message);
    case "age_verification":
      return apiError("permission-denied", refusal.message, {
        reason: "age_verification_required",
        url: AGE_VERIFICATION_PATH,
      });
    case "rate_limited":
      return data(
        { error: { code: "resource-exhausted", message: refusal.message } },
        {
          status: 429,
          headers: { "Retry-After": String(Math.max(1, Math.ceil(refusal.retryAfterSeconds))) },
        },
      );
  }
}

/** Room endpoints answer 401 only to the signed-out: every other stranger gets the room's 404. */
export function signedOut(viewer: Viewer | null) {
  return viewer ? null : apiError("unauthenticated", "ログインしてください");
}

/** The first message of a failed zod parse of a JSON body, and the field it names. */
export function bodyInvalid(
  issues: readonly { message: string; path: readonly PropertyKey[] }[] | undefined,
  fallback: string,
) {
  const issue = issues?.[0];
  const field = typeof issue?.path[0] === "string" ? issue.path[0] : undefined;
  return apiError("invalid-argument", issue?.message ?? fallback, field ? { field } : {});
}
