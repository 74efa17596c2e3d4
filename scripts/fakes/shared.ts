import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Pieces shared by the fake vendor servers (ADR 0023): plain node:http, in-memory state, and
 * knobs for what real vendors do to us (429 with Retry-After, expired and revoked tokens).
 */
export interface FakeServerBase {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** The variables that point the app at this fake (`npm run fakes` prints them). */
  env: Record<string, string>;
  /** Every request seen, in order (method, path without query, query). */
  requests: { method: string; path: string; query: URLSearchParams }[];
  /** The next `times` API calls answer 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext(retryAfterSeconds: number, times?: number): void;
  close(): Promise<void>;
}

export interface FakeOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The fake's clock in ms, for token expiry; Date.now by default. */
  now?: () => number;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

export async function listen(
  handler: Handler,
  onError: (res: ServerResponse, error: unknown) => void,
  { port = 0, host = "127.0.0.1" }: FakeOptions,
): Promise<{ server: Server; url: string; port: number; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    Promise.resolve(handler(req, res, url)).catch((error) => {
      if (!res.headersSent) onError(res, error);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    server,
    url: `http://${host}:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=UTF-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    "content-type": `${type}; charset=UTF-8`,
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, "content-length": 0 });
  res.end();
}

export function randomId(prefix: string, bytes = 18): string {
  return `${prefix}${randomBytes(bytes).toString("base64url")}`;
}

/** A queue of forced 429s. */
export class RateLimitKnob {
  private pending: number[] = [];
  push(retryAfterSeconds: number, times = 1): void {
    for (let i = 0; i < times; i++) this.pending.push(retryAfterSeconds);
  }
  /** The Retry-After to answer with now, or undefined to serve normally. */
  take(): number | undefined {
    return this.pending.shift();
  }
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );
}

/** The consent page of the fakes' authorize step, so a person can click through `npm run dev`. */
export function consentPage(args: {
  vendor: string;
  appName: string;
  accounts: { label: string; approveUrl: string }[];
  cancelUrl: string;
}): string {
  const links = args.accounts
    .map((a) => `<li><a href="${escapeHtml(a.approveUrl)}">${escapeHtml(a.label)} として許可する</a></li>`)
    .join("");
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(args.vendor)} (fake)</title></head>
<body><h1>${escapeHtml(args.vendor)}（開発用の偽サーバー）</h1>
<p>${escapeHtml(args.appName)} がアカウントへのアクセスを求めています。</p>
<ul>${links}</ul><p><a href="${escapeHtml(args.cancelUrl)}">キャンセル</a></p></body></html>`;
}

/** Graph-style `fields` (`a,b,children{c,d}`) → the top-level names. */
export function topLevelFields(fields: string | null): Set<string> {
  const names = new Set<string>();
  let depth = 0;
  let current = "";
  for (const c of fields ?? "") {
    if (c === "{") depth++;
    if (c === "}") depth--;
    if (c === "," && depth === 0) {
      names.add(current.replace(/\{.*$/, "").trim());
      current = "";
    } else current += c;
  }
  if (current.trim()) names.add(current.replace(/\{.*$/, "").trim());
  return names;
}

export function pick<T extends Record<string, unknown>>(object: T, names: Set<string>): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([k]) => names.has(k))) as Partial<T>;
}
