import type { NextFunction, Request, RequestHandler, Response } from "express";
import { carriesSessionCookie } from "~/.server/auth/session-cookie";

/**
 * The process's own shared cache of public answers (ADR 0062): what a proxy with `proxy_cache`
 * would keep, kept here too, so that one instance without a proxy benefits. It behaves as a
 * shared HTTP cache does:
 * - it keeps a `200` whose `Cache-Control` is `public` with a lifetime (`s-maxage`, else
 *   `max-age`), that sets no cookie and varies on nothing but `Cookie` and `Accept-Encoding`;
 * - the key is the URL, the `Accept-Encoding` and the `Cookie` headers as sent (so the answer's
 *   bytes, compressed or not, are the ones that request would get), and a request carrying a
 *   session cookie or credentials is never answered from it;
 * - a burst of requests for a missing answer renders it once (the others wait for it), and within
 *   `stale-while-revalidate` the stale answer is served while one request renders the new one;
 * - it holds at most `maxBytes`, the least recently used answers leave first.
 * Mounted before compression, the security headers and React Router: a hit is served from memory
 * with the headers that went out with it, the Content-Security-Policy and its nonce included (the
 * nonce belongs to that answer's body, ADR 0062).
 */
export interface PageCacheOptions {
  maxBytes: number;
  /** Requests that never go through the cache (files served from disk). */
  skip?: (req: Request) => boolean;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  stale: number;
  misses: number;
}

export type PageCache = RequestHandler & { stats(): PageCacheStats; clear(): void };

interface Entry {
  status: number;
  headers: [string, string | string[]][];
  body: Buffer;
  storedAt: number;
  freshMs: number;
  staleMs: number;
  bytes: number;
}

/** Headers of one connection, not of the answer. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);
const VARY_ALLOWED = new Set(["cookie", "accept-encoding"]);
/** One answer may take at most this share of the cache. */
const ENTRY_SHARE = 8;

/** The lifetime a shared cache reads from `Cache-Control`, or null when it may not keep the answer. */
export function sharedLifetime(cacheControl: string): { freshMs: number; staleMs: number } | null {
  const directives = new Map<string, string>();
  for (const part of cacheControl.toLowerCase().split(",")) {
    const [name = "", value = ""] = part.trim().split("=");
    directives.set(name.trim(), value.trim().replace(/^"|"$/g, ""));
  }
  if (!directives.has("public") || directives.has("private") || directives.has("no-store")) return null;
  if (directives.has("no-cache")) return null;
  const seconds = Number(directives.get("s-maxage") ?? directives.get("max-age"));
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  const stale = Number(directives.get("stale-while-revalidate") ?? 0);
  return { freshMs: seconds * 1000, staleMs: Number.isFinite(stale) && stale > 0 ? stale * 1000 : 0 };
}

function variesOnlyAsKeyed(vary: string): boolean {
  return vary
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .every((name) => name === "" || VARY_ALLOWED.has(name));
}

function header(value: number | string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(", ") : String(value ?? "");
}

