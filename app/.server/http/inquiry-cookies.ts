import type { ContactInput } from "~/domain/contact";
import { type Env, usesSecureCookies } from "../env";
import { createSealedCookie, type SealedCookie } from "./sealed-cookie";

/**
 * Between the input and confirm steps of `/contact`: what was entered and the proof of work
 * checked at the input step (redeemed when the message is sent), sealed in a cookie for 30
 * minutes, compressed so a long message still fits. Its path is "/": the input step's data
 * request is `/contact.data`, which a `/contact` cookie path would not match.
 */
export interface ContactDraft {
  message: ContactInput;
  pow: { challenge: string; expiresAt: string };
}

const secureFor = (env: Env) => usesSecureCookies(env);

/** Browsers keep at most 4,096 bytes per cookie, name and attributes included. */
export const COOKIE_MAX_BYTES = 4_000;

export function contactDraft(env: Env): SealedCookie<ContactDraft> {
  return createSealedCookie<ContactDraft>({
    name: "contact_draft",
    secret: env.authSecret,
    purpose: "contact-draft",
    path: "/",
    maxAgeSeconds: 30 * 60,
    secure: secureFor(env),
    compress: true,
  });
}

/** Who just wrote, for the complete step's "a reply was sent to …" (10 minutes). */
export function contactDone(env: Env): SealedCookie<{ email: string }> {
  return createSealedCookie({
    name: "contact_done",
    secret: env.authSecret,
    purpose: "contact-done",
    path: "/contact",
    maxAgeSeconds: 10 * 60,
    secure: secureFor(env),
  });
}

/** After a listing request: who sent it, for the thank-you panel of `/shop_entry?sent=1` (10 minutes). */
export function shopEntryDone(env: Env): SealedCookie<{ email: string; storeName: string }> {
  return createSealedCookie({
    name: "shop_entry_done",
    secret: env.authSecret,
    purpose: "shop-entry-done",
    // "/": the page's data request is `/shop_entry.data`, outside a `/shop_entry` path.
    path: "/",
    maxAgeSeconds: 10 * 60,
    secure: secureFor(env),
  });
}
