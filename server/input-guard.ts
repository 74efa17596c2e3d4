import type { Request, RequestHandler } from "express";
import { refuse } from "./refusal";

/** What the visitor reads when an input carries a NUL character (PostgreSQL cannot store one). */
export const NUL_MESSAGE = "入力に使用できない文字（制御文字）が含まれています";
export const BAD_URL_MESSAGE = "URLに正しくない文字が含まれています";
export const NOT_A_FORM_MESSAGE = "送信内容を読み取れませんでした。もう一度お試しください";

const WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Bodies read here: text formats and forms. Anything else (octet streams, video) streams on untouched. */
const CHECKED_BODY =
  /^(application\/x-www-form-urlencoded|application\/([\w.+-]+\+)?json|text\/plain|multipart\/form-data)\b/i;
const PERCENT_NUL = /%00/i;
/** What a page action reads (`request.formData()`): the two encodings an HTML form sends. */
const FORM_BODY = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const MULTIPART = /^multipart\/form-data/i;

/** The JSON API takes JSON and other bodies; every other path with a body is a page action. */
const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/** Whether any string or key in a parsed JSON value holds a NUL (iterative: nesting depth is the client's). */
function hasNulString(root: unknown): boolean {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (value.includes("\0")) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item); // not push(...value): a huge array would overflow
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes("\0")) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/**
 * The path percent-decoded, or null when it is not valid percent-encoded UTF-8 (`%FF`, a lone `%`).
 * The decoded value is used, not just computed: a bundler drops a call whose result is unused
 * (`decodeURIComponent` counts as pure), and with it the check — that happened in the build.
 */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

/**
 * Reads a body of a declared length, then puts it back into the request stream (`unshift`), so the
 * handler after us (React Router's adapter reads `req` as a stream) sees it unchanged. Resolves
 * null when the client went away first.
 */
function peekBody(req: Request, length: number): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    let settled = false;
    const finish = (body: Buffer | null) => {
      if (settled) return;
      settled = true;
      req.off("readable", onReadable);
      req.off("end", onEnd);
      req.off("error", onGone);
      req.off("close", onGone);
      if (body) req.unshift(body);
      resolve(body);
    };
    const onReadable = () => {
      while (total < length) {
        const chunk = req.read() as Buffer | null;
        if (chunk === null) break;
        chunks.push(chunk);
        total += chunk.length;
      }
      if (total >= length) finish(Buffer.concat(chunks));
    };
    // A body shorter than declared: hand on what came, the parser downstream answers for it.
    const onEnd = () => finish(Buffer.concat(chunks));
    const onGone = () => finish(null);
    req.on("readable", onReadable);
    req.once("end", onEnd);
    req.once("error", onGone);
    req.once("close", onGone);
  });
}

/** What the peek found: a clean body, a NUL in its text, or a multipart body that is no form. */
type Verdict = "clean" | "nul" | "unreadable";

async function multipartVerdict(contentType: string, body: Buffer): Promise<Verdict> {
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return "unreadable";
  }
  for (const [name, value] of form.entries()) {
    if (name.includes("\0")) return "nul";
    // A file's bytes are its own business; its name and every text field are text.
    if (typeof value === "string" ? value.includes("\0") : value.name.includes("\0")) return "nul";
  }
  return "clean";
}

async function bodyVerdict(contentType: string, body: Buffer): Promise<Verdict> {
  if (MULTIPART.test(contentType)) return multipartVerdict(contentType, body);
  if (body.includes(0)) return "nul";
  const text = body.toString("utf8");
  if (/^application\/x-www-form-urlencoded/i.test(contentType))
    return PERCENT_NUL.test(text) ? "nul" : "clean";
  if (/json/i.test(contentType) && text.includes("\\u")) {
    try {
      return hasNulString(JSON.parse(text)) ? "nul" : "clean";
    } catch {
      return "clean"; // not JSON at all: the API route refuses it with its own message
    }
  }
  return "clean";
}

/**
 * One gate for every input (ADR 0047): a NUL character in the path, the query string or a text
 * body (form, JSON) is refused with 400 before any route runs — PostgreSQL cannot store it in a
 * text column and answered 500. A path that is not valid percent-encoded UTF-8 is refused too.
 * Multipart forms up to `multipartPeekBytes` (every multipart body `bodyLimits` lets through
 * today) are parsed once here and their text fields and file names checked — file contents are
 * binary and left alone. Other content types (a future streamed video upload) and larger bodies
 * stream on unread: their route must check its own text. Must run after `bodyLimits`, which
 * bounds what is read here.
 *
 * Page actions read their body with `request.formData()`, which throws on anything but a form: a
 * body sent to a page (any path outside /api) must be urlencoded or a multipart form that parses,
 * else it is a 400 here, for every action at once (ADR 0049). The API answers for its own bodies.
 */
export function inputGuard({ multipartPeekBytes }: { multipartPeekBytes: number }): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    if (PERCENT_NUL.test(url) || url.includes("\0")) return refuse(req, res, 400, NUL_MESSAGE);
    if (decodedPath(path) === null) return refuse(req, res, 400, BAD_URL_MESSAGE);

    if (!WITH_BODY.has(req.method)) return next();
    const contentType = req.headers["content-type"] ?? "";
    const length = Number(req.headers["content-length"] ?? 0);
    const pageAction = !isApiPath(req.path);
    if (pageAction && !FORM_BODY.test(contentType)) return refuse(req, res, 400, NOT_A_FORM_MESSAGE);
    if (!CHECKED_BODY.test(contentType) || !Number.isSafeInteger(length) || length <= 0) {
      // An empty multipart body has no closing boundary: no form.
      if (pageAction && MULTIPART.test(contentType)) return refuse(req, res, 400, NOT_A_FORM_MESSAGE);
      return next();
    }
    if (length > multipartPeekBytes) return next();
    peekBody(req, length)
      .then(async (body) => {
        if (!body) return; // the client is gone
        const verdict = await bodyVerdict(contentType, body);
        if (verdict === "nul") return refuse(req, res, 400, NUL_MESSAGE);
        if (verdict === "unreadable" && pageAction) return refuse(req, res, 400, NOT_A_FORM_MESSAGE);
        next();
      })
      .catch(next);
  };
}
