import { spendPasswordCheck } from "~/.server/auth/password-work";
import { apiError } from "~/.server/http/api-response";
import {
  loginAccountKey,
  loginAllowed,
  settleLoginAttempt,
} from "~/.server/services/accounts/login-throttle";
import { isOperatorAccount } from "~/.server/services/operators/is-operator-account";
import type { Route } from "./+types/auth";

/**
 * better-auth's JSON endpoint (`/api/auth/*`), opened only as far as the site needs it: reading
 * and ending the session, and signing in (with the same limits as the login pages). Everything
 * else better-auth offers — sign-up without a role, changing the user or the password without our
 * rules, reset mails without our limits, login-ID lookups — goes through the pages and their
 * services, or not at all.
 */
const OPEN = new Set(["/ok", "/get-session", "/sign-out", "/sign-in/email", "/sign-in/username"]);
const SIGN_IN = new Set(["/sign-in/email", "/sign-in/username"]);

async function handle({ request, context }: Route.ActionArgs | Route.LoaderArgs) {
  const path = new URL(request.url).pathname.replace(/^\/api\/auth/, "");
  if (!OPEN.has(path)) return apiError("permission-denied", "このエンドポイントは利用できません");
  if (!SIGN_IN.has(path) || request.method !== "POST") return context.auth.handler(request);

  // Sign-in takes JSON only, so the account it names is always known to the limits.
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json"))
    return apiError("invalid-argument", "JSON で送信してください");
  let body: { email?: unknown; username?: unknown; altcha?: unknown };
  try {
    body = (await request.clone().json()) as typeof body;
  } catch {
    return apiError("invalid-argument", "送信内容を読み取れませんでした");
  }
  // The limits count the account better-auth will check: the field of this path, never another.
  const identifier = String((path === "/sign-in/email" ? body?.email : body?.username) ?? "");
  if (path === "/sign-in/email" ? body?.username !== undefined : body?.email !== undefined)
    return apiError("invalid-argument", "送信内容を読み取れませんでした");
  const accountKey = await loginAccountKey(context.db, identifier);
  // While the account is under attack a sign-in must carry a proof of work: `altcha`, a solution of
  // GET /api/challenge (ADR 0008, 0017).
  const allowed = await loginAllowed(context.db, {
    clientIp: context.clientIp,
    accountKey,
    proof: body?.altcha,
    env: context.env,
  });
  if (!allowed)
    return apiError("resource-exhausted", "短時間に操作が繰り返されたため、一時的に制限しています");
  // An operator signs in only at /admin/login, with a TOTP code (a session made here would not
  // open /admin anyway: see viewer.ts). Refused after the limits and with a password hash's worth
  // of work, like a wrong password: neither the count nor the timing tells an operator's address.
  if (await isOperatorAccount(context.db, accountKey)) {
    await spendPasswordCheck(String((body as { password?: unknown })?.password ?? ""));
    return apiError("unauthenticated", "メールアドレスまたはパスワードが正しくありません");
  }
  const response = await context.auth.handler(request);
  // A refused password keeps its place in the limits (an unverified address does not: it was right).
  await settleLoginAttempt(context.db, {
    accountKey,
    clientIp: context.clientIp,
    wrongPassword: response.status === 401,
  });
  return response;
}

export const loader = handle;
export const action = handle;
