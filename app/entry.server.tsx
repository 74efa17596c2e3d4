import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "react-router";
import { ServerRouter } from "react-router";
import { carriesSessionCookie } from "./.server/auth/session-cookie";
import {
  type PageAnswer,
  PRIVATE_NO_STORE,
  pageCacheClass,
  SHARED_VARY,
  sharedCacheControl,
} from "./domain/cache-policy";

// React Router's default Node entry, plus the CSP nonce of this response on every inline script
// and who may keep the page (ADR 0062).

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

/**
 * A client-side navigation's data (`/search/staff.data`): shared as the page it is the data of
 * would be — the same policy, class and lifetime (ADR 0062) — so a proxy and the page cache keep
 * the signed-out navigations too. React Router passes the page's route id here through the patch
 * of ADR 0064; without it (the development build) the answer stays private.
 */
export function handleDataRequest(
  response: Response,
  { request, routeId }: Parameters<HandleDataRequestFunction>[1] & { routeId?: string },
): Response {
  applyCachePolicy(response.headers, {
    method: request.method.toUpperCase(),
    routeId,
    status: response.status,
    signedIn: carriesSessionCookie(request.headers.get("cookie")),
    setsCookie: response.headers.has("Set-Cookie"),
  });
  return response;
}

/** Who may keep the answer (ADR 0062): a shared lifetime with its `Vary`, else `private, no-store`. */
function applyCachePolicy(headers: Headers, answer: PageAnswer) {
  const kind = pageCacheClass(answer);
  headers.set("Cache-Control", kind ? sharedCacheControl(kind) : PRIVATE_NO_STORE);
  if (kind) headers.set("Vary", SHARED_VARY);
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.nonce;
  const answer = {
    method: request.method.toUpperCase(),
    routeId: routerContext.staticHandlerContext.matches.at(-1)?.route.id,
    status: responseStatusCode,
    signedIn: carriesSessionCookie(request.headers.get("cookie")),
    setsCookie: responseHeaders.has("Set-Cookie"),
  };
  // A page that may be shared is rendered whole before its headers go out, so that a failure in a
  // streamed part makes it a 500, which stays private (a cache would keep the broken page).
  const shareable = pageCacheClass(answer) !== null;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      shareable || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

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
          // Shared only as the policy allows (a public page, signed out, 200, no cookie set); a page
          // rendered for a signed-in browser names its account and stays private.
          applyCachePolicy(responseHeaders, { ...answer, status: responseStatusCode });
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
