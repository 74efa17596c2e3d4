import { apiError } from "~/.server/http/api-response";
import { hitRateLimits } from "~/.server/rate-limit/rate-limiter";
import { RATE_LIMITS } from "~/.server/rate-limit/rules";
import type { Route } from "./+types/auth";

/**
 * better-auth's JSON endpoint (`/api/auth/*`). The abuse limits of the pages apply here too:
 * the same counters, so switching between the page and the endpoint gains nothing.
 */
const LIMITED: Record<string, (typeof RATE_LIMITS)[keyof typeof RATE_LIMITS][]> = {
  "/sign-in/email": [RATE_LIMITS.loginPerIp],
  "/sign-in/username": [RATE_LIMITS.loginPerIp],
  "/sign-up/email": [RATE_LIMITS.registrationPerIp],
  "/request-password-reset": [RATE_LIMITS.resetPerIp],
  "/send-verification-email": [RATE_LIMITS.resendPerIp],
};

// Accounts are created through the registration pages only (they write the profile of the role
// in the same transaction); the bare sign-up endpoint would create accounts without a role.
const CLOSED = new Set(["/sign-up/email"]);

async function handle({ request, context }: Route.ActionArgs | Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (CLOSED.has(path)) return apiError("permission-denied", "このエンドポイントは利用できません");
  const rules = LIMITED[path];
  if (rules && request.method === "POST") {
    const body = (await request
      .clone()
      .json()
      .catch(() => ({}))) as { email?: string; username?: string };
    const accountKey = (body.email ?? body.username ?? "").toString().trim().toLowerCase();
    const checks = rules.map((rule) => ({ rule, subject: context.clientIp }));
    if (path.startsWith("/sign-in/") && accountKey) {
      // The same per-account counter as the login pages.
      checks.push({ rule: RATE_LIMITS.loginPerAccount, subject: accountKey });
    }
    const limited = await hitRateLimits(context.db, checks);
    if (!limited.allowed) {
      return apiError("resource-exhausted", "短時間に操作が繰り返されたため、一時的に制限しています");
    }
  }
  return context.auth.handler(request);
}

export const loader = handle;
export const action = handle;
