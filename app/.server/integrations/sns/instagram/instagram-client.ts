import { parseRetryAfter, RateLimitedError, SnsVendorError, TokenInvalidError } from "../errors";
import { asRecord, joinUrl, type SnsHttpOptions, str, type VendorResponse, vendorFetch } from "../http";
import type { SnsMediaItem, SnsMediaPage, SnsTokenGrant } from "../types";
import type { InstagramPort, InstagramProfile, InstagramShortLivedToken } from "./instagram-port";

export interface InstagramConfig extends SnsHttpOptions {
  clientId: string;
  clientSecret: string;
  /** `https://www.instagram.com` (the authorize page). */
  authBase: string;
  /** `https://api.instagram.com` (the code exchange). */
  apiBase: string;
  /** `https://graph.instagram.com` (tokens, profile, media). */
  graphBase: string;
  graphVersion?: string;
  /** Used when a throttling answer carries no Retry-After. */
  defaultRetryAfterSeconds?: number;
}

export const INSTAGRAM_SCOPE = "instagram_business_basic";
const PROFILE_FIELDS = "user_id,username,name,account_type,profile_picture_url,media_count";
const MEDIA_FIELDS =
  "id,caption,media_type,media_product_type,media_url,permalink,thumbnail_url,timestamp,children{id,media_type,media_url,thumbnail_url}";
/** Graph error codes of throttling (application, user, page, custom limits). */
const THROTTLE_CODES = new Set([4, 17, 32, 613]);

export function createInstagramClient(config: InstagramConfig): InstagramPort {
  const version = config.graphVersion ?? "v26.0";
  const retryDefault = config.defaultRetryAfterSeconds ?? 3600;
  const http = { timeoutMs: config.timeoutMs, fetch: config.fetch };

  async function call(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
    return asRecord((await callRaw(url, init)).json);
  }

  async function callRaw(url: string, init: RequestInit = {}): Promise<VendorResponse> {
    const response = await vendorFetch("instagram", url, { ...init, ...http });
    if (response.status >= 200 && response.status < 300 && response.json !== undefined) return response;
    throw toError(response, retryDefault);
  }

  function tokenGrant(body: Record<string, unknown>): SnsTokenGrant {
    const accessToken = str(body.access_token);
    const expiresIn = Number(body.expires_in);
    if (!accessToken || !Number.isFinite(expiresIn))
      throw new SnsVendorError("instagram", "token answer without access_token/expires_in", 200);
    return { accessToken, expiresAt: new Date(Date.now() + expiresIn * 1000) };
  }

  return {
    authorizeUrl({ redirectUri, state }) {
      return joinUrl(config.authBase, "/oauth/authorize", {
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: INSTAGRAM_SCOPE,
        state,
      });
    },

    async exchangeCode({ code, redirectUri }): Promise<InstagramShortLivedToken> {
      const response = await callRaw(joinUrl(config.apiBase, "/oauth/access_token"), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          grant_type: "authorization_code",
          redirect_uri: redirectUri,
          code: code.replace(/#_$/, ""),
        }),
      });
      // Documented as {"data":[{…}]}; older answers (and some apps) get the flat object.
      const body = asRecord(response.json);
      const entry = Array.isArray(body.data) ? asRecord(body.data[0]) : body;
      const accessToken = str(entry.access_token);
      // user_id comes as a JSON number above 2^53: JSON.parse would round it, so read the digits.
      const userId = /"user_id"\s*:\s*"?(\d+)/.exec(response.text)?.[1] ?? str(entry.user_id);
      if (!accessToken || !userId)
        throw new SnsVendorError("instagram", "code exchange answer without access_token/user_id", 200);
      const permissions = entry.permissions;
      return {
        accessToken,
        userId,
        permissions: Array.isArray(permissions)
          ? permissions.map(String)
          : (str(permissions) ?? "").split(",").filter(Boolean),
      };
    },

    async exchangeForLongLived(shortLivedToken) {
      return tokenGrant(
        await call(
          joinUrl(config.graphBase, "/access_token", {
            grant_type: "ig_exchange_token",
            client_secret: config.clientSecret,
            access_token: shortLivedToken,
          }),
        ),
      );
    },

    async refresh(longLivedToken) {
      return tokenGrant(
        await call(
          joinUrl(config.graphBase, "/refresh_access_token", {
            grant_type: "ig_refresh_token",
            access_token: longLivedToken,
          }),
        ),
      );
    },

    async getProfile(accessToken): Promise<InstagramProfile> {
      const body = await call(
        joinUrl(config.graphBase, `/${version}/me`, { fields: PROFILE_FIELDS, access_token: accessToken }),
      );
      const mediaCount = Number(body.media_count);
      return {
        userId: str(body.user_id) ?? str(body.id) ?? "",
        username: str(body.username) ?? "",
        name: str(body.name) ?? null,
        accountType: str(body.account_type) ?? null,
        profilePictureUrl: str(body.profile_picture_url) ?? null,
        mediaCount: Number.isFinite(mediaCount) && body.media_count !== undefined ? mediaCount : null,
      };
    },

    async listMedia(accessToken, { cursor, limit = 25 } = {}): Promise<SnsMediaPage> {
      const body = await call(
        joinUrl(config.graphBase, `/${version}/me/media`, {
          fields: MEDIA_FIELDS,
          limit,
          after: cursor ?? undefined,
          access_token: accessToken,
        }),
      );
      const data = Array.isArray(body.data) ? body.data : [];
      const paging = asRecord(body.paging);
      const after = str(asRecord(paging.cursors).after);
      return {
        items: data.map((m) => normalizeInstagramMedia(asRecord(m))).filter((m) => m !== null),
        // Graph gives `next` only when there is a further page; `after` alone is not enough.
        nextCursor: paging.next && after ? after : null,
      };
    },
  };
}

