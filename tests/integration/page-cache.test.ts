import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sharedCacheControl } from "~/domain/cache-policy";
import { compressResponses } from "../../server/compress";
import { type PageCache, pageCache, sharedLifetime } from "../../server/page-cache";

// The process's page cache (ADR 0062) in front of `compression` and a handler that counts its
// renders, over real HTTP on loopback, with a clock the test moves.

const SHARED = sharedCacheControl("list"); // s-maxage=30, stale-while-revalidate=120
const page = (n: number) =>
  `<!doctype html><html><body>${"<p>夜のお店</p>".repeat(400)}<b>${n}</b></body></html>`;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers["content-encoding"] === "br" ? brotliDecompressSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString("utf8") });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the page cache (server/page-cache.ts)", () => {
  let server: Server;
  let base: string;
  let cache: PageCache;
  let clock = 0;
  let renders: Record<string, number> = {};
  /** Renders of /slow wait for this to be called. */
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  const streams: express.Response[] = [];

  const rendered = (path: string) => {
    renders[path] = (renders[path] ?? 0) + 1;
    return renders[path];
  };

  beforeAll(async () => {
    const app = express();
    cache = pageCache({
      maxBytes: 256 * 1024,
      now: () => clock,
      skip: (req) => req.path.startsWith("/assets/"),
    });
    app.use(cache);
    app.use(compressResponses());
    app.get("/shared", (req, res) => {
      res.setHeader("Cache-Control", SHARED);
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      res.type("html").send(page(rendered(req.originalUrl)));
    });
    app.get("/slow", async (req, res) => {
      const n = rendered(req.path);
      await gate;
      res.setHeader("Cache-Control", SHARED);
      res.type("html").send(page(n));
    });
    app.get("/private", (req, res) => {
      res.setHeader("Cache-Control", "private, no-store");
      res.type("html").send(page(rendered(req.path)));
    });
    app.get("/cookie", (req, res) => {
      res.setHeader("Cache-Control", SHARED);
      res.setHeader("Set-Cookie", "seen=1");
      res.type("html").send(page(rendered(req.path)));
    });
    app.get("/missing", (req, res) => {
      res.setHeader("Cache-Control", SHARED);
      res
        .status(404)
        .type("html")
        .send(page(rendered(req.path)));
    });
    app.get("/by-agent", (req, res) => {
      res.setHeader("Cache-Control", SHARED);
      res.setHeader("Vary", "User-Agent");
      res.type("html").send(page(rendered(req.path)));
    });
    app.get("/assets/app.js", (req, res) => {
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      res.type("js").send(`// ${rendered(req.path)}`);
    });
    /** Shared until `/flip` is asked once, private after. */
    let flipped = false;
    app.get("/flip", (req, res) => {
      if (req.query.now === "private") flipped = true;
      res.setHeader("Cache-Control", flipped ? "private, no-store" : SHARED);
      res.type("html").send(page(rendered(req.path)));
    });
    /** A private event stream that never ends on its own (a live's events). */
    app.get("/events", (req, res) => {
      rendered(req.path);
      res.setHeader("Content-Type", "text/event-stream");
      res.setHeader("Cache-Control", "no-cache");
      res.flushHeaders();
      res.write(`data: ${renders[req.path]}\n\n`);
      streams.push(res);
    });
    /** A private page written over several turns of the event loop, through `compression`. */
    app.get("/streamed", async (req, res) => {
      rendered(req.path);
      res.setHeader("Cache-Control", "private, no-store");
      res.type("html");
      for (let i = 0; i < 5; i++) {
        res.write(page(i));
        await new Promise((resolve) => setImmediate(resolve));
      }
      res.end("<p>end</p>");
    });
    app.get("/big", (req, res) => {
      res.setHeader("Cache-Control", SHARED);
      const kib = Number(req.query.size ?? 30);
      res.type("text").send(`${rendered(req.originalUrl)}${"x".repeat(kib * 1024)}`);
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    for (const stream of streams) stream.end();
    server?.close();
  });
  beforeEach(() => {
    cache.clear();
    renders = {};
    clock = 1_000_000;
  });

  it("keeps a shared answer: the second request is served from memory, the same bytes", async () => {
    const first = await get(`${base}/shared`);
    const second = await get(`${base}/shared`);
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["cache-control"]).toBe(SHARED);
    expect(second.headers.vary).toMatch(/Cookie/);
    expect(renders["/shared"]).toBe(1);
    clock += 7_000;
    expect((await get(`${base}/shared`)).headers.age).toBe("7");
  });

  it("keys by the URL, the encoding and the cookies as sent", async () => {
    const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
    const br = await get(`${base}/shared`, browser);
    expect(br.headers["content-encoding"]).toBe("br");
    const plain = await get(`${base}/shared`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect((await get(`${base}/shared`, browser)).headers["x-page-cache"]).toBe("hit");
    expect((await get(`${base}/shared?page=2`)).headers["x-page-cache"]).toBe("miss");
    // The login role remembered in a cookie changes the header's link: another copy.
    const remembered = await get(`${base}/shared`, { cookie: "yoru_login_user_type=liver" });
    expect(remembered.headers["x-page-cache"]).toBe("miss");
    expect(renders).toEqual({ "/shared": 3, "/shared?page=2": 1 });
  });

  it.each([
    ["a session cookie", { cookie: "a=1; yoru.session_token=abc.def" }],
    ["the secure session cookie", { cookie: "__Secure-yoru.session_token=abc.def" }],
    ["credentials", { authorization: "Bearer abc" }],
  ])("never answers a request with %s from memory, and keeps nothing of it", async (_case, headers) => {
    await get(`${base}/shared`);
    const signedIn = await get(`${base}/shared`, headers);
    expect(signedIn.headers["x-page-cache"]).toBeUndefined();
    expect(renders["/shared"]).toBe(2);
    expect(cache.stats().entries).toBe(1);
  });

  it.each([
    ["private, no-store", "/private"],
    ["an answer that sets a cookie", "/cookie"],
    ["an error", "/missing"],
    ["an answer that varies on another header", "/by-agent"],
  ])("does not keep %s", async (_case, path) => {
    await get(`${base}${path}`);
    const again = await get(`${base}${path}`);
    expect(again.headers["x-page-cache"]).toBe("miss");
    expect(renders[path]).toBe(2);
    expect(cache.stats().entries).toBe(0);
  });

  it("never makes a second event stream wait for the first, which does not end", async () => {
    const open = () =>
      new Promise<string>((resolve, reject) => {
        const req = httpRequest(`${base}/events`, (res) => {
          res.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8")));
        });
        req.on("error", reject);
        req.end();
      });
    const [first, second] = await Promise.all([open(), open()]);
    expect([first, second].sort()).toEqual(["data: 1\n\n", "data: 2\n\n"]);
    const withAccept = await new Promise<IncomingHttpHeaders>((resolve) => {
      httpRequest(`${base}/events`, { headers: { accept: "text/event-stream" } }, (res) =>
        resolve(res.headers),
      ).end();
    });
    expect(withAccept["x-page-cache"]).toBeUndefined();
  });

  it("leaves a private answer written over several turns whole, compressed as it goes", async () => {
    const answer = await get(`${base}/streamed`, { "accept-encoding": "gzip, deflate, br" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body).toBe(`${[0, 1, 2, 3, 4].map(page).join("")}<p>end</p>`);
  });

  it("answers a HEAD through the app, never from memory", async () => {
    await get(`${base}/shared`);
    const head = await new Promise<IncomingHttpHeaders>((resolve) => {
      httpRequest(`${base}/shared`, { method: "HEAD" }, (res) => resolve(res.headers)).end();
    });
    expect(head["x-page-cache"]).toBeUndefined();
    expect(renders["/shared"]).toBe(2);
  });

  it("leaves files served from disk alone", async () => {
    await get(`${base}/assets/app.js`);
    const again = await get(`${base}/assets/app.js`);
    expect(again.headers["x-page-cache"]).toBeUndefined();
    expect(renders["/assets/app.js"]).toBe(2);
  });

  it("renders a burst for a missing answer once: the others wait for it", async () => {
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const burst = Array.from({ length: 12 }, () => get(`${base}/slow`));
    await expect.poll(() => renders["/slow"]).toBe(1);
    release();
    const answers = await Promise.all(burst);
    expect(renders["/slow"]).toBe(1);
    expect(answers.map((a) => a.headers["x-page-cache"]).sort()).toEqual([...Array(11).fill("hit"), "miss"]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it("serves the stale answer while one request renders the new one, then the new one", async () => {
    const old = await get(`${base}/slow`);
    clock += 31_000; // past s-maxage, within stale-while-revalidate
    gate = new Promise((resolve) => {
      release = resolve;
    });
    const renewing = get(`${base}/slow`);
    await expect.poll(() => renders["/slow"]).toBe(2);
    const meanwhile = await get(`${base}/slow`);
    expect(meanwhile.headers["x-page-cache"]).toBe("stale");
    expect(meanwhile.body).toBe(old.body);
    release();
    const renewed = await renewing;
    expect(renewed.headers["x-page-cache"]).toBe("miss");
    expect(renewed.body).toContain("<b>2</b>");
    const after = await get(`${base}/slow`);
    expect(after.headers["x-page-cache"]).toBe("hit");
    expect(after.body).toContain("<b>2</b>");
  });

  it("a change shows once the answer's s-maxage has passed", async () => {
    await get(`${base}/shared`);
    clock += 29_000;
    expect((await get(`${base}/shared`)).body).toContain("<b>1</b>");
    clock += 2_000;
    const fresh = await get(`${base}/shared`);
    expect(fresh.headers["x-page-cache"]).toBe("miss");
    expect(fresh.body).toContain("<b>2</b>");
    expect((await get(`${base}/shared`)).body).toContain("<b>2</b>");
    clock += 31_000 + 120_000; // past stale-while-revalidate too: gone, rendered afresh
    expect((await get(`${base}/shared`)).body).toContain("<b>3</b>");
  });

  it("drops the stale copy when the page is no longer one to share", async () => {
    await get(`${base}/flip`);
    clock += 31_000;
    const nowPrivate = await get(`${base}/flip?now=private`);
    expect(nowPrivate.headers["cache-control"]).toBe("private, no-store");
    await get(`${base}/flip`);
    const after = await get(`${base}/flip`);
    expect(after.headers["x-page-cache"]).toBe("miss");
  });

  it("never holds an answer larger than an eighth of its bytes", async () => {
    await get(`${base}/big?n=huge&size=40`);
    expect((await get(`${base}/big?n=huge&size=40`)).headers["x-page-cache"]).toBe("miss");
    expect(cache.stats().entries).toBe(0);
  });

  it("holds at most its bytes: the least recently used answers leave first", async () => {
    for (let i = 0; i < 10; i++) await get(`${base}/big?n=${i}`);
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(256 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(10);
    expect((await get(`${base}/big?n=9`)).headers["x-page-cache"]).toBe("hit");
    expect((await get(`${base}/big?n=0`)).headers["x-page-cache"]).toBe("miss");
  });
});

describe("sharedLifetime", () => {
  it.each([
    ["public, max-age=0, s-maxage=30, stale-while-revalidate=120", { freshMs: 30_000, staleMs: 120_000 }],
    ["public, max-age=300", { freshMs: 300_000, staleMs: 0 }],
    ['public, s-maxage="60"', { freshMs: 60_000, staleMs: 0 }],
    ["private, no-store", null],
    ["public, no-store, max-age=60", null],
    ["public, no-cache, max-age=60", null],
    ["public", null],
    ["max-age=60", null],
    ["public, max-age=0", null],
    ["no-store", null],
    ["", null],
  ])("%j → %j", (header, expected) => {
    expect(sharedLifetime(header)).toEqual(expected);
  });
});
