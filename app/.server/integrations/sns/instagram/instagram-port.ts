import type { SnsMediaPage, SnsTokenGrant } from "../types";

/** The short-lived token of the code exchange (1 h; exchange it server-side right away). */
export interface InstagramShortLivedToken {
  accessToken: string;
  userId: string;
  permissions: string[];
}

export interface InstagramProfile {
  userId: string;
  username: string;
  name: string | null;
  accountType: string | null;
  profilePictureUrl: string | null;
  mediaCount: number | null;
}

/**
 * Instagram API with Instagram Login (ADR 0023). Long-lived tokens last 60 days and can
 * be refreshed once at least 24 h old; an expired one needs a new login (TokenInvalidError).
 */
export interface InstagramPort {
  /** Where to send the browser; the answer comes back to `redirectUri?code=…&state=…`. */
  authorizeUrl(args: { redirectUri: string; state: string }): string;
  /** The `code` of the redirect (a trailing `#_` is stripped) → a short-lived token. */
  exchangeCode(args: { code: string; redirectUri: string }): Promise<InstagramShortLivedToken>;
  /** Short-lived → long-lived (60 days). */
  exchangeForLongLived(shortLivedToken: string): Promise<SnsTokenGrant>;
  /** A long-lived token → a new one valid 60 days from now. */
  refresh(longLivedToken: string): Promise<SnsTokenGrant>;
  getProfile(accessToken: string): Promise<InstagramProfile>;
  /** The account's own media, newest first; `cursor` is the previous page's `nextCursor`. */
  listMedia(accessToken: string, args?: { cursor?: string | null; limit?: number }): Promise<SnsMediaPage>;
}