export function normalizeInstagramMedia(m: Record<string, unknown>): SnsMediaItem | null {
  const id = str(m.id);
  const postedAt = parseGraphTime(str(m.timestamp));
  if (!id || !postedAt) return null;
  const type = str(m.media_type);
  const children = Array.isArray(asRecord(m.children).data)
    ? (asRecord(m.children).data as unknown[]).map(asRecord)
    : [];
  const mediaUrl = str(m.media_url);
  let kind: SnsMediaItem["kind"];
  let mediaUrls: string[];
  let thumbnail: string | null;
  if (type === "CAROUSEL_ALBUM") {
    kind = "carousel";
    mediaUrls = children.map((c) => str(c.media_url)).filter((u) => u !== undefined);
    const first = children[0] ?? {};
    thumbnail = str(first.thumbnail_url) ?? str(first.media_url) ?? null;
  } else if (type === "VIDEO") {
    kind = "video";
    mediaUrls = mediaUrl ? [mediaUrl] : [];
    thumbnail = str(m.thumbnail_url) ?? null;
  } else {
    kind = "image";
    mediaUrls = mediaUrl ? [mediaUrl] : [];
    thumbnail = mediaUrl ?? null;
  }
  return {
    external_id: id,
    kind,
    caption: str(m.caption) ?? "",
    media_urls: mediaUrls,
    thumbnail_url: thumbnail,
    permalink: str(m.permalink) ?? "",
    embed_url: null,
    posted_at: postedAt,
  };
}

/** Graph writes `2026-10-01T12:34:56+0000`; make the offset ISO before parsing. */
function parseGraphTime(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(date.getTime()) ? null : date;
}

function toError(response: VendorResponse, retryDefault: number): SnsVendorError {
  const body = asRecord(response.json);
  const graph = asRecord(body.error);
  const code = Number(graph.code ?? body.code);
  const message = str(graph.message) ?? str(body.error_message) ?? `HTTP ${response.status}`;
  const vendorCode = graph.error_subcode !== undefined ? `${code}/${graph.error_subcode}` : str(code);
  if (response.status === 429 || THROTTLE_CODES.has(code))
    return new RateLimitedError(
      "instagram",
      parseRetryAfter(response.headers.get("retry-after"), retryDefault),
      response.status,
      vendorCode,
    );
  // 190: the access token is invalid, expired or revoked (subcodes 458/459/460/463/464/467).
  if (code === 190) return new TokenInvalidError("instagram", message, response.status, vendorCode);
  return new SnsVendorError("instagram", message, response.status, vendorCode ?? str(body.error_type));
}