export function pageCache({ maxBytes, skip = () => false, now = Date.now }: PageCacheOptions): PageCache {
  /** Insertion order is recency: a hit moves its entry to the end. */
  const entries = new Map<string, Entry>();
  const rendering = new Map<string, Promise<Entry | undefined>>();
  let bytes = 0;
  const counts = { hits: 0, stale: 0, misses: 0 };

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  const store = (key: string, entry: Entry) => {
    remove(key);
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      remove(oldest);
    }
  };

  const serve = (res: Response, entry: Entry, state: "hit" | "stale") => {
    counts[state === "hit" ? "hits" : "stale"]++;
    res.statusCode = entry.status;
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Content-Length", entry.body.length);
    res.setHeader("Age", Math.floor((now() - entry.storedAt) / 1000));
    res.setHeader("X-Page-Cache", state);
    res.end(entry.body);
  };

  /**
   * Renders through the rest of the app, keeping the answer when a shared cache may. `settle` is
   * told as soon as it is known: `kept` (an entry), `private` (the answer may not be shared: the
   * followers render their own at once, and an old copy goes) or `cut` (the answer did not finish:
   * an old copy stays).
   */
  const render = (
    key: string,
    res: Response,
    next: NextFunction,
    settle: (outcome: { kept: Entry } | "private" | "cut") => void,
  ) => {
    counts.misses++;
    res.setHeader("X-Page-Cache", "miss");
    const entryLimit = Math.floor(maxBytes / ENTRY_SHARE);
    // The layers after this one (compression) wrapped these already: the wrappers below stay in
    // place for the whole answer and pass through once nothing is kept.
    const write = res.write;
    const end = res.end;
    const chunks: Buffer[] = [];
    let size = 0;
    let capturing: boolean | undefined;
    let lifetime: ReturnType<typeof sharedLifetime> = null;
    const giveUp = () => {
      capturing = false;
      chunks.length = 0;
      settle("private");
    };
    // Decided on the first bytes, when the headers are final: a private answer (an event stream,
    // a signed-in page) is never held in memory, and nobody waits for it.
    const decide = () => {
      lifetime =
        res.statusCode === 200 &&
        !res.hasHeader("Set-Cookie") &&
        variesOnlyAsKeyed(header(res.getHeader("Vary")))
          ? sharedLifetime(header(res.getHeader("Cache-Control")))
          : null;
      capturing = lifetime !== null;
      if (!capturing) giveUp();
    };
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > entryLimit) return giveUp();
      chunks.push(buffer);
    };
    res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      if (capturing === undefined) decide();
      if (capturing) keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      if (capturing === undefined) decide();
      if (capturing) keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];

    res.once("close", () => {
      if (capturing === false) return;
      if (!capturing || !lifetime || !res.writableFinished) return settle("cut");
      const body = Buffer.concat(chunks);
      const headers = Object.entries(res.getHeaders())
        .filter(([name]) => !HOP_HEADERS.has(name) && name !== "x-page-cache")
        .map(
          ([name, value]) =>
            [name, Array.isArray(value) ? value : String(value)] as [string, string | string[]],
        );
      const entry: Entry = {
        status: 200,
        headers,
        body,
        storedAt: now(),
        ...lifetime,
        bytes: body.length + key.length + JSON.stringify(headers).length,
      };
      store(key, entry);
      settle({ kept: entry });
    });
    next();
  };

  /** This request renders the answer of `key`; the others for it wait (or get the stale one). */
  const lead = (key: string, res: Response, next: NextFunction) => {
    let resolve: (entry: Entry | undefined) => void = () => {};
    rendering.set(
      key,
      new Promise<Entry | undefined>((r) => {
        resolve = r;
      }),
    );
    let settled = false;
    render(key, res, next, (outcome) => {
      if (settled) return;
      settled = true;
      rendering.delete(key);
      // The page is no longer one to share (gone, failing, now private): nor is its old copy.
      if (outcome === "private") remove(key);
      resolve(typeof outcome === "object" ? outcome.kept : undefined);
    });
  };

  const handler = ((req: Request, res: Response, next: NextFunction) => {
    // Only GETs (a HEAD is answered by the app), never an event stream, never files on disk.
    if (req.method !== "GET" || skip(req) || /text\/event-stream/i.test(req.headers.accept ?? ""))
      return next();
    const cookie = req.headers.cookie ?? "";
    if (carriesSessionCookie(cookie) || req.headers.authorization) return next();
    const key = `${req.originalUrl}\n${req.headers["accept-encoding"] ?? ""}\n${cookie}`;
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : 0;
    if (entry && age < entry.freshMs) {
      entries.delete(key);
      entries.set(key, entry);
      return serve(res, entry, "hit");
    }
    if (entry && age < entry.freshMs + entry.staleMs) {
      // One request renders the new answer; the others meanwhile get this one.
      if (rendering.has(key)) return serve(res, entry, "stale");
      return lead(key, res, next);
    }
    if (entry) remove(key);
    const pending = rendering.get(key);
    if (!pending) return lead(key, res, next);
    // The same answer is being rendered: wait for it, or render this one if it cannot be shared.
    void pending.then((rendered) => {
      if (rendered && !res.headersSent) serve(res, rendered, "hit");
      else next();
    });
  }) as PageCache;

  handler.stats = () => ({ entries: entries.size, bytes, ...counts });
  handler.clear = () => {
    entries.clear();
    bytes = 0;
  };
  return handler;
}
