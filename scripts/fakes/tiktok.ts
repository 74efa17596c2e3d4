import type { ServerResponse } from "node:http";
import {
  consentPage,
  type FakeOptions,
  type FakeServerBase,
  listen,
  pick,
  RateLimitKnob,
  randomId,
  readBody,
  redirect,
  sendJson,
  sendText,
  topLevelFields,
} from "./shared";

/**
 * A fake of TikTok Login Kit (web) and Display API v2 (ADR 0023): authorize page,
 * `/v2/oauth/token/` (code and rotating refresh tokens), `/v2/user/info/`, `/v2/video/list/`.
 */
export const FAKE_TIKTOK_APP = { clientKey: "awfaketiktokkey01", clientSecret: "fake-tiktok-secret" };

export interface FakeTikTokVideo {
  id: string;
  title: string;
  video_description: string;
  create_time: number;
  cover_image_url: string;
  share_url: string;
  embed_link: string;
  duration: number;
}

export interface FakeTikTokUser {
  openId: string;
  displayName: string;
  /** Newest first. */
  videos: FakeTikTokVideo[];
}

interface AccessToken {
  token: string;
  openId: string;
  expiresAt: number;
  revoked: boolean;
}
interface RefreshToken {
  token: string;
  openId: string;
  expiresAt: number;
  revoked: boolean;
}

export interface FakeTikTok extends FakeServerBase {
  app: typeof FAKE_TIKTOK_APP;
  users: Map<string, FakeTikTokUser>;
  addUser(args: { displayName: string; videoCount?: number }): FakeTikTokUser;
  issueCode(args: { openId: string; redirectUri: string }): string;
  /** An access token past its 2 h (Display API answers 401 access_token_invalid). */
  expireAccessToken(token: string): void;
  /** The user deauthorized the app: every access and refresh token of theirs stops working. */
  revokeUser(openId: string): void;
  /** Pages shorter than asked while has_more stays true (TikTok does this). */
  shortPages: number | undefined;
}

const ACCESS_TTL = 7200;
const REFRESH_TTL = 15552000;

