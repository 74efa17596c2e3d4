import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { REGISTRATION_COMPLETE_TEXTS as TEXTS } from "~/domain/registration-complete";
import { SubmitButton } from "../form/submit-button";
import { Notice } from "./auth-card";

/**
 * The body of a registration's complete step: the address the verification mail went to, shown
 * whole so a typo can be spotted, and a button that sends the mail again (the action reads the
 * address from the server's cookie, never from the form). Without the address (the cookie has
 * expired) the page says where to resend from instead.
 */
export function RegistrationMailNotice({
  email,
  answer,
  loginPath,
  loginLabel,
  registrationPath,
  children,
}: {
  email: string | null;
  /** The resend action's answer. */
  answer: { resent: boolean; error: string | null } | undefined;
  loginPath: string;
  loginLabel: string;
  registrationPath: string;
  /** What happens next for this kind of account. */
  children: ReactNode;
}) {
  return (
    <>
      {answer?.resent ? <Notice tone="success">{TEXTS.resent}</Notice> : null}
      {answer?.error ? <Notice tone="error">{answer.error}</Notice> : null}
      <div className="space-y-3 text-sm leading-relaxed">
        {email ? (
          <p>
            <strong className="break-all text-base" data-testid="registration-email">
              {email}
            </strong>
            <br />
            {TEXTS.sentTo}
          </p>
        ) : (
          <p>{TEXTS.sentToUnknown}</p>
        )}
        {children}
        {email ? (
          <p className="text-slate-600">
            {TEXTS.checkAddress[0]}
            <Link to={registrationPath} className="whitespace-nowrap text-brand-700 underline">
              {TEXTS.checkAddress[1]}
            </Link>
            {TEXTS.checkAddress[2]}
          </p>
        ) : null}
      </div>
      {email ? (
        <Form method="post" className="mt-5 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="text-slate-700 text-sm">{TEXTS.notArrived}</p>
          <SubmitButton variant="secondary" className="mt-3" pendingLabel={TEXTS.resending}>
            {TEXTS.resend}
          </SubmitButton>
        </Form>
      ) : answer?.error ? null : (
        <p className="mt-3 text-slate-600 text-sm">{TEXTS.expired}</p>
      )}
      <Link
        to={loginPath}
        className="mt-6 flex min-h-11 items-center justify-center rounded-full bg-brand-600 px-4 py-3 text-center font-bold text-white hover:bg-brand-700"
      >
        {loginLabel}
      </Link>
    </>
  );
}
