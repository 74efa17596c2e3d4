import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compression from "compression";
import type { RequestHandler, Response } from "express";

/** JSON types: `application/json` and the `+json` family (`application/problem+json`, …). */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/** Below this, `compression` leaves a body as it is (its default threshold); so does the one-shot path. */
const COMPRESSION_THRESHOLD = 1024;

/** A JSON answer up to this size is compressed in one call; a larger one goes through `compression`'s stream. */
export const ONE_SHOT_MAX_BYTES = 64 * 1024;

/** The encodings `compression` offers, in its order of preference, with its settings. */
const ONE_SHOT_ENCODERS = {
  br: (body: Buffer) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body: Buffer) => gzipSync(body),
};

/**
 * Response compression: `compression`'s gzip stream for pages and large bodies, and a one-shot
 * gzip for small JSON answers in front of it. Event streams are never compressed: gzip would hold
 * events back, and a zlib context per open stream costs memory that thousands of subscribers
 * multiply (ADR 0018).
 */
export function compressResponses(): RequestHandler[] {
  return [
    compression({
      threshold: COMPRESSION_THRESHOLD,
      filter: (req, res) =>
        !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
        compression.filter(req, res),
    }),
    compressSmallJson(),
  ];
}

type Chunk = string | Uint8Array;

function toBuffer(chunk: Chunk, encoding?: BufferEncoding): Buffer {
  return typeof chunk === "string"
    ? Buffer.from(chunk, encoding)
    : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function canCompressAtOnce(res: Response): boolean {
  return (
    !res.headersSent &&
    JSON_TYPE.test(String(res.getHeader("Content-Type") ?? "")) &&
    !res.getHeader("Content-Encoding") &&
    !/\bno-transform\b/i.test(String(res.getHeader("Cache-Control") ?? "")) &&
    res.statusCode !== 204 &&
    res.statusCode !== 304
  );
}

/**
 * Small JSON answers (the API's) compressed in one call (ADR 0041). `compression` gives every
 * response a zlib stream, and React Router's adapter writes a body chunk by chunk, flushing after
 * each, so a 9 kB answer cost a stream's set-up and three thread-pool round trips: ~270 µs of CPU
 * against ~60–90 µs for one `gzipSync` or `brotliCompressSync` of the same bytes. Here a JSON body
 * is held until it ends: up to ONE_SHOT_MAX_BYTES it is sent compressed — brotli or gzip, as
 * `compression` would choose, with its settings — with its Content-Length (`compression`, seeing
 * Content-Encoding, lets it pass); anything else (other types, a larger body, a client that takes
 * neither) is handed on unchanged to `compression`, mounted before this.
 */
export function compressSmallJson(maxBytes = ONE_SHOT_MAX_BYTES): RequestHandler {
  return (req, res, next) => {
    if (req.method === "HEAD") return next();
    // `compression`'s preference: brotli whenever the client takes it, else gzip.
    const encoding =
      req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
    if (!encoding) return next();
    // The next layer's (`compression`'s) write and end, put back once this layer is done.
    const write = res.write;
    const end = res.end;
    const writeOn = (...args: unknown[]) => (write as (...a: unknown[]) => boolean).apply(res, args);
    const endOn = (...args: unknown[]) => (end as (...a: unknown[]) => Response).apply(res, args);
    let held: Buffer[] | null = [];
    let size = 0;

    /** Hands what was held to the next layer and gets out of the way for the rest of the response. */
    const release = () => {
      const chunks = held ?? [];
      held = null;
      res.write = write;
      res.end = end;
      for (const chunk of chunks) writeOn(chunk);
    };

    res.write = function holdWrite(this: Response, ...args: unknown[]) {
      if (held === null || !canCompressAtOnce(res)) {
        release();
        return writeOn(...args);
      }
      const [chunk, encodingOrCallback, maybeCallback] = args as [
        Chunk,
        BufferEncoding | ((error?: Error | null) => void) | undefined,
        ((error?: Error | null) => void) | undefined,
      ];
      const chunkEncoding = typeof encodingOrCallback === "string" ? encodingOrCallback : undefined;
      const callback = typeof encodingOrCallback === "function" ? encodingOrCallback : maybeCallback;
      const buffer = toBuffer(chunk, chunkEncoding);
      held.push(buffer);
      size += buffer.length;
      if (size > maxBytes) release();
      if (callback) process.nextTick(callback);
      return true;
    } as Response["write"];

    res.end = function holdEnd(this: Response, ...args: unknown[]) {
      if (held === null || !canCompressAtOnce(res)) {
        release();
        return endOn(...args);
      }
      const [first, second, third] = args as [unknown, unknown, unknown];
      const callback = [first, second, third].find((a) => typeof a === "function") as
        | (() => void)
        | undefined;
      if (typeof first === "string" || first instanceof Uint8Array) {
        held.push(toBuffer(first, typeof second === "string" ? (second as BufferEncoding) : undefined));
      }
      const body = Buffer.concat(held);
      held = null;
      res.write = write;
      res.end = end;
      if (body.length < COMPRESSION_THRESHOLD) return endOn(body, callback);
      const compressed = ONE_SHOT_ENCODERS[encoding](body);
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", compressed.length);
      res.vary("Accept-Encoding");
      return endOn(compressed, callback);
    } as Response["end"];

    next();
  };
}
