import { createEmailVerificationToken } from "better-auth/api";
import type { AccountRole } from "~/domain/account-roles";
import { ROLE_LABELS } from "~/domain/account-roles";
import { VERIFICATION_EXPIRES_IN_SECONDS } from "../../auth/create-auth";
import type { Tx } from "../../db/client";
import type { Env } from "../../env";
import { verifyEmailMail } from "../../integrations/mail/account-templates";
import type { Mailer, MailResult } from "../../integrations/mail/mailer";

/**
 * Sends the verification mail. Its link lands on the login page of the role (ADR 0021), whose
 * loader verifies the token; the token is better-auth's, so `verifyEmail` accepts it.
 */
export async function sendVerificationMail({
  env,
  mailer,
  role,
  to,
  name,
  uid,
  tx,
}: {
  env: Env;
  mailer: Mailer;
  role: AccountRole;
  to: string;
  name: string;
  uid: string;
  /** The transaction that creates the account (the mail exists exactly when the account does). */
  tx?: Tx;
}): Promise<MailResult> {
  const token = await createEmailVerificationToken(
    env.authSecret,
    to,
    undefined,
    VERIFICATION_EXPIRES_IN_SECONDS,
  );
  const url = `${env.baseUrl}/${role}/login?verify=${encodeURIComponent(token)}`;
  return mailer.send(
    {
      kind: "verify-email",
      to,
      ...verifyEmailMail({ name, url, roleLabel: ROLE_LABELS[role] }),
      meta: { role, uid },
    },
    { tx },
  );
}
