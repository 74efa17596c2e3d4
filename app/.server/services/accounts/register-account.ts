import { eq, sql } from "drizzle-orm";
import type { AccountRole } from "~/domain/account-roles";
import type { Db, Tx } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { user } from "../../db/schema";
import type { Env } from "../../env";
import type { Mailer, MailResult } from "../../integrations/mail/mailer";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { insertCredentialUser } from "../shared/insert-credential-user";
import { sendVerificationMail } from "./send-verification-mail";

export type RegisterAccountResult =
  | { ok: true; uid: string; mail: MailResult }
  | { ok: false; error: "email_taken" | "too_many_requests" };

/**
 * The steps every e-mail registration shares (listener, store): the per-IP limit, one account per
 * address (any letter case), the auth user + credential + the role's profile row in ONE
 * transaction (`insertProfile`) with the verification mail whose link lands on the role's login.
 * `check` runs after the limit and before anything is written (e.g. "is the plan still offered").
 */
export async function registerAccount<E extends string = never>({
  db,
  env,
  mailer,
  clientIp,
  role,
  email: typed,
  name,
  password,
  check,
  insertProfile,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  role: Exclude<AccountRole, "staff">;
  email: string;
  name: string;
  password: string;
  check?: () => Promise<{ ok: true } | { ok: false; error: E }>;
  insertProfile: (tx: Tx, uid: string, email: string) => Promise<void>;
}): Promise<RegisterAccountResult | { ok: false; error: E }> {
  const limited = await hitRateLimits(db, [{ rule: RATE_LIMITS.registrationPerIp, subject: clientIp }]);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };

  const email = typed.toLowerCase();
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (taken) return { ok: false, error: "email_taken" };
  if (check) {
    const checked = await check();
    if (!checked.ok) return checked;
  }

  let uid: string;
  let mail: MailResult;
  try {
    ({ uid, mail } = await db.transaction(async (tx) => {
      const id = await insertCredentialUser(tx, { email, name, password });
      await insertProfile(tx, id, email);
      return {
        uid: id,
        mail: await sendVerificationMail({ env, mailer, role, to: email, name, uid: id, tx }),
      };
    }));
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, error: "email_taken" };
    throw error;
  }
  return { ok: true, uid, mail };
}
