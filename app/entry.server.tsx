import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";

// React Router's default Node entry, plus the CSP nonce of this response on every inline script.

/** better-auth's session cookie (prefix "yoru", see create-auth.ts), secure or not. */
const hasSessionCookie = (request: Request) =>
  /(?:^|;\s*)(?:__Secure-)?yoru\.session_token=/.test(request.headers.get("cookie") ?? "");
export const streamTimeout = 5_000;

/**
 * Hands on what React wrote in one burst as one chunk. React writes a document in many small
 * pieces, and React Router flushes the response after each piece, which `compression` turns into a
 * zlib sync flush per piece: most of the CPU of compressing a page (docs/benchmarks.md). Joined
 * once per turn of the event loop, nothing is held back: a streamed Suspense boundary still goes
 * out as soon as React writes it.
 */
class BurstJoiner extends Transform {
  private pending: Buffer[] = [];
  private scheduled = false;

  constructor(private readonly onEnd: () => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.release());
    }
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.release();
    this.onEnd();
    callback();
  }

  private release() {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    this.push(this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending));
    this.pending = [];
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new BurstJoiner(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // A page rendered for a signed-in browser names its account: no shared cache may keep it.
          if (!responseHeaders.has("Cache-Control") && hasSessionCookie(request))
            responseHeaders.set("Cache-Control", "private, no-store");
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
