import type { AccountRole } from "~/domain/account-roles";
import type { Env } from "../env";
import { createSealedCookie, type SealedCookie } from "./sealed-cookie";

/**
 * What was entered at the input step of a registration, kept (encrypted) for the confirm and
 * complete steps, for 30 minutes, on the registration paths of that role only.
 */
export function registrationDraft<T>(env: Env, role: AccountRole): SealedCookie<T> {
  return createSealedCookie<T>({
    name: `${role}_registration`,
    secret: env.authSecret,
    purpose: `registration:${role}`,
    path: `/${role}/registration`,
    maxAgeSeconds: 30 * 60,
    secure: env.baseUrl.startsWith("https://"),
  });
}
