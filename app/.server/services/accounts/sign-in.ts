import { isAPIError } from "better-auth/api";
import type { AccountRole } from "~/domain/account-roles";
import type { SignInError } from "~/domain/auth-messages";
import { holdsOn } from "../../auth/account-hold";
import { ACCOUNT_SUSPENDED, type Auth } from "../../auth/create-auth";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { findAccount } from "./find-account";
import { loginAccountKey, loginAllowed, settleLoginAttempt } from "./login-throttle";

export interface SignInInput {
  role: AccountRole;
  /** E-mail for listeners and stores, login_id for staff. */
  identifier: string;
  password: string;
  /** The login page's proof of work (`altcha`), needed only while the account is under attack. */
  proof?: unknown;
}

export type SignInResult =
  | { ok: true; uid: string; headers: Headers }
  | { ok: false; error: SignInError; email?: string; until?: Date };

/**
 * Signs an account in at the login page of its role (docs/product.md: only with a profile of that role
 * and a verified address). Rate-limited per IP (every attempt) and per account (failures), see
 * login-throttle.ts.
 */
export async function signIn({
  db,
  env,
  auth,
  clientIp,
  input,
}: {
  db: Db;
  /** For checking a proof of work; without it an account under attack cannot be signed in. */
  env?: Pick<Env, "authSecret">;
  auth: Auth;
  clientIp: string;
  input: SignInInput;
}): Promise<SignInResult> {
  const identifier = input.identifier.trim().toLowerCase();
  const accountKey = await loginAccountKey(db, identifier);
  if (!(await loginAllowed(db, { clientIp, accountKey, proof: input.proof, env })))
    return { ok: false, error: "too_many_attempts" };
  const settle = async <R extends SignInResult>(result: R, wrongPassword: boolean): Promise<R> => {
    await settleLoginAttempt(db, { accountKey, clientIp, wrongPassword });
    return result;
  };

  const account = await findAccount(db, input.role, identifier);
  if (!account) return settle({ ok: false, error: "unknown_account" } as const, true);

  try {
    const { headers } = await auth.api.signInEmail({
      body: { email: account.email, password: input.password, rememberMe: true },
      returnHeaders: true,
    });
    return settle({ ok: true, uid: account.id, headers } as const, false);
  } catch (error) {
    if (isAPIError(error)) {
      const code = (error.body as { code?: string } | undefined)?.code;
      // The password was right: not a failure to count.
      if (code === "EMAIL_NOT_VERIFIED")
        return settle({ ok: false, error: "not_verified", email: account.email } as const, false);
      if (code === ACCOUNT_SUSPENDED) {
        // A suspension's end for the message (a block, first of the holds, has none).
        const [hold] = await holdsOn(db, account.id, new Date());
        const until = hold?.ends_at ?? undefined;
        return settle({ ok: false, error: "suspended", ...(until ? { until } : {}) } as const, false);
      }
      if (code === "INVALID_EMAIL_OR_PASSWORD")
        return settle({ ok: false, error: "wrong_password" } as const, true);
    }
    console.error("[sign-in] unexpected error", error);
    return settle({ ok: false, error: "login_failed" } as const, false);
  }
}
