import { eq, sql } from "drizzle-orm";
import { type RegisterListenerInput, RegisterListenerSchema } from "~/domain/listener-registration";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { listeners, user } from "../../db/schema";
import type { Env } from "../../env";
import type { Mailer, MailResult } from "../../integrations/mail/mailer";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { insertCredentialUser } from "./insert-credential-user";
import { sendVerificationMail } from "./send-verification-mail";

export type RegisterResult =
  | { ok: true; uid: string; mail: MailResult }
  | { ok: false; error: "email_taken" | "too_many_requests" };

/** Creates a listener account (auth user + profile in one transaction) and mails the verification link. */
export async function registerListener({
  db,
  env,
  mailer,
  clientIp,
  input,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  input: RegisterListenerInput;
}): Promise<RegisterResult> {
  const data = RegisterListenerSchema.parse(input);
  const limited = await hitRateLimits(db, [{ rule: RATE_LIMITS.registrationPerIp, subject: clientIp }]);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };

  const email = data.email.toLowerCase();
  const [taken] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (taken) return { ok: false, error: "email_taken" };

  let uid: string;
  try {
    uid = await db.transaction(async (tx) => {
      const id = await insertCredentialUser(tx, { email, name: data.nickname, password: data.password });
      await tx.insert(listeners).values({ uid: id, email, nickname: data.nickname });
      return id;
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, error: "email_taken" };
    throw error;
  }
  const mail = await sendVerificationMail({
    env,
    mailer,
    role: "listener",
    to: email,
    name: data.nickname,
    uid,
  });
  return { ok: true, uid, mail };
}
