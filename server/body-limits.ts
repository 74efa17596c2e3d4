import type { RequestHandler } from "express";

export interface BodyLimits {
  /** Form posts and JSON. */
  formBytes: number;
  /** multipart/form-data (pictures): the upload routes give their own, friendlier limit below it. */
  multipartBytes: number;
  /**
   * The only paths that take a multipart body above `formBytes` (the signed-in upload pages);
   * elsewhere a large multipart body is refused unread, before anything parses it.
   */
  uploadPaths: RegExp;
  /**
   * The few paths that take a video (native posts, ADR 0024): their multipart bodies may be as
   * large as `bytes`; the route reads them as a stream with a limit per file.
   */
  largeUploads?: { paths: RegExp; bytes: number };
}

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Where pictures are uploaded: the signed-in mypages. The input guard reads a body before any
 * route checks who sent it, so no other path may make it hold megabytes.
 */
export const UPLOAD_PATHS = /^\/(listener|liver|staff)\/mypage(\/|$)/;

/** Where a native post is sent: the API and the post editor pages (with React Router's `.data`). */
export const POST_UPLOAD_PATHS = /^\/(api\/posts|(staff|liver)\/mypage\/post(\.data)?)$/;

/** A post's largest body: ten 10 MB pictures, or a 100 MB video and its poster, and the caption. */
export const POST_UPLOAD_MAX_BYTES = 111 * 1024 * 1024;

/**
 * Request bodies are bounded before any route reads them: React Router's `request.formData()`
 * would otherwise hold whatever a client sends in memory. A body must declare its length (browsers
 * always do for forms and fetch); one larger than the limit is refused at once, unread.
 */
export function bodyLimits({
  formBytes,
  multipartBytes,
  uploadPaths,
  largeUploads,
}: BodyLimits): RequestHandler {
  return (req, res, next) => {
    if (!WITH_BODY.has(req.method)) return next();
    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (declared === undefined) {
      if (!chunked) return next(); // no body at all
      return refuse(req.path, res, 411, "送信データの長さが指定されていません");
    }
    const length = Number(declared);
    const multipart = (req.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/form-data");
    if (!Number.isSafeInteger(length) || length < 0)
      return refuse(req.path, res, 400, "送信データの長さが正しくありません");
    const limit = !multipart
      ? formBytes
      : largeUploads?.paths.test(req.path)
        ? largeUploads.bytes
        : uploadPaths.test(req.path)
          ? multipartBytes
          : formBytes;
    if (length > limit) return refuse(req.path, res, 413, "送信されたデータが大きすぎます");
    next();
  };
}

function refuse(path: string, res: Parameters<RequestHandler>[1], status: number, message: string) {
  res.set("Connection", "close");
  if (path.startsWith("/api/")) {
    const code = status === 413 ? "resource-exhausted" : "invalid-argument";
    res.status(status).json({ error: { code, message } });
  } else {
    res.status(status).type("text/plain; charset=utf-8").send(message);
  }
}
