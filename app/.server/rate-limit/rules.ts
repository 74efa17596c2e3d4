import type { RateLimitRule } from "./rate-limiter";

/**
 * The abuse limits, in one place. Per IP catches one machine trying many accounts; per account
 * catches many machines (or a rotating proxy) trying one account. Per-IP limits stay generous:
 * Japanese mobile carriers put many customers behind one address (CGNAT).
 */
export const RATE_LIMITS = {
  loginPerIp: { name: "login:ip", limit: 100, windowSeconds: 15 * 60 },
  /**
   * Failed sign-ins of one account (ADR 0017): from one network (IPv4 /24, IPv6 /64) they lock that
   * network out of the account; from everywhere together they only make every further attempt
   * prove a little work (ALTCHA, ADR 0008) — an attacker can no longer lock the owner out.
   */
  loginPerAccountNetwork: { name: "login:account-net", limit: 10, windowSeconds: 15 * 60 },
  loginPerAccount: { name: "login:account", limit: 10, windowSeconds: 15 * 60 },
  registrationPerIp: { name: "registration:ip", limit: 30, windowSeconds: 60 * 60 },
  resetPerIp: { name: "reset:ip", limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { name: "reset:account", limit: 3, windowSeconds: 60 * 60 },
  resendPerIp: { name: "resend:ip", limit: 10, windowSeconds: 60 * 60 },
  resendPerAccount: { name: "resend:account", limit: 3, windowSeconds: 60 * 60 },
  // Public forms that mail the operator (and the sender): messages sent, not pages viewed.
  /** Every picture is decoded and re-encoded: generous for a store filling its gallery, not endless. */
  uploadPerAccount: { name: "upload:account", limit: 120, windowSeconds: 60 * 60 },
  /**
   * The one-click unsubscribe (RFC 8058) and its page's button: open without login or Origin, so
   * bounded per address; a mail provider posting for many users from one address stays well inside.
   */
  unsubscribePerIp: { name: "unsubscribe:ip", limit: 300, windowSeconds: 15 * 60 },
  /** ADR 0029: chat messages per sender (counted when a message is written). */
  chatMessagesPerSender: { name: "chat:sender", limit: 20, windowSeconds: 60 },
  /** ADR 0044: 「入力中…」 at most once per 3 s per sender (the page asks no more often). */
  chatTypingPerSender: { name: "chat:typing", limit: 1, windowSeconds: 3 },
  /**
   * Live viewers joining (ADR 0031), per client address: generous, since a carrier puts many phones
   * behind one address, but a script cannot fill a live's viewer cap from one machine in a moment.
   */
  liveJoinPerIp: { name: "live-join:ip", limit: 600, windowSeconds: 60 },
  contactPerIp: { name: "contact:ip", limit: 5, windowSeconds: 60 * 60 },
  shopEntryPerIp: { name: "shop-entry:ip", limit: 5, windowSeconds: 60 * 60 },
  // The operator's login (/admin/login): every attempt per address; failed passwords per account
  // AND address (nobody can lock an operator out from elsewhere by failing on purpose); wrong TOTP
  // codes per account, which only someone who has the password can use up.
  adminLoginPerIp: { name: "admin-login:ip", limit: 30, windowSeconds: 15 * 60 },
  adminPasswordPerAccountIp: { name: "admin-password:account-ip", limit: 5, windowSeconds: 15 * 60 },
  adminTotpPerAccount: { name: "admin-totp:account", limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;
