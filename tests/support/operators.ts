import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { generateTotpSecret, sealTotpSecret } from "~/.server/auth/totp";
import type { Db } from "~/.server/db/client";
import { operators } from "~/.server/db/schema";
import { createOperator } from "~/.server/services/operators/create-operator";
import { signInOperator } from "~/.server/services/operators/sign-in-operator";
import { totpCode } from "./totp";

export const OPERATOR_PASSWORD = "operator-pass-2026";

let seq = 0;

export interface TestOperator {
  uid: string;
  email: string;
  password: string;
  /** The base32 TOTP secret (enrolled operators). */
  secret: string;
}

/**
 * An operator as `npm run operator -- create` makes it; `enrolled` also gives it a TOTP secret
 * sealed under the context's AUTH_SECRET, as the enrolment page would have.
 */
export async function makeOperator(
  db: Db,
  { authSecret, enrolled = true }: { authSecret: string; enrolled?: boolean },
): Promise<TestOperator> {
  const email = `operator-${Date.now().toString(36)}${++seq}@example.com`;
  const created = await createOperator({ db, input: { email, password: OPERATOR_PASSWORD } });
  if (!created.ok) throw new Error(`operator not created: ${created.error}`);
  const secret = generateTotpSecret();
  if (enrolled)
    await db
      .update(operators)
      .set({ totp_secret: sealTotpSecret(secret, authSecret), totp_enrolled_at: new Date() })
      .where(eq(operators.uid, created.uid));
  return { uid: created.uid, email, password: OPERATOR_PASSWORD, secret: enrolled ? secret : "" };
}

/** The Cookie header of a signed-in operator (password + TOTP at `now`). */
export async function operatorCookie(
  context: AppLoadContext,
  operator: TestOperator,
  now: Date = new Date(),
): Promise<string> {
  const result = await signInOperator({
    ...context,
    clientIp: "203.0.113.200",
    input: { email: operator.email, password: operator.password, code: totpCode(operator.secret, now) },
    now,
  });
  if (!result.ok || result.next !== "admin")
    throw new Error(`operator sign-in failed: ${JSON.stringify(result)}`);
  return cookieOf(result.headers);
}

export function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c && !c.endsWith("="))
    .join("; ");
}
