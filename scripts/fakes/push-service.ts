import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  type ECDH,
  randomBytes,
  verify,
} from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type FakeOptions, listen } from "./shared";

/**
 * A local push service (ADR 0045) that speaks what the browsers' push services speak to an
 * application server (RFC 8030 delivery, RFC 8292 VAPID, RFC 8291 message encryption), so the
 * real client (`integrations/push/push-port.ts`, web-push) is tested end to end here:
 *
 * - `POST /push/{device}` must carry `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 JWT
 *   signed by that key, `aud` this service's origin, `exp` in the future and at most 24 h away,
 *   `sub` a `mailto:` or `https:` URL, and `k` the key the device subscribed with — else 403;
 * - `TTL` is required and the body must be one aes128gcm record, which is decrypted with the
 *   device's private key and auth secret (both made here, as a browser makes them) — else 400;
 * - a device answers 201 unless told otherwise (`answer(device, 410)`, or a queue of statuses).
 */
export interface ReceivedPush {
  device: string;
  /** The decrypted payload, parsed as JSON (null when it was not JSON). */
  payload: { title?: string; body?: string; url?: string; tag?: string } | null;
  text: string;
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
  at: number;
}

export interface PushDevice {
  id: string;
  /** What `PushSubscription.toJSON()` gives a page: post it to `/api/push/subscriptions`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface FakePushService {
  url: string;
  /** A new device subscribed with `applicationServerKey` (the server's VAPID public key). */
  device(applicationServerKey: string): PushDevice;
  /** The statuses a device answers next, in order (the last one stays): `answer(id, 500, 201)`. */
  answer(device: string, ...statuses: number[]): void;
  received(device?: string): ReceivedPush[];
  /** Requests refused (bad VAPID, bad body), with why. */
  refused: { device: string; status: number; reason: string }[];
  /** Called on each delivered push (the bench times them). */
  onPush?: (push: ReceivedPush) => void;
  close(): Promise<void>;
}

interface DeviceState {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  serverKey: string;
  statuses: number[];
}

const b64url = (buffer: Buffer) => buffer.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

export async function startFakePushService(options: FakeOptions = {}): Promise<FakePushService> {
  const devices = new Map<string, DeviceState>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService["refused"] = [];
  let origin = "";
  const now = options.now ?? Date.now;

  const refuse = (res: ServerResponse, device: string, status: number, reason: string) => {
    refused.push({ device, status, reason });
    res.writeHead(status, { "Content-Type": "text/plain" }).end(reason);
  };

  const service: FakePushService = {
    url: "",
    device(applicationServerKey) {
      const id = randomBytes(9).toString("base64url");
      const ecdh = createECDH("prime256v1");
      const publicKey = ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, publicKey, auth, serverKey: applicationServerKey, statuses: [] });
      return {
        id,
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(publicKey), auth: b64url(auth) },
        },
      };
    },
    answer(device, ...statuses) {
      const state = devices.get(device);
      if (state) state.statuses = statuses;
    },
    received: (device) => (device ? received.filter((push) => push.device === device) : [...received]),
    refused,
    close: async () => {},
  };

  const handler = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const match = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    const id = match?.[1] ?? "";
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const state = devices.get(id);
    if (req.method !== "POST" || !state) return refuse(res, id, 404, "no such subscription");

    const claims = checkVapid(req.headers.authorization, state.serverKey, origin, now());
    if (typeof claims === "string") return refuse(res, id, 403, claims);
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(res, id, 400, "TTL header missing");
    if (req.headers["content-encoding"] !== "aes128gcm") return refuse(res, id, 400, "not aes128gcm");
    let text: string;
    try {
      text = decrypt(Buffer.concat(chunks), state).toString("utf8");
    } catch (error) {
      return refuse(res, id, 400, `cannot decrypt: ${(error as Error).message}`);
    }

    const status =
      state.statuses.length > 1 ? (state.statuses.shift() as number) : (state.statuses[0] ?? 201);
    if (status >= 300) {
      res.writeHead(status).end();
      return;
    }
    let payload: ReceivedPush["payload"] = null;
    try {
      payload = JSON.parse(text) as ReceivedPush["payload"];
    } catch {
      payload = null;
    }
    const push: ReceivedPush = {
      device: id,
      payload,
      text,
      ttl,
      urgency: (req.headers.urgency as string | undefined) ?? null,
      claims,
      at: Date.now(),
    };
    received.push(push);
    service.onPush?.(push);
    res.writeHead(201, { Location: `${origin}/message/${randomBytes(6).toString("hex")}` }).end();
  };

  const server = await listen(handler, (res, error) => res.writeHead(500).end(String(error)), options);
  origin = server.url;
  service.url = server.url;
  service.close = server.close;
  return service;
}

/** The JWT's claims when the VAPID authorization is right; else why not. */
function checkVapid(
  header: string | undefined,
  serverKey: string,
  audience: string,
  nowMs: number,
): ReceivedPush["claims"] | string {
  const m = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(
    header ?? "",
  );
  if (!m?.[1] || !m[2]) return "no vapid authorization";
  if (m[2] !== serverKey) return "k is not the key the device subscribed with";
  const [head, body, signature] = m[1].split(".") as [string, string, string];
  const raw = Buffer.from(m[2], "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "k is not an uncompressed P-256 point";
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${body}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "bad signature";
  const header_ = JSON.parse(Buffer.from(head, "base64url").toString()) as { alg?: string };
  if (header_.alg !== "ES256") return "alg is not ES256";
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as ReceivedPush["claims"];
  if (claims.aud !== audience) return `aud ${claims.aud} is not ${audience}`;
  const seconds = nowMs / 1000;
  if (!(claims.exp > seconds)) return "exp is past";
  if (claims.exp > seconds + 24 * 3600 + 60) return "exp is more than 24 h away";
  if (!/^(mailto:|https:)/.test(claims.sub ?? "")) return "sub is not mailto: or https:";
  return claims;
}

/** RFC 8291 §3.4 and RFC 8188: one aes128gcm record, decrypted as the browser does. */
function decrypt(body: Buffer, device: DeviceState): Buffer {
  if (body.length < 21 + 65 + 17) throw new Error("body too short");
  const salt = body.subarray(0, 16);
  const idLength = body[20] as number;
  if (idLength !== 65) throw new Error("keyid is not the sender's 65-byte public key");
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.publicKey, senderKey]);
  const ikm = hmac(hmac(device.auth, shared), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("the last record's delimiter is missing");
  return plain.subarray(0, end);
}
