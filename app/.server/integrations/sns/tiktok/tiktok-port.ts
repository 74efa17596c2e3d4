import type { SnsMediaItem, SnsMediaPage } from "../types";

/** TikTok's token answer. Refresh tokens rotate: always keep the newest one (in one transaction). */
export interface TikTokTokenGrant {
  accessToken: string;
  expiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
  openId: string;
  scopes: string[];
}

export interface TikTokUser {
  openId: string;
  unionId: string | null;
  displayName: string;
  avatarUrl: string | null;
}

/** TikTok Login Kit (web) and Display API v2 (ADR 0023). */
export interface TikTokPort {
  authorizeUrl(args: { redirectUri: string; state: string }): string;
  exchangeCode(args: { code: string; redirectUri: string }): Promise<TikTokTokenGrant>;
  /** A revoked or expired refresh token → TokenInvalidError. Never run two at once for one link. */
  refresh(refreshToken: string): Promise<TikTokTokenGrant>;
  getUser(accessToken: string): Promise<TikTokUser>;
  /** The user's public videos, newest first (`video/list`); the cursor is a ms timestamp. */
  listVideos(accessToken: string, args?: { cursor?: string | null; limit?: number }): Promise<SnsMediaPage>;
  /**
   * Up to 20 of the user's videos by id (`video/query`): fresh `cover_image_url`s (they expire
   * after about 6 h); ids that are gone or private are simply missing from the answer.
   */
  queryVideos(accessToken: string, videoIds: string[]): Promise<SnsMediaItem[]>;
}
