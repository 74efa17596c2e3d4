import { parseRetryAfter, RateLimitedError, SnsVendorError, TokenInvalidError } from "../errors";
import { asRecord, joinUrl, type SnsHttpOptions, str, type VendorResponse, vendorFetch } from "../http";
import type { SnsMediaItem, SnsMediaPage } from "../types";
import type { TikTokPort, TikTokTokenGrant, TikTokUser } from "./tiktok-port";

export interface TikTokConfig extends SnsHttpOptions {
  clientKey: string;
  clientSecret: string;
  /** `https://www.tiktok.com` (the authorize page). */
  authBase: string;
  /** `https://open.tiktokapis.com` (tokens and the Display API). */
  apiBase: string;
  /** Used when a 429 carries no Retry-After (the limit is per minute). */
  defaultRetryAfterSeconds?: number;
}

export const TIKTOK_SCOPE = "user.info.basic,video.list";
const USER_FIELDS = "open_id,union_id,avatar_url,display_name";
const VIDEO_FIELDS = "id,title,video_description,cover_image_url,share_url,create_time,duration,embed_link";
/** Display API errors that mean the user must log in again. */
const TOKEN_CODES = new Set(["access_token_invalid", "scope_not_authorized"]);

export function createTikTokClient(config: TikTokConfig): TikTokPort {
  const retryDefault = config.defaultRetryAfterSeconds ?? 60;
  const http = { timeoutMs: config.timeoutMs, fetch: config.fetch };

  async function token(params: Record<string, string>, isRefresh: boolean): Promise<TikTokTokenGrant> {
    const response = await vendorFetch("tiktok", joinUrl(config.apiBase, "/v2/oauth/token/"), {
      ...http,
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cache-control": "no-cache" },
      body: new URLSearchParams({
        client_key: config.clientKey,
        client_secret: config.clientSecret,
        ...params,
      }),
    });
    const body = asRecord(response.json);
    if (response.status === 429)
      throw new RateLimitedError(
        "tiktok",
        parseRetryAfter(response.headers.get("retry-after"), retryDefault),
        429,
      );
    // OAuth errors: {"error":"invalid_grant","error_description":"…","log_id":"…"} (sometimes with 200).
    const oauthError = str(body.error);
    if (oauthError) {
      const message = str(body.error_description) ?? oauthError;
      if (isRefresh && oauthError === "invalid_grant")
        throw new TokenInvalidError("tiktok", message, response.status, oauthError);
      throw new SnsVendorError("tiktok", message, response.status, oauthError);
    }
    const accessToken = str(body.access_token);
    const refreshToken = str(body.refresh_token);
    const expiresIn = Number(body.expires_in);
    const refreshExpiresIn = Number(body.refresh_expires_in);
    if (response.status !== 200 || !accessToken || !refreshToken || !Number.isFinite(expiresIn))
      throw new SnsVendorError(
        "tiktok",
        `unexpected token answer (HTTP ${response.status})`,
        response.status,
      );
    const now = Date.now();
    return {
      accessToken,
      expiresAt: new Date(now + expiresIn * 1000),
      refreshToken,
      refreshExpiresAt: new Date(now + (Number.isFinite(refreshExpiresIn) ? refreshExpiresIn : 0) * 1000),
      openId: str(body.open_id) ?? "",
      scopes: (str(body.scope) ?? "").split(",").filter(Boolean),
    };
  }

  async function api(
    url: string,
    accessToken: string,
    init: RequestInit = {},
  ): Promise<Record<string, unknown>> {
    const response = await vendorFetch("tiktok", url, {
      ...http,
      ...init,
      headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${accessToken}` },
    });
    const body = asRecord(response.json);
    const error = asRecord(body.error);
    const code = str(error.code);
    // The `error` object is present on success too, with code "ok".
    if (response.status === 200 && (code === undefined || code === "ok") && response.json !== undefined)
      return asRecord(body.data);
    throw toError(response, code, str(error.message), retryDefault);
  }

  return {
    authorizeUrl({ redirectUri, state }) {
      return joinUrl(config.authBase, "/v2/auth/authorize/", {
        client_key: config.clientKey,
        scope: TIKTOK_SCOPE,
        redirect_uri: redirectUri,
        state,
        response_type: "code",
      });
    },

    exchangeCode({ code, redirectUri }) {
      return token({ code, grant_type: "authorization_code", redirect_uri: redirectUri }, false);
    },

    refresh(refreshToken) {
      return token({ grant_type: "refresh_token", refresh_token: refreshToken }, true);
    },

    async getUser(accessToken): Promise<TikTokUser> {
      const data = await api(joinUrl(config.apiBase, "/v2/user/info/", { fields: USER_FIELDS }), accessToken);
      const user = asRecord(data.user);
      return {
        openId: str(user.open_id) ?? "",
        unionId: str(user.union_id) ?? null,
        displayName: str(user.display_name) ?? "",
        avatarUrl: str(user.avatar_url) ?? null,
      };
    },

    async listVideos(accessToken, { cursor, limit = 20 } = {}): Promise<SnsMediaPage> {
      const data = await api(
        joinUrl(config.apiBase, "/v2/video/list/", { fields: VIDEO_FIELDS }),
        accessToken,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            ...(cursor ? { cursor: Number(cursor) } : {}),
            max_count: Math.min(Math.max(limit, 1), 20),
          }),
        },
      );
      const videos = Array.isArray(data.videos) ? data.videos : [];
      const next = str(data.cursor);
      return {
        items: videos.map((v) => normalizeTikTokVideo(asRecord(v))).filter((v) => v !== null),
        // Pages may be short (even empty) while has_more is true: follow has_more, not the count.
        nextCursor: data.has_more === true && next ? next : null,
      };
    },

    async queryVideos(accessToken, videoIds) {
      if (videoIds.length === 0) return [];
      if (videoIds.length > 20) throw new RangeError("video/query takes at most 20 ids");
      const data = await api(
        joinUrl(config.apiBase, "/v2/video/query/", { fields: VIDEO_FIELDS }),
        accessToken,
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ filters: { video_ids: videoIds } }),
        },
      );
      const videos = Array.isArray(data.videos) ? data.videos : [];
      return videos.map((v) => normalizeTikTokVideo(asRecord(v))).filter((v) => v !== null);
    },
  };
}

export function normalizeTikTokVideo(v: Record<string, unknown>): SnsMediaItem | null {
  const id = str(v.id);
  const created = Number(v.create_time);
  if (!id || !Number.isFinite(created)) return null;
  const embed = str(v.embed_link) ?? `https://www.tiktok.com/player/v1/${id}`;
  return {
    external_id: id,
    kind: "video",
    caption: str(v.video_description) || str(v.title) || "",
    media_urls: [embed],
    // Valid about 6 h (x-expires): refresh through video/query, never keep it as permanent.
    thumbnail_url: str(v.cover_image_url) ?? null,
    permalink: str(v.share_url) ?? "",
    embed_url: embed,
    posted_at: new Date(created * 1000),
  };
}

function toError(
  response: VendorResponse,
  code: string | undefined,
  message: string | undefined,
  retryDefault: number,
): SnsVendorError {
  const text = message || code || `HTTP ${response.status}`;
  if (response.status === 429 || code === "rate_limit_exceeded")
    return new RateLimitedError(
      "tiktok",
      parseRetryAfter(response.headers.get("retry-after"), retryDefault),
      response.status,
      code,
    );
  if (code !== undefined && TOKEN_CODES.has(code))
    return new TokenInvalidError("tiktok", text, response.status, code);
  if (response.status === 401) return new TokenInvalidError("tiktok", text, 401, code);
  return new SnsVendorError("tiktok", text, response.status, code);
}
