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
 * A fake of "Instagram API with Instagram Login" (ADR 0023): the authorize page, the
 * code exchange (api.instagram.com), long-lived tokens, refresh, /me and /me/media (graph) — all on
 * one origin, with Meta's error envelopes.
 */
export const FAKE_INSTAGRAM_APP = { clientId: "990000000000001", clientSecret: "fake-instagram-secret" };

export interface FakeInstagramMedia {
  id: string;
  caption?: string;
  media_type: "IMAGE" | "VIDEO" | "CAROUSEL_ALBUM";
  media_product_type: "FEED" | "REELS";
  media_url?: string;
  permalink: string;
  thumbnail_url?: string;
  timestamp: string;
  children?: { id: string; media_type: "IMAGE" | "VIDEO"; media_url: string; thumbnail_url?: string }[];
}

export interface FakeInstagramAccount {
  userId: string;
  username: string;
  name: string;
  /** Newest first. */
  media: FakeInstagramMedia[];
}

interface Token {
  token: string;
  userId: string;
  clientId: string;
  kind: "short" | "long";
  expiresAt: number;
  revoked: boolean;
}

export interface FakeInstagram extends FakeServerBase {
  app: typeof FAKE_INSTAGRAM_APP;
  accounts: Map<string, FakeInstagramAccount>;
  /** An account with `mediaCount` seeded posts (every 5th a carousel of 3, every 3rd a reel). */
  addAccount(args: {
    username: string;
    name?: string;
    mediaCount?: number;
    newestAt?: number;
  }): FakeInstagramAccount;
  /** What the authorize page does when the user allows: a single-use code valid 1 h. */
  issueCode(args: { userId: string; redirectUri: string; clientId?: string }): string;
  /** The token has passed its expiry (Graph answers 190 / subcode 463). */
  expireToken(token: string): void;
  /** The user removed the app (Graph answers 190 / subcode 458). */
  revokeToken(token: string): void;
  /** Answer the code exchange in the flat form `{access_token,user_id,permissions}`. */
  flatCodeAnswer: boolean;
}

const SHORT_TTL = 3600;
const LONG_TTL = 5183944;

