import { and, eq, ne, sql } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { listeners, livers, session, user, verification } from "../../db/schema";
import type { Env } from "../../env";
import { emailChangedNoticeMail } from "../../integrations/mail/account-templates";
import type { Mailer } from "../../integrations/mail/mailer";
import { EMAIL_CHANGE_PREFIX, type PendingEmailChange } from "./request-email-change";

export type ConfirmEmailChangeResult =
  | { ok: true; email: string }
  | { ok: false; error: "invalid_token" | "wrong_account" | "email_taken" };

function parsePending(value: string): PendingEmailChange | null {
  try {
    const parsed = JSON.parse(value) as Partial<PendingEmailChange>;
    return typeof parsed.uid === "string" && typeof parsed.newEmail === "string"
      ? { uid: parsed.uid, newEmail: parsed.newEmail }
      : null;
  } catch {
    return null;
  }
}

/**
 * Completes an e-mail change from the link of the confirmation mail, opened by the signed-in
 * actor: the new address is set (verified, since the link reached it) on the auth user and the
 * profile (`listeners.email` / `livers.email`), the token is used up, and every other session of
 * the account ends; `keepSessionId` (this device) stays signed in. A link of another account is
 * refused and left unused.
 */
export async function confirmEmailChange({
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
  input: { token: string; keepSessionId?: string };
}): Promise<ConfirmEmailChangeResult> {
  // A kind that may not change its address holds no valid token (the request step refused it).
  if (!input.token || roleRefusal(actor, "account.email.change"))
    return { ok: false, error: "invalid_token" };
  const identifier = `${EMAIL_CHANGE_PREFIX}${input.token}`;
  const [row] = await db.select().from(verification).where(eq(verification.identifier, identifier)).limit(1);
  const pending = row ? parsePending(row.value) : null;
  if (!row || !pending || row.expiresAt.getTime() <= Date.now()) return { ok: false, error: "invalid_token" };
  if (pending.uid !== actor.uid) return { ok: false, error: "wrong_account" };

  const { newEmail } = pending;
  try {
    const result = await db.transaction(async (tx) => {
      // Single use, whatever happens next.
      const used = await tx
        .delete(verification)
        .where(eq(verification.id, row.id))
        .returning({ id: verification.id });
      if (used.length === 0) return { ok: false, error: "invalid_token" } as const;
      const [taken] = await tx
        .select({ id: user.id })
        .from(user)
        .where(and(eq(sql`lower(${user.email})`, newEmail), ne(user.id, actor.uid)))
        .limit(1);
      if (taken) return { ok: false, error: "email_taken" } as const;

      await tx.update(user).set({ email: newEmail, emailVerified: true }).where(eq(user.id, actor.uid));
      if (actor.type === "listener")
        await tx.update(listeners).set({ email: newEmail }).where(eq(listeners.uid, actor.uid));
      else await tx.update(livers).set({ email: newEmail }).where(eq(livers.uid, actor.uid));
      await tx
        .delete(session)
        .where(
          input.keepSessionId
            ? and(eq(session.userId, actor.uid), ne(session.id, input.keepSessionId))
            : eq(session.userId, actor.uid),
        );
      // The old address hears of it: if the change was not its owner's doing, they can act.
      if (actor.email.toLowerCase() !== newEmail)
        await mailer.send(
          {
            kind: "email-changed-notice",
            to: actor.email,
            ...emailChangedNoticeMail({ name: actor.name, newEmail, origin: env.baseUrl }),
            meta: { role: actor.type, uid: actor.uid },
          },
          { tx },
        );
      return { ok: true, email: newEmail } as const;
    });
    return result;
  } catch (error) {
    // Another account took the address between the check and the update: the unique index decides.
    if (isUniqueViolation(error)) {
      await db.delete(verification).where(eq(verification.id, row.id));
      return { ok: false, error: "email_taken" };
    }
    throw error;
  }
}