export async function startFakeTikTok(options: FakeOptions & { seed?: boolean } = {}): Promise<FakeTikTok> {
  const now = options.now ?? Date.now;
  const users = new Map<string, FakeTikTokUser>();
  const codes = new Map<string, { openId: string; redirectUri: string; expiresAt: number }>();
  const access = new Map<string, AccessToken>();
  const refresh = new Map<string, RefreshToken>();
  const rateLimit = new RateLimitKnob();
  const requests: FakeServerBase["requests"] = [];
  let nextVideo = 7380080137682881835n;
  const logId = () =>
    `2026112509${randomId("", 12)
      .replace(/[^0-9A-F]/gi, "0")
      .toUpperCase()}`;

  const apiError = (res: ServerResponse, status: number, code: string, message: string, headers = {}) =>
    sendJson(res, status, { data: {}, error: { code, message, log_id: logId() } }, headers);
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    sendJson(res, status, { error, error_description: description, log_id: logId() });

  function tokenAnswer(openId: string) {
    const a: AccessToken = {
      token: randomId("act.", 40),
      openId,
      expiresAt: now() + ACCESS_TTL * 1000,
      revoked: false,
    };
    const r: RefreshToken = {
      token: randomId("rft.", 40),
      openId,
      expiresAt: now() + REFRESH_TTL * 1000,
      revoked: false,
    };
    access.set(a.token, a);
    refresh.set(r.token, r);
    return {
      access_token: a.token,
      expires_in: ACCESS_TTL,
      open_id: openId,
      refresh_expires_in: REFRESH_TTL,
      refresh_token: r.token,
      scope: "user.info.basic,video.list",
      token_type: "Bearer",
    };
  }

  function addUser({ displayName, videoCount = 0 }: { displayName: string; videoCount?: number }) {
    const openId = `${randomId("", 4).toLowerCase()}-fake-${users.size + 1}`;
    const newest = Math.floor(Date.parse("2026-11-20T12:00:00Z") / 1000);
    const videos: FakeTikTokVideo[] = [];
    for (let i = 0; i < videoCount; i++) {
      const id = String(nextVideo++);
      videos.push({
        id,
        title: `動画 #${i + 1}`,
        video_description: `${displayName} の動画 #${i + 1} #ヨルナビ`,
        create_time: newest - i * 5400,
        cover_image_url: `https://p16-sign-va.tiktokcdn.com/obj/${id}.jpeg?x-expires=1790000000&x-signature=fake`,
        share_url: `https://www.tiktok.com/@fake_${users.size + 1}/video/${id}`,
        embed_link: `https://www.tiktok.com/player/v1/${id}`,
        duration: 10 + (i % 50),
      });
    }
    const user = { openId, displayName, videos };
    users.set(openId, user);
    return user;
  }

  function issueCode({ openId, redirectUri }: { openId: string; redirectUri: string }) {
    const code = randomId("", 60);
    codes.set(code, { openId, redirectUri, expiresAt: now() + 600_000 });
    return code;
  }

  function bearer(req: { headers: Record<string, string | string[] | undefined> }): AccessToken | undefined {
    const header = req.headers.authorization;
    const value = typeof header === "string" ? /^Bearer\s+(.+)$/i.exec(header)?.[1] : undefined;
    const token = value ? access.get(value) : undefined;
    return token && !token.revoked && token.expiresAt > now() ? token : undefined;
  }

  const fake = {} as FakeTikTok;
  const base = await listen(
    async (req, res, url) => {
      const q = url.searchParams;
      const path = url.pathname;
      requests.push({ method: req.method ?? "GET", path, query: q });

      if (path.startsWith("/__fake/")) {
        if (path === "/__fake/rate-limit")
          rateLimit.push(Number(q.get("retry_after") ?? 60), Number(q.get("times") ?? 1));
        else if (path === "/__fake/expire-all") for (const t of access.values()) t.expiresAt = now() - 1;
        else if (path === "/__fake/revoke-all") for (const u of users.keys()) fake.revokeUser(u);
        else if (path !== "/__fake/state") return sendJson(res, 404, { error: "unknown control" });
        return sendJson(res, 200, {
          users: [...users.values()].map((u) => ({
            open_id: u.openId,
            name: u.displayName,
            videos: u.videos.length,
          })),
        });
      }

      if (req.method === "GET" && path === "/v2/auth/authorize/") {
        const redirectUri = q.get("redirect_uri") ?? "";
        if (q.get("client_key") !== FAKE_TIKTOK_APP.clientKey || !/^https?:\/\//.test(redirectUri))
          return sendText(res, 400, "text/html", "<p>client_key / redirect_uri</p>");
        const scope = (q.get("scope") ?? "").split(",");
        if (
          q.get("response_type") !== "code" ||
          !scope.includes("user.info.basic") ||
          !scope.includes("video.list")
        )
          return sendText(res, 400, "text/html", "<p>response_type / scope</p>");
        const state = q.get("state") ?? "";
        const back = (params: Record<string, string>) => {
          const target = new URL(redirectUri);
          for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
          return target.toString();
        };
        if (q.get("approve_user"))
          return redirect(
            res,
            back({
              code: issueCode({ openId: q.get("approve_user")!, redirectUri }),
              scopes: q.get("scope") ?? "",
              state,
            }),
          );
        const here = new URL(url.pathname + url.search, "http://x");
        return sendText(
          res,
          200,
          "text/html",
          consentPage({
            vendor: "TikTok",
            appName: "ヨルナビ",
            accounts: [...users.values()].map((u) => {
              here.searchParams.set("approve_user", u.openId);
              return { label: u.displayName, approveUrl: `${here.pathname}${here.search}` };
            }),
            cancelUrl: back({
              error: "access_denied",
              error_description: "User cancelled the authorization",
              state,
            }),
          }),
        );
      }

      const limited = rateLimit.take();
      if (limited !== undefined)
        return apiError(
          res,
          429,
          "rate_limit_exceeded",
          "The API rate limit was exceeded, please try again later.",
          {
            "retry-after": String(limited),
          },
        );

      if (req.method === "POST" && path === "/v2/oauth/token/") {
        const form = new URLSearchParams(await readBody(req));
        if (
          form.get("client_key") !== FAKE_TIKTOK_APP.clientKey ||
          form.get("client_secret") !== FAKE_TIKTOK_APP.clientSecret
        )
          return oauthError(res, 401, "invalid_client", "Client key or secret is incorrect.");
        const grant = form.get("grant_type");
        if (grant === "authorization_code") {
          const issued = codes.get(form.get("code") ?? "");
          if (!issued || issued.expiresAt <= now())
            return oauthError(res, 400, "invalid_grant", "Authorization code is expired.");
          if (issued.redirectUri !== form.get("redirect_uri"))
            return oauthError(res, 400, "invalid_request", "The redirect_uri does not match.");
          codes.delete(form.get("code")!);
          return sendJson(res, 200, tokenAnswer(issued.openId));
        }
        if (grant === "refresh_token") {
          const old = refresh.get(form.get("refresh_token") ?? "");
          if (!old || old.revoked || old.expiresAt <= now())
            return oauthError(res, 400, "invalid_grant", "Refresh token is invalid or expired.");
          old.revoked = true; // refresh tokens rotate
          return sendJson(res, 200, tokenAnswer(old.openId));
        }
        return oauthError(res, 400, "unsupported_grant_type", "The grant type is not supported.");
      }

      if (path === "/v2/user/info/" || path === "/v2/video/list/" || path === "/v2/video/query/") {
        const token = bearer(req);
        if (!token)
          return apiError(
            res,
            401,
            "access_token_invalid",
            "The access token is invalid or not found in the request.",
          );
        const user = users.get(token.openId)!;
        const fields = topLevelFields(q.get("fields"));
        if (fields.size === 0) return apiError(res, 400, "invalid_params", "fields is required");
        if (path === "/v2/user/info/" && req.method === "GET")
          return sendJson(res, 200, {
            data: {
              user: pick(
                {
                  open_id: user.openId,
                  union_id: `union-${user.openId}`,
                  avatar_url: `https://p16-sign-va.tiktokcdn.com/avatar/${user.openId}.jpeg`,
                  display_name: user.displayName,
                },
                fields,
              ),
            },
            error: { code: "ok", message: "", log_id: logId() },
          });
        if (path === "/v2/video/query/" && req.method === "POST") {
          let ids: unknown;
          try {
            ids = JSON.parse((await readBody(req)) || "{}").filters?.video_ids;
          } catch {
            return apiError(res, 400, "invalid_params", "The request body is not valid JSON.");
          }
          if (!Array.isArray(ids) || ids.length === 0 || ids.length > 20)
            return apiError(res, 400, "invalid_params", "filters.video_ids must have 1 to 20 ids.");
          return sendJson(res, 200, {
            data: {
              videos: user.videos
                .filter((v) => ids.includes(v.id))
                .map((v) =>
                  pick({ ...v, cover_image_url: `${v.cover_image_url}&refreshed=${now()}` }, fields),
                ),
            },
            error: { code: "ok", message: "", log_id: logId() },
          });
        }
        if (path === "/v2/video/list/" && req.method === "POST") {
          let body: { cursor?: unknown; max_count?: unknown };
          try {
            body = JSON.parse((await readBody(req)) || "{}");
          } catch {
            return apiError(res, 400, "invalid_params", "The request body is not valid JSON.");
          }
          const maxCount = body.max_count === undefined ? 10 : Number(body.max_count);
          if (!Number.isInteger(maxCount) || maxCount < 1 || maxCount > 20)
            return apiError(res, 400, "invalid_params", "max_count must be between 1 and 20.");
          const cursor = body.cursor === undefined ? Number.POSITIVE_INFINITY : Number(body.cursor);
          if (Number.isNaN(cursor)) return apiError(res, 400, "invalid_params", "cursor must be a number.");
          // The cursor is a ms timestamp: videos strictly older than it.
          const older = user.videos.filter((v) => v.create_time * 1000 < cursor);
          const page = older.slice(0, Math.min(maxCount, fake.shortPages ?? maxCount));
          const last = page.at(-1);
          return sendJson(res, 200, {
            data: {
              videos: page.map((v) => pick({ ...v }, fields)),
              cursor: last ? last.create_time * 1000 : Number.isFinite(cursor) ? cursor : now(),
              has_more: older.length > page.length,
            },
            error: { code: "ok", message: "", log_id: logId() },
          });
        }
      }
      return apiError(res, 404, "invalid_params", `Unknown endpoint ${req.method} ${path}`);
    },
    (res) => apiError(res, 500, "internal_error", "Something went wrong. Please try again later."),
    options,
  );

  Object.assign(fake, {
    url: base.url,
    port: base.port,
    env: {
      TIKTOK_CLIENT_KEY: FAKE_TIKTOK_APP.clientKey,
      TIKTOK_CLIENT_SECRET: FAKE_TIKTOK_APP.clientSecret,
      TIKTOK_AUTH_BASE: base.url,
      TIKTOK_API_BASE: base.url,
    },
    requests,
    app: FAKE_TIKTOK_APP,
    users,
    addUser,
    issueCode,
    shortPages: undefined,
    rateLimitNext: (seconds: number, times = 1) => rateLimit.push(seconds, times),
    expireAccessToken(token: string) {
      const t = access.get(token);
      if (t) t.expiresAt = now() - 1;
    },
    revokeUser(openId: string) {
      for (const t of access.values()) if (t.openId === openId) t.revoked = true;
      for (const t of refresh.values()) if (t.openId === openId) t.revoked = true;
    },
    close: base.close,
  } satisfies FakeTikTok);
  if (options.seed) {
    addUser({ displayName: "デモキャスト", videoCount: 45 });
    addUser({ displayName: "デモ店舗", videoCount: 8 });
  }
  return fake;
}
