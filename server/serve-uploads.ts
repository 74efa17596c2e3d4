import { pipeline } from "node:stream/promises";
import type express from "express";
import { parseByteRange } from "~/.server/http/byte-range";
import { isPrivateKey, isValidKey, type ObjectStorage } from "~/.server/integrations/storage/object-storage";

const CACHE = "public, max-age=604800";

/**
 * `/uploads/<key>`: the URL every row keeps, whatever the storage (ADR 0016). With S3 and
 * S3_PUBLIC_URL it redirects there, so the bytes never pass through this server; otherwise (the
 * disk, or a private bucket) the server streams the object with byte ranges (206, 416), which
 * video players need to seek.
 */
export function serveUploads(storage: ObjectStorage): express.RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let key: string;
    try {
      key = decodeURIComponent(req.path.slice(1));
    } catch {
      return notFound(res);
    }
    if (!isValidKey(key) || isPrivateKey(key)) return notFound(res);
    try {
      const direct = storage.directUrl(key);
      if (direct) {
        // 302, not 301: a changed S3_PUBLIC_URL must not be stuck in browsers for good.
        res.set("Cache-Control", "public, max-age=3600");
        return res.redirect(302, direct);
      }

      const info = await storage.head(key);
      if (!info) return notFound(res);
      res.set({
        "Accept-Ranges": "bytes",
        "Content-Type": info.contentType,
        "Cache-Control": CACHE,
        ETag: info.etag,
        "Last-Modified": info.lastModified.toUTCString(),
      });
      if (isFresh(req, info)) return res.status(304).end();

      // If-Range: a range of the object the client already has, else the whole (changed) object.
      const asked = ifRangeHolds(req.get("If-Range"), info)
        ? parseByteRange(req.get("Range"), info.size)
        : ({ kind: "whole" } as const);
      if (asked.kind === "unsatisfiable") {
        res.status(416).set("Content-Range", `bytes */${info.size}`).type("text/plain");
        return res.end("Range Not Satisfiable");
      }
      const range = asked.kind === "range" ? { start: asked.start, end: asked.end } : undefined;
      if (range) res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${info.size}`);
      res.set("Content-Length", String(range ? range.end - range.start + 1 : info.size));
      if (req.method === "HEAD") return res.end();

      const object = await storage.get(key, { range });
      if (!object) return notFound(res);
      await pipeline(object.body, res);
    } catch (error) {
      // A client that goes away mid-video is normal; anything else before the headers is a 500.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      next(error);
    }
  };
}

/** If-Range holds when absent or when it names this very object (strong tag or exact date). */
function ifRangeHolds(ifRange: string | undefined, info: { etag: string; lastModified: Date }): boolean {
  if (ifRange === undefined) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/"))
    return !ifRange.startsWith("W/") && ifRange === info.etag;
  return Date.parse(ifRange) === Math.floor(info.lastModified.getTime() / 1000) * 1000;
}

function isFresh(req: express.Request, info: { etag: string; lastModified: Date }): boolean {
  const noneMatch = req.get("If-None-Match");
  if (noneMatch !== undefined)
    return noneMatch
      .split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""))
      .includes(info.etag.replace(/^W\//, ""));
  const since = Date.parse(req.get("If-Modified-Since") ?? "");
  return !Number.isNaN(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
}

function notFound(res: express.Response): void {
  // A removed or never-existing upload is a plain 404, not an error worth a stack trace in the log.
  res.status(404).type("text/plain").send("Not Found");
}
