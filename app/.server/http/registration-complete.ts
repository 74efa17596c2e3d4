import type { AppLoadContext } from "react-router";
import { data } from "react-router";
import type { AccountRole } from "~/domain/account-roles";
import { AUTH_MESSAGES } from "~/domain/auth-messages";
import { REGISTRATION_COMPLETE_TEXTS } from "~/domain/registration-complete";
import { resendVerification } from "../services/accounts/resend-verification";
import { registrationDone } from "./registration-draft";

/**
 * The complete step of the listener and store registrations (docs/product.md "First steps"): the
 * page shows the address the verification mail went to and can send it again. The address comes
 * only from the sealed `…_registration_done` cookie the confirm step wrote (this browser, 10
 * minutes), never from the request, so the form cannot mail anyone else; the resend is the login
 * page's service, with its rate limits.
 */

/** The loader's answer: the address, or null when the cookie is missing or expired. */
export function registrationCompleteData(
  request: Request,
  context: AppLoadContext,
  role: AccountRole,
): { email: string | null } {
  return { email: registrationDone(context.env, role).read(request)?.email ?? null };
}

export type ResendAnswer = { resent: true; error: null } | { resent: false; error: string };

/** The action: send the verification mail again to the address of the cookie. */
export async function resendRegistrationMail(request: Request, context: AppLoadContext, role: AccountRole) {
  const email = registrationDone(context.env, role).read(request)?.email;
  if (!email)
    return data<ResendAnswer>({ resent: false, error: REGISTRATION_COMPLETE_TEXTS.expired }, { status: 400 });
  const result = await resendVerification({ ...context, input: { role, email } });
  if (!result.ok)
    return data<ResendAnswer>({ resent: false, error: AUTH_MESSAGES.too_many_requests }, { status: 429 });
  return data<ResendAnswer>({ resent: true, error: null });
}
