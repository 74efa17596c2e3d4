import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, like, lt, ne, or, sql } from "drizzle-orm";
import { EmailChangeSchema } from "~/domain/account-settings";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { user, verification } from "../../db/schema";
import type { Env } from "../../env";
import { emailChangeMail } from "../../integrations/mail/account-templates";
import type { Mailer, MailResult } from "../../integrations/mail/mailer";
import { isCurrentPassword } from "../shared/is-current-password";

/** The links of the confirmation mail are valid for a day (as the mail says). */
export const EMAIL_CHANGE_EXPIRES_IN_SECONDS = 24 * 60 * 60;

/** The `verification.identifier` prefix of a pending e-mail change; the value is JSON {uid, newEmail}. */
export const EMAIL_CHANGE_PREFIX = "change-email:";

export interface PendingEmailChange {
  uid: string;
  newEmail: string;
}

export type RequestEmailChangeResult =
  | { ok: true; email: string; mail: MailResult }
  | { ok: false; error: "forbidden" | "same_email" | "wrong_password" | "email_taken" };

/**
 * Starts an e-mail change of the actor's own account (listener or store): after the current
 * password is checked, a single-use link valid for 24 hours goes to the NEW address; nothing
 * changes until it is opened (confirm-email-change). A newer request replaces older ones.
 */
export async function requestEmailChange({
  db,
  env,
  mailer,
  actor,
  input,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  actor: Viewer;
  input: { email: string; current_password: string };
}): Promise<RequestEmailChangeResult> {
  const refused = roleRefusal(actor, "account.email.change");
  if (refused) return { ok: false, error: refused };
  const data = EmailChangeSchema.parse(input);
  const newEmail = data.email.toLowerCase();

  const [current] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, actor.uid))
    .limit(1);
  if (!current) return { ok: false, error: "forbidden" };
  if (current.email.toLowerCase() === newEmail) return { ok: false, error: "same_email" };
  if (!(await isCurrentPassword(db, actor.uid, data.current_password)))
    return { ok: false, error: "wrong_password" };

  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(sql`lower(${user.email})`, newEmail), ne(user.id, actor.uid)))
    .limit(1);
  if (taken) return { ok: false, error: "email_taken" };

  const token = randomBytes(32).toString("base64url");
  const value: PendingEmailChange = { uid: actor.uid, newEmail };
  const url = `${env.baseUrl}/${actor.type}/mypage/setting?email_token=${encodeURIComponent(token)}`;
  const mail = await db.transaction(async (tx) => {
    // Earlier requests of this account, and expired requests of anyone, are dropped.
    await tx.delete(verification).where(
      and(
        like(verification.identifier, `${EMAIL_CHANGE_PREFIX}%`),
        or(
          lt(verification.expiresAt, new Date()),
          // The value starts with the uid (JSON.stringify keeps the key order); no jsonb cast, which
          // could meet other kinds of verification rows.
          like(verification.value, `${JSON.stringify({ uid: actor.uid }).slice(0, -1)},%`),
        ),
      ),
    );
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `${EMAIL_CHANGE_PREFIX}${token}`,
      value: JSON.stringify(value),
      expiresAt: new Date(Date.now() + EMAIL_CHANGE_EXPIRES_IN_SECONDS * 1000),
    });
    return mailer.send(
      {
        kind: "change-email",
        to: newEmail,
        ...emailChangeMail({ name: current.name, url }),
        meta: { role: actor.type, uid: actor.uid },
      },
      { tx },
    );
  });
  return { ok: true, email: newEmail, mail };
}
