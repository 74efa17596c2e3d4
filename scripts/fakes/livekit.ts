import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeOptions, listen } from "./shared";

/**
 * A fake LiveKit server (ADR 0023's pattern, ADR 0031): the room service's Twirp HTTP API
 * (`POST /twirp/livekit.RoomService/<Method>`, JSON, `Authorization: Bearer <jwt>` checked with the
 * API secret — signature, issuer, expiry and the `video` grant each method needs) answering with
 * LiveKit's shapes and its Twirp error envelope, and a webhook sender that signs as LiveKit does
 * (a JWT whose `sha256` claim is the base64 SHA-256 of the raw body). No media: tests check tokens
 * and webhooks; no LiveKit server can run here (shared/notes/second-half-probe.md).
 */
export interface FakeLivekit {
  url: string;
  port: number;
  apiKey: string;
  apiSecret: string;
  env: Record<string, string>;
  rooms: Map<
    string,
    { sid: string; name: string; emptyTimeout: number; maxParticipants: number; creationTime: number }
  >;
  /** Every Twirp call seen: method, the caller's grants, the body. */
  calls: { method: string; grant: Record<string, unknown>; body: Record<string, unknown> }[];
  /** Posts a webhook event to `url` as LiveKit would (signed; `tamper` breaks one part on purpose). */
  sendWebhook(
    url: string,
    event: Record<string, unknown>,
    options?: { tamper?: "signature" | "digest" | "issuer" | "expired"; bearer?: boolean },
  ): Promise<Response>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer | string) => Buffer.from(buffer).toString("base64url");

export function signJwt(secret: string, claims: Record<string, unknown>): string {
  const head = b64url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const body = b64url(JSON.stringify(claims));
  const sig = createHmac("sha256", secret).update(`${head}.${body}`).digest("base64url");
  return `${head}.${body}.${sig}`;
}

/** The claims of an HS256 JWT signed with `secret`, or null (bad signature, expired, not yet valid). */
export function verifyJwt(secret: string, token: string, now = Date.now()): Record<string, unknown> | null {
  const [head, body, sig] = token.split(".");
  if (!head || !body || !sig) return null;
  const expected = createHmac("sha256", secret).update(`${head}.${body}`).digest();
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Record<string, unknown>;
  const seconds = now / 1000;
  if (typeof claims.exp === "number" && claims.exp < seconds) return null;
  if (typeof claims.nbf === "number" && claims.nbf > seconds + 10) return null;
  return claims;
}

const GRANT_OF: Record<string, string> = {
  CreateRoom: "roomCreate",
  DeleteRoom: "roomCreate",
  ListRooms: "roomList",
  ListParticipants: "roomAdmin",
  RemoveParticipant: "roomAdmin",
};

function twirpError(res: ServerResponse, status: number, code: string, msg: string): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify({ code, msg }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export async function startFakeLivekit(
  options: FakeOptions & { apiKey?: string; apiSecret?: string } = {},
): Promise<FakeLivekit> {
  const apiKey = options.apiKey ?? "APIfakekey";
  const apiSecret = options.apiSecret ?? "fake-livekit-secret-that-is-long-enough-0123456789";
  const now = options.now ?? Date.now;
  const rooms: FakeLivekit["rooms"] = new Map();
  const calls: FakeLivekit["calls"] = [];
  let sid = 0;

  const server = await listen(
    async (req, res, url) => {
      const match = /^\/twirp\/livekit\.RoomService\/(\w+)$/.exec(url.pathname);
      if (req.method !== "POST" || !match) return twirpError(res, 404, "bad_route", "no such route");
      const method = match[1]!;
      const auth = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
      const claims = auth ? verifyJwt(apiSecret, auth, now()) : null;
      if (!claims || claims.iss !== apiKey) return twirpError(res, 401, "unauthenticated", "invalid token");
      const grant = (claims.video ?? {}) as Record<string, unknown>;
      const needed = GRANT_OF[method];
      if (!needed) return twirpError(res, 404, "bad_route", `unknown method ${method}`);
      if (grant[needed] !== true) return twirpError(res, 403, "permission_denied", `needs ${needed}`);
      const body = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
      calls.push({ method, grant, body });
      const json = (value: unknown): void => {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(value));
      };
      switch (method) {
        case "CreateRoom": {
          const name = String(body.name ?? "");
          if (!name) return twirpError(res, 400, "invalid_argument", "name is required");
          const room = rooms.get(name) ?? {
            sid: `RM_fake${++sid}`,
            name,
            emptyTimeout: Number(body.emptyTimeout ?? 300),
            maxParticipants: Number(body.maxParticipants ?? 0),
            creationTime: Math.floor(now() / 1000),
          };
          rooms.set(name, room);
          return json({ ...room, creationTime: String(room.creationTime), numParticipants: 0 });
        }
        case "DeleteRoom": {
          const name = String(body.room ?? "");
          if (!rooms.delete(name)) return twirpError(res, 404, "not_found", "requested room does not exist");
          return json({});
        }
        case "ListRooms":
          return json({
            rooms: [...rooms.values()].map((r) => ({ ...r, creationTime: String(r.creationTime) })),
          });
        case "ListParticipants":
          if (!rooms.has(String(body.room ?? ""))) return twirpError(res, 404, "not_found", "room not found");
          return json({ participants: [] });
        default:
          return json({});
      }
    },
    (res, error) => twirpError(res, 500, "internal", (error as Error).message),
    options,
  );

  return {
    url: server.url,
    port: server.port,
    apiKey,
    apiSecret,
    env: { LIVEKIT_URL: server.url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret },
    rooms,
    calls,
    async sendWebhook(target, event, { tamper, bearer = false } = {}) {
      const body = JSON.stringify({
        id: `EV_${Date.now()}`,
        createdAt: String(Math.floor(now() / 1000)),
        ...event,
      });
      let sha256 = createHash("sha256").update(body).digest("base64");
      if (tamper === "digest") sha256 = createHash("sha256").update(`${body} `).digest("base64");
      const t = Math.floor(now() / 1000);
      const claims = {
        iss: tamper === "issuer" ? "APIsomeoneelse" : apiKey,
        nbf: t - 5,
        exp: tamper === "expired" ? t - 60 : t + 300,
        sha256,
      };
      let jwt = signJwt(tamper === "signature" ? `${apiSecret}x` : apiSecret, claims);
      if (bearer) jwt = `Bearer ${jwt}`;
      return fetch(target, {
        method: "POST",
        headers: { "content-type": "application/webhook+json", authorization: jwt },
        body,
      });
    },
    close: server.close,
  };
}
