import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressResponses, ONE_SHOT_MAX_BYTES } from "../../server/compress";

/** A JSON document of about `bytes` bytes (Japanese text, as the API answers). */
function jsonOf(bytes: number): string {
  const items: { id: number; caption: string }[] = [];
  let text = "[]";
  for (let id = 0; text.length < bytes; id++) {
    items.push({ id, caption: `雨の日サービスやってます☔ お仕事帰りにふらっと寄ってください ${id}` });
    text = JSON.stringify(items);
  }
  return JSON.stringify({ items });
}

const SMALL = jsonOf(9_000);
const LARGE = jsonOf(ONE_SHOT_MAX_BYTES + 20_000);
const TINY = JSON.stringify({ ok: true });
const PAGE = `<!doctype html><html><body>${"<p>夜のお店</p>".repeat(800)}</body></html>`;

/**
 * Bodies are written the way React Router's Express adapter writes them: headers from a
 * Response, then its body stream chunk by chunk, each followed by `flush()`.
 */
function send(res: express.Response, body: string, type: string, chunkBytes = 4096) {
  res.status(200);
  res.setHeader("Content-Type", type);
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += chunkBytes) controller.enqueue(bytes.slice(i, i + chunkBytes));
      controller.close();
    },
  });
  return writeReadableStreamToWritable(stream, res);
}

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** The bytes on the wire, not decoded (fetch would gunzip them). */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

describe("response compression (server/compress.ts)", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const app = express();
    app.use(compressResponses());
    app.get("/small.json", (_req, res) => send(res, SMALL, "application/json; charset=utf-8"));
    app.get("/problem.json", (_req, res) => send(res, SMALL, "application/problem+json"));
    app.get("/large.json", (_req, res) => send(res, LARGE, "application/json"));
    app.get("/tiny.json", (_req, res) => send(res, TINY, "application/json"));
    app.get("/page", (_req, res) => send(res, PAGE, "text/html; charset=utf-8"));
    app.get("/no-transform.json", (_req, res) => {
      res.setHeader("Cache-Control", "no-transform");
      return send(res, SMALL, "application/json");
    });
    app.get("/events", (_req, res) => {
      res.setHeader("Content-Type", "text/event-stream");
      res.flushHeaders();
      res.write(`data: ${"x".repeat(2000)}\n\n`);
      res.end();
    });
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server?.close());

  /** What Chromium sends, and an older client that takes gzip only. */
  const browser = { "accept-encoding": "gzip, deflate, br, zstd" };
  const gzip = { "accept-encoding": "gzip" };
  const unpack = (res: Raw) =>
    (res.headers["content-encoding"] === "br"
      ? brotliDecompressSync(res.body)
      : gunzipSync(res.body)
    ).toString("utf8");

  it.each([
    ["/small.json", browser, "br", SMALL],
    ["/problem.json", browser, "br", SMALL],
    ["/small.json", gzip, "gzip", SMALL],
  ])(
    "%s (%j): one %s body with its Content-Length, the same JSON when unpacked",
    async (path, headers, encoding, json) => {
      const res = await get(`${base}${path}`, headers);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-length"]).toBe(String(res.body.length));
      expect(res.headers["transfer-encoding"]).toBeUndefined();
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.body.length).toBeLessThan(Buffer.byteLength(json) / 2);
      expect(unpack(res)).toBe(json);
    },
  );

  it.each([
    ["a JSON body over the one-shot limit", "/large.json", LARGE],
    ["a page", "/page", PAGE],
  ])("%s is compressed by `compression`'s stream, as before", async (_case, path, body) => {
    for (const [headers, encoding] of [
      [browser, "br"],
      [gzip, "gzip"],
    ] as const) {
      const res = await get(`${base}${path}`, headers);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-length"]).toBeUndefined();
      expect(res.headers["transfer-encoding"]).toBe("chunked");
      expect(unpack(res)).toBe(body);
    }
  });

  it.each([
    ["without Accept-Encoding", "/small.json", {}, SMALL],
    ["a tiny body", "/tiny.json", browser, TINY],
    ["Cache-Control: no-transform", "/no-transform.json", browser, SMALL],
  ])("%s: sent as it is", async (_case, path, headers, json) => {
    const res = await get(`${base}${path}`, headers);
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toBe(json);
  });

  it("HEAD answers headers only", async () => {
    const res = await get(`${base}/small.json`, browser, "HEAD");
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });

  it("an event stream is never compressed", async () => {
    const res = await get(`${base}/events`, browser);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.toString("utf8")).toBe(`data: ${"x".repeat(2000)}\n\n`);
  });
});
