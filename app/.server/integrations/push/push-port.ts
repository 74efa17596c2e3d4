import http from "node:http";
import https from "node:https";
import webPush from "web-push";
import type { PushPayload } from "~/domain/web-push";
import { publicOnlyLookup } from "./address-guard";

/**
 * The web push port (ADR 0045): one message to one device's push service. `web-push` builds the
 * request — the VAPID JWT (RFC 8292) and the aes128gcm payload encryption (RFC 8291) — and this
 * module sends it, so that one rule decides where a request may go: in production only to public
 * addresses (the lookup refuses others on every connection), outside production also to a local
 * push service over http (tests, `npm run fakes`).
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` — who the push services can contact about our traffic. */
  subject: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  /** `gone`: 404 or 410, the subscription no longer exists; `retry`: 429, 5xx or no answer. */
  | { ok: false; status: number | null; gone: boolean; retry: boolean; message: string };

export interface PushPort {
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

/** How long a push service may keep an undelivered message (seconds): a day. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const REQUEST_TIMEOUT_MS = 10_000;

export function createWebPushPort({
  vapid,
  production,
}: {
  vapid: VapidKeys;
  production: boolean;
}): PushPort {
  const agents = {
    https: new https.Agent({
      keepAlive: true,
      maxSockets: 32,
      ...(production ? { lookup: publicOnlyLookup } : {}),
    }),
    http: new http.Agent({ keepAlive: true, maxSockets: 32 }),
  };
  return {
    async send(target, payload) {
      const url = new URL(target.endpoint);
      if (url.protocol !== "https:" && (production || url.protocol !== "http:"))
        return {
          ok: false,
          status: null,
          gone: false,
          retry: false,
          message: `refused scheme ${url.protocol}`,
        };
      const details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: vapid,
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: "aes128gcm",
          // A chat message is wanted now; the rest may wait for the device's next wake-up.
          urgency: payload.tag.startsWith("room:") ? "high" : "normal",
        },
      );
      const secure = url.protocol === "https:";
      return new Promise<PushOutcome>((resolve) => {
        const request = (secure ? https : http).request(
          url,
          {
            method: details.method,
            headers: details.headers as http.OutgoingHttpHeaders,
            agent: secure ? agents.https : agents.http,
            timeout: REQUEST_TIMEOUT_MS,
          },
          (response) => {
            response.resume();
            response.on("end", () => {
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) return resolve({ ok: true, status });
              resolve({
                ok: false,
                status,
                gone: status === 404 || status === 410,
                retry: status === 429 || status >= 500,
                message: `push service answered ${status}`,
              });
            });
          },
        );
        request.on("timeout", () => request.destroy(new Error("push service did not answer in time")));
        request.on("error", (error: NodeJS.ErrnoException) =>
          resolve({
            ok: false,
            status: null,
            gone: false,
            // A refused address stays refused; a network error may pass.
            retry: error.code !== "EPUSHADDRESS",
            message: error.message,
          }),
        );
        request.end(details.body ?? undefined);
      });
    },
  };
}
