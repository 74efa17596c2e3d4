import type { AccountRole } from "~/domain/account-roles";
import { type Env, usesSecureCookies } from "../env";
import { createSealedCookie, type SealedCookie } from "./sealed-cookie";

/**
 * What was entered at the input step of a registration, kept (encrypted) for the confirm and
 * complete steps, for 30 minutes. The cookie's path is the role's (`/listener`), not the
 * registration's: client navigations load data from `/listener/registration.data`, which a
 * `/listener/registration` cookie path would not match.
 */
export function registrationDraft<T>(env: Env, role: AccountRole): SealedCookie<T> {
  return createSealedCookie<T>({
    name: `${role}_registration`,
    secret: env.authSecret,
    purpose: `registration:${role}`,
    path: `/${role}`,
    maxAgeSeconds: 30 * 60,
    secure: usesSecureCookies(env),
  });
}

/** Who was just registered, for the complete step's "sent to …" (10 minutes, this browser only). */
export function registrationDone<T = { email: string }>(env: Env, role: AccountRole): SealedCookie<T> {
  return createSealedCookie({
    name: `${role}_registration_done`,
    secret: env.authSecret,
    purpose: `registration-done:${role}`,
    path: `/${role}`,
    maxAgeSeconds: 10 * 60,
    secure: usesSecureCookies(env),
  });
}