export async function startFakeInstagram(
  options: FakeOptions & {
    seed?: boolean;
    /** The demo accounts' newest media time in ms (a fixed day by default, so tests can count). */
    seedNewestAt?: number;
  } = {},
): Promise<FakeInstagram> {
  const now = options.now ?? Date.now;
  const accounts = new Map<string, FakeInstagramAccount>();
  const codes = new Map<
    string,
    { userId: string; clientId: string; redirectUri: string; expiresAt: number }
  >();
  const tokens = new Map<string, Token>();
  const rateLimit = new RateLimitKnob();
  const requests: FakeServerBase["requests"] = [];
  let nextUserId = 17841400000000001n;
  let nextMediaId = 17900000000000001n;

  const fbtrace = () => randomId("A", 9);
  const graphError = (res: Parameters<typeof sendJson>[0], status: number, error: Record<string, unknown>) =>
    sendJson(res, status, { error: { ...error, fbtrace_id: fbtrace() } });
  const oauthError = (res: Parameters<typeof sendJson>[0], message: string) =>
    sendJson(res, 400, { error_type: "OAuthException", code: 400, error_message: message });

  function issueToken(userId: string, clientId: string, kind: Token["kind"]): Token {
    const token: Token = {
      token: randomId(kind === "short" ? "IGQ" : "IGAA", 48),
      userId,
      clientId,
      kind,
      expiresAt: now() + (kind === "short" ? SHORT_TTL : LONG_TTL) * 1000,
      revoked: false,
    };
    tokens.set(token.token, token);
    return token;
  }

  /** Graph's answers for a token that does not work, or the token. */
  function checkToken(res: Parameters<typeof sendJson>[0], value: string | null): Token | undefined {
    const token = value ? tokens.get(value) : undefined;
    if (!token) {
      graphError(res, 400, {
        message: "Invalid OAuth access token - Cannot parse access token",
        type: "OAuthException",
        code: 190,
      });
      return undefined;
    }
    if (token.revoked) {
      graphError(res, 400, {
        message: `Error validating access token: The user has not authorized application ${token.clientId}.`,
        type: "OAuthException",
        code: 190,
        error_subcode: 458,
      });
      return undefined;
    }
    if (token.expiresAt <= now()) {
      graphError(res, 400, {
        message: `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}. The current time is ${new Date(now()).toUTCString()}.`,
        type: "OAuthException",
        code: 190,
        error_subcode: 463,
      });
      return undefined;
    }
    return token;
  }

  function addAccount({
    username,
    name,
    mediaCount = 0,
    newestAt,
  }: {
    username: string;
    name?: string;
    mediaCount?: number;
    /** The newest media's time in ms (then one every 3 hours back); a fixed day by default. */
    newestAt?: number;
  }) {
    const userId = String(nextUserId++);
    const media: FakeInstagramMedia[] = [];
    const newest = newestAt ?? Date.parse("2026-11-20T12:00:00Z");
    for (let i = 0; i < mediaCount; i++) {
      const id = String(nextMediaId++);
      const timestamp = new Date(newest - i * 3 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "+0000");
      const cdn = (n: string) => `https://scontent.cdninstagram.com/v/t51/${n}.jpg?stp=dst-jpg&oe=6A1B2C3D`;
      if (i % 5 === 0)
        media.push({
          id,
          caption: `${username} の今夜のイベント #${i + 1}`,
          media_type: "CAROUSEL_ALBUM",
          media_product_type: "FEED",
          media_url: cdn(`${id}_0`),
          permalink: `https://www.instagram.com/p/FAKE${id}/`,
          timestamp,
          children: [0, 1, 2].map((c) => ({
            id: `${id}${c}`,
            media_type: "IMAGE",
            media_url: cdn(`${id}_${c}`),
          })),
        });
      else if (i % 3 === 0)
        media.push({
          id,
          caption: `リール #${i + 1}`,
          media_type: "VIDEO",
          media_product_type: "REELS",
          media_url: `https://scontent.cdninstagram.com/o1/v/t16/${id}.mp4?oe=6A1B2C3D`,
          thumbnail_url: cdn(`${id}_thumb`),
          permalink: `https://www.instagram.com/reel/FAKE${id}/`,
          timestamp,
        });
      else
        media.push({
          id,
          caption: i % 4 === 0 ? undefined : `写真 #${i + 1}`,
          media_type: "IMAGE",
          media_product_type: "FEED",
          media_url: cdn(id),
          permalink: `https://www.instagram.com/p/FAKE${id}/`,
          timestamp,
        });
    }
    const account = { userId, username, name: name ?? username, media };
    accounts.set(userId, account);
    return account;
  }

  function issueCode({
    userId,
    redirectUri,
    clientId = FAKE_INSTAGRAM_APP.clientId,
  }: {
    userId: string;
    redirectUri: string;
    clientId?: string;
  }): string {
    const code = randomId("AQB", 60);
    codes.set(code, { userId, clientId, redirectUri, expiresAt: now() + 3600_000 });
    return code;
  }

  const fake = {} as FakeInstagram;

  const base = await listen(
    async (req, res, url) => {
      const q = url.searchParams;
      const path = url.pathname.replace(/\/+$/, "") || "/";
      requests.push({ method: req.method ?? "GET", path, query: q });

      if (path.startsWith("/__fake/")) return control(path, q, res);

      if (req.method === "GET" && path === "/oauth/authorize") {
        const redirectUri = q.get("redirect_uri") ?? "";
        if (q.get("client_id") !== FAKE_INSTAGRAM_APP.clientId || !/^https?:\/\//.test(redirectUri))
          return sendText(res, 400, "text/html", "<p>Invalid platform app / redirect_uri</p>");
        const scope = (q.get("scope") ?? "").split(",");
        if (q.get("response_type") !== "code" || !scope.includes("instagram_business_basic"))
          return sendText(res, 400, "text/html", "<p>Invalid response_type / scope</p>");
        const back = (params: Record<string, string>) => {
          const target = new URL(redirectUri);
          for (const [k, v] of Object.entries(params)) target.searchParams.set(k, v);
          return target.toString();
        };
        const state = q.get("state") ?? "";
        if (q.get("approve_user")) {
          const code = issueCode({ userId: q.get("approve_user")!, redirectUri });
          // Instagram appends `#_` to the redirect; clients must strip it from the code.
          return redirect(res, `${back({ code, state })}#_`);
        }
        const here = new URL(url.pathname + url.search, "http://x");
        return sendText(
          res,
          200,
          "text/html",
          consentPage({
            vendor: "Instagram",
            appName: "ヨルナビ",
            accounts: [...accounts.values()].map((a) => {
              here.searchParams.set("approve_user", a.userId);
              return { label: `@${a.username}`, approveUrl: `${here.pathname}${here.search}` };
            }),
            cancelUrl: back({
              error: "access_denied",
              error_reason: "user_denied",
              error_description: "Permissions error",
              state,
            }),
          }),
        );
      }

      const limited = rateLimit.take();
      if (limited !== undefined)
        return sendJson(
          res,
          429,
          {
            error: {
              message: "Application request limit reached",
              type: "OAuthException",
              is_transient: true,
              code: 4,
              fbtrace_id: fbtrace(),
            },
          },
          { "retry-after": String(limited) },
        );

      if (req.method === "POST" && path === "/oauth/access_token") {
        const form = new URLSearchParams(await readBody(req));
        if (form.get("client_id") !== FAKE_INSTAGRAM_APP.clientId)
          return oauthError(res, "Invalid platform app");
        if (form.get("client_secret") !== FAKE_INSTAGRAM_APP.clientSecret)
          return oauthError(res, "Error validating client secret.");
        if (form.get("grant_type") !== "authorization_code")
          return oauthError(res, "Unsupported grant_type parameter");
        const code = form.get("code") ?? "";
        const issued = codes.get(code);
        if (!issued || issued.expiresAt <= now()) return oauthError(res, "Invalid authorization code");
        if (issued.redirectUri !== form.get("redirect_uri"))
          return oauthError(
            res,
            "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
          );
        codes.delete(code); // single use
        const token = issueToken(issued.userId, issued.clientId, "short");
        const answer = {
          access_token: token.token,
          user_id: issued.userId,
          permissions: "instagram_business_basic",
        };
        // Meta writes user_id as a bare JSON number (beyond 2^53: it does not survive JSON.parse).
        const text = JSON.stringify(fake.flatCodeAnswer ? answer : { data: [answer] }).replace(
          /"user_id":"(\d+)"/,
          '"user_id":$1',
        );
        res.writeHead(200, { "content-type": "application/json; charset=UTF-8" });
        return void res.end(text);
      }

      if (req.method === "GET" && (path === "/access_token" || path === "/refresh_access_token")) {
        const exchange = path === "/access_token";
        const expectedGrant = exchange ? "ig_exchange_token" : "ig_refresh_token";
        if (q.get("grant_type") !== expectedGrant)
          return graphError(res, 400, {
            message: "Unsupported grant type",
            type: "OAuthException",
            code: 100,
          });
        if (exchange && q.get("client_secret") !== FAKE_INSTAGRAM_APP.clientSecret)
          return graphError(res, 400, {
            message: "Error validating client secret.",
            type: "OAuthException",
            code: 1,
          });
        const token = checkToken(res, q.get("access_token"));
        if (!token) return;
        if (exchange !== (token.kind === "short"))
          return graphError(res, 400, {
            message: exchange ? "Cannot exchange a long-lived token" : "Cannot refresh a short-lived token",
            type: "OAuthException",
            code: 190,
            error_subcode: 467,
          });
        const fresh = issueToken(token.userId, token.clientId, "long");
        return sendJson(res, 200, { access_token: fresh.token, token_type: "bearer", expires_in: LONG_TTL });
      }

      const graph = /^\/v\d+\.\d+(\/.*)$/.exec(path)?.[1];
      if (req.method === "GET" && (graph === "/me" || graph === "/me/media")) {
        const token = checkToken(res, q.get("access_token"));
        if (!token) return;
        const account = accounts.get(token.userId)!;
        const fields = topLevelFields(q.get("fields") ?? "id");
        if (graph === "/me")
          return sendJson(
            res,
            200,
            pick(
              {
                id: account.userId,
                user_id: account.userId,
                username: account.username,
                name: account.name,
                account_type: "BUSINESS",
                profile_picture_url: `https://scontent.cdninstagram.com/v/t51/${account.userId}_pp.jpg?oe=6A1B2C3D`,
                media_count: account.media.length,
              },
              new Set([...fields, "id"]),
            ),
          );
        const limit = Math.min(Math.max(Number(q.get("limit") ?? 25) || 25, 1), 100);
        const after = q.get("after");
        const start = after ? decodeCursor(after) : 0;
        if (start === null)
          return graphError(res, 400, { message: "Invalid cursor", type: "OAuthException", code: 100 });
        const slice = account.media.slice(start, start + limit);
        const data = slice.map((m) => {
          const out: Record<string, unknown> = pick(
            { ...m, children: undefined },
            new Set([...fields, "id"]),
          );
          if (fields.has("children") && m.children) out.children = { data: m.children };
          return out;
        });
        const end = start + slice.length;
        const paging: Record<string, unknown> = {
          cursors: { before: encodeCursor(start), after: encodeCursor(Math.max(end - 1, start)) },
        };
        if (end < account.media.length) {
          paging.cursors = { before: encodeCursor(start), after: encodeCursor(end) };
          const next = new URL(`${fake.url}${path.replace("/me/", `/${account.userId}/`)}`);
          for (const [k, v] of q) if (k !== "after") next.searchParams.set(k, v);
          next.searchParams.set("after", encodeCursor(end));
          paging.next = next.toString();
        }
        return sendJson(res, 200, { data, paging });
      }

      return graphError(res, 400, {
        message: `Unknown path components: ${path}`,
        type: "OAuthException",
        code: 2500,
      });
    },
    (res) =>
      sendJson(res, 500, {
        error: {
          message: "An unknown error has occurred.",
          type: "OAuthException",
          code: 1,
          fbtrace_id: fbtrace(),
        },
      }),
    options,
  );

  function control(path: string, q: URLSearchParams, res: Parameters<typeof sendJson>[0]) {
    if (path === "/__fake/rate-limit")
      rateLimit.push(Number(q.get("retry_after") ?? 60), Number(q.get("times") ?? 1));
    else if (path === "/__fake/expire-all") for (const t of tokens.values()) t.expiresAt = now() - 1;
    else if (path === "/__fake/revoke-all") for (const t of tokens.values()) t.revoked = true;
    else if (path !== "/__fake/state") return sendJson(res, 404, { error: "unknown control" });
    return sendJson(res, 200, {
      accounts: [...accounts.values()].map((a) => ({
        user_id: a.userId,
        username: a.username,
        media: a.media.length,
      })),
      tokens: tokens.size,
    });
  }

  Object.assign(fake, {
    url: base.url,
    port: base.port,
    env: {
      INSTAGRAM_CLIENT_ID: FAKE_INSTAGRAM_APP.clientId,
      INSTAGRAM_CLIENT_SECRET: FAKE_INSTAGRAM_APP.clientSecret,
      INSTAGRAM_AUTH_BASE: base.url,
      INSTAGRAM_API_BASE: base.url,
      INSTAGRAM_GRAPH_BASE: base.url,
    },
    requests,
    app: FAKE_INSTAGRAM_APP,
    accounts,
    addAccount,
    issueCode,
    flatCodeAnswer: false,
    rateLimitNext: (seconds: number, times = 1) => rateLimit.push(seconds, times),
    expireToken(token: string) {
      const t = tokens.get(token);
      if (t) t.expiresAt = now() - 1;
    },
    revokeToken(token: string) {
      for (const t of tokens.values())
        if (t.token === token || t.userId === tokens.get(token)?.userId) t.revoked = true;
    },
    close: base.close,
  } satisfies Omit<FakeInstagram, never>);
  if (options.seed) {
    const newestAt = options.seedNewestAt;
    addAccount({ username: "yoru_navi_demo_staff", name: "デモキャスト", mediaCount: 40, newestAt });
    addAccount({ username: "yoru_navi_demo_store", name: "デモ店舗", mediaCount: 12, newestAt });
  }
  return fake;
}

/** Meta's cursors are opaque base64; ours carry the offset. */
function encodeCursor(offset: number): string {
  return Buffer.from(`QVFI:${offset}`).toString("base64url");
}

function decodeCursor(cursor: string): number | null {
  const match = /^QVFI:(\d+)$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  return match ? Number(match[1]) : null;
}
