import type { Auth } from "../../auth/create-auth";
import { formatSecretForTyping, openTotpSecret, totpQrDataUrl, totpUri } from "../../auth/totp";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { findPendingEnrolment } from "./operator-session";

/**
 * What the enrolment page shows to the operator whose password step just passed: the QR code of
 * the key URI (an SVG data URL made on the server) and the secret to type by hand. Null when the
 * request has no enrolment in progress.
 */
export async function getTotpEnrolment({
  db,
  auth,
  env,
  request,
}: {
  db: Db;
  auth: Auth;
  env: Pick<Env, "authSecret">;
  request: Request;
}) {
  const pending = await findPendingEnrolment(db, auth, request);
  const secret = pending?.totpSecret ? openTotpSecret(pending.totpSecret, env.authSecret) : null;
  if (!pending || !secret) return null;
  const uri = totpUri(secret, pending.email);
  return { email: pending.email, secret: formatSecretForTyping(secret), qrDataUrl: await totpQrDataUrl(uri) };
}
