import { data } from "react-router";
import { PRIVATE_NO_STORE, SHARED_VARY, sharedCacheControl } from "~/domain/cache-policy";
import { type Action, decide } from "~/domain/permissions";
import type { Viewer } from "../auth/viewer";
import { apiError } from "./api-response";

/**
 * A JSON answer of the public API. Answers for a signed-in account may carry their follows and
 * matching scores: never stored by a shared cache. Anonymous answers may be kept briefly by shared
 * caches (ADR 0062).
 */
export function publicJson<T>(body: T, viewer: Viewer | null, init: { status?: number } = {}) {
  return data(body, {
    status: init.status,
    headers: {
      // An error (a 4xx) is the asker's: kept by nobody.
      "Cache-Control": viewer || (init.status ?? 200) !== 200 ? PRIVATE_NO_STORE : sharedCacheControl("api"),
      Vary: SHARED_VARY,
    },
  });
}

/**
 * The guard of the signed-in API (ADR 0020), asked of the policy (app/domain/permissions.ts):
 * 401 without a session, 403 for a kind of account that may never do `action`. Whether the
 * object is the actor's (404 otherwise) is the service's part.
 */
export function roleError(viewer: Viewer | null, action: Action) {
  const decision = decide(viewer?.type ?? "anonymous", action);
  if (decision === "unauthenticated") return apiError("unauthenticated", "ログインしてください");
  if (decision === "forbidden") return apiError("permission-denied", "このアカウントでは利用できません");
  return null;
}

/** The JSON body of a request, or undefined when it is not JSON (a 400 for the caller). */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // Only application/json: an HTML form from another site cannot send it without a CORS preflight.
  if (!/^application\/json\b/i.test(type)) return undefined;
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
