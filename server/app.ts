import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import helmet from "helmet";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { createAuth } from "~/.server/auth/create-auth";
import type { Db } from "~/.server/db/client";
import type { Env } from "~/.server/env";
import { clientAddressKey, isLoopback } from "~/.server/http/client-address";
import type { LiveMediaPort } from "~/.server/integrations/live-media/media-port";
import { createMailer, type Mailer } from "~/.server/integrations/mail/mailer";
import { createObjectStorage } from "~/.server/integrations/storage/create-object-storage";
import { imageStorage } from "~/.server/integrations/storage/image-storage";
import type { RealtimeHub } from "~/.server/realtime/hub";
import { publishVerifiedStore } from "~/.server/services/stores/publish-verified-store";
import { EMBED_FRAME_HOSTS, THUMBNAIL_HOSTS } from "~/domain/post-embeds";
import { bodyLimits, POST_UPLOAD_MAX_BYTES, POST_UPLOAD_PATHS, UPLOAD_PATHS } from "./body-limits";
import { compressResponses } from "./compress";
import { serveUploads } from "./serve-uploads";
import "./context";
import { inputGuard } from "./input-guard";
import { pageCache } from "./page-cache";
import { permissionsPolicy } from "./permissions-policy";
import { servePrecompressed } from "./precompressed";
import { privateByDefault } from "./private-by-default";
import { lastResortErrors, requestTarget } from "./request-target";
import { sameOriginMutations } from "./same-origin";

export interface AppOptions {
  db: Db;
  env: Env;
  /** The process's mail port (shared with its job runner); created from `db` and `env` when absent. */
  mailer?: Mailer;
  realtime: RealtimeHub;
  /** The media transport of lives (ADR 0031). */
  liveMedia: LiveMediaPort;
  vite?: ViteDevServer;
}

/**
 * The React Router build to serve. In development a function, so every request gets the hot-reloaded
 * routes; in production the module itself, loaded once: handed a function, React Router derives its
 * route tree (flatten, rank, compile every path) anew on each request, which was half the server's
 * CPU on a small API answer (docs/benchmarks.md).
 */
export async function loadServerBuild(
  vite?: ViteDevServer,
): Promise<ServerBuild | (() => Promise<ServerBuild>)> {
  if (vite) return () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  return (await import("virtual:react-router/server-build")) as ServerBuild;
}

/** The Express application: security headers, static files, uploads and the React Router handler. */
export function createApp(
  { db, env, realtime, liveMedia, vite, mailer = createMailer({ db, env }) }: AppOptions,
  build: ServerBuild | (() => Promise<ServerBuild>),
): express.Express {
  const app = express();
  app.disable("x-powered-by");
  // Client addresses feed the rate limits: a client-sent X-Forwarded-For counts only behind a
  // proxy the operator declared (TRUST_PROXY).
  app.set("trust proxy", env.trustProxy);
  const auth = createAuth({ db, env, mailer, onEmailVerified: (uid) => publishVerifiedStore({ db, uid }) });
  const storage = createObjectStorage(env);
  const images = imageStorage(storage);
  // Uploads redirected to S3_PUBLIC_URL load from its origin (ADR 0016).
  const uploadsOrigin = env.s3?.publicUrl ? [new URL(env.s3.publicUrl).origin] : [];
  // The SNS link buttons post to us and are redirected to the vendor's login (ADR 0024);
  // Chrome applies form-action to that redirect too.
  const snsLoginOrigins = [
    ...(env.sns.instagram.configured ? [new URL(env.sns.instagram.authBase).origin] : []),
    ...(env.sns.tiktok.configured ? [new URL(env.sns.tiktok.authBase).origin] : []),
    // Buying coins posts the final confirmation (/listener/coin/confirm, ADR 0052), which redirects
    // to Stripe Checkout (ADR 0032); a local fake's checkout page is on its API origin.
    ...(env.payments.stripe
      ? [
          "https://checkout.stripe.com",
          ...(new URL(env.payments.stripe.apiBase).hostname === "api.stripe.com"
            ? []
            : [new URL(env.payments.stripe.apiBase).origin]),
        ]
      : []),
  ];

  // Before anything reads the URL or the Host header (ADR 0047).
  app.use(requestTarget({ siteHost: new URL(env.baseUrl).host }));
  // Signed-out public answers from memory (ADR 0062), before the work of making one; files on
  // disk are served as they are. Off under Vite (its modules change under it).
  // The few files at the root of the build (favicons), looked up once.
  const rootFiles = vite ? new Set<string>() : filesAtRoot("build/client");
  if (env.pageCacheBytes > 0 && !vite) {
    app.use(
      pageCache({
        maxBytes: env.pageCacheBytes,
        skip: (req) => ON_DISK.test(req.path) || rootFiles.has(req.path),
      }),
    );
  }
  app.use((_req, res, next) => {
    res.locals.nonce = randomBytes(16).toString("base64");
    next();
  });
  app.use(
    helmet({
      // Vite's dev client injects inline scripts without our nonce; production gets the full policy.
      contentSecurityPolicy: vite
        ? false
        : {
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.nonce}'`],
              // Imported posts' thumbnails (domain/post-embeds.ts; the demo data uses our own).
              // …and the map tiles of the map pages (MAP_TILE_URL, ADR 0028).
              "img-src": [
                "'self'",
                "data:",
                "blob:",
                ...uploadsOrigin,
                ...THUMBNAIL_HOSTS,
                env.map.tileOrigin,
              ],
              "media-src": ["'self'", ...uploadsOrigin],
              // Previews of a chosen picture are blob: URLs of this page; in LiveKit mode the live
              // pages talk to the LiveKit server (WebSocket and its HTTP checks, ADR 0031).
              "connect-src": ["'self'", "blob:", ...livekitOrigins(env.live.livekit?.url)],
              // The feeds' embed players (youtube-nocookie, TikTok) and the manual's videos.
              "frame-src": [...new Set<string>([...EMBED_FRAME_HOSTS, "https://www.youtube.com"])],
              "form-action": ["'self'", ...snsLoginOrigins],
              "upgrade-insecure-requests": env.isProduction ? [] : null,
            },
          },
      strictTransportSecurity: env.isProduction,
      // Not helmet's "no-referrer": with it a browser sends `Origin: null` on a plain form post (no
      // JavaScript), which React Router's CSRF check refuses with 400 — every form would fail
      // without JavaScript. "same-origin" keeps the referrer from other sites all the same.
      referrerPolicy: { policy: "same-origin" },
    }),
  );
  app.use(permissionsPolicy());
  // Compressed: small JSON answers at once, pages and large bodies as a stream, event streams never.
  app.use(compressResponses());
  // ADR 0017: cross-site posts refused for resource routes too; bodies bounded; NUL refused.
  app.use(sameOriginMutations(env.baseUrl));
  const multipartBytes = 32 * 1024 * 1024;
  app.use(
    bodyLimits({
      formBytes: 256 * 1024,
      multipartBytes,
      uploadPaths: UPLOAD_PATHS,
      largeUploads: { paths: POST_UPLOAD_PATHS, bytes: POST_UPLOAD_MAX_BYTES },
    }),
  );
  app.use(inputGuard({ multipartPeekBytes: multipartBytes }));

  app.use("/uploads", serveUploads(storage));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    // Compressed at the build where it pays (server/precompressed.ts), else as the file is.
    const assetCache = { immutable: true, maxAge: "1y" };
    app.use("/assets", servePrecompressed("build/client/assets", assetCache));
    app.use("/assets", express.static("build/client/assets", { ...assetCache, index: false }));
    // The item pictures (public/img/, ADR 0032).
    app.use("/img", express.static("build/client/img", { maxAge: "1d", index: false }));
    // The items' gift animations (public/gifts/, ADR 0043), fetched when a top-tier gift plays.
    app.use("/gifts", express.static("build/client/gifts", { maxAge: "1d", index: false }));
    // The files at the root of the build (a folder added to public/ needs a mount of its own, like
    // /assets): a static handler for the whole root would stat the disk for every page and API
    // request.
    const rootStatic = express.static("build/client", {
      maxAge: "1h",
      index: false,
      // The service worker is checked for a new version on every visit (ADR 0045).
      setHeaders: (res, file) => {
        if (file.endsWith(`${path.sep}sw.js`)) res.setHeader("Cache-Control", "no-cache");
      },
    });
    app.use((req, res, next) => (rootFiles.has(req.path) ? rootStatic(req, res, next) : next()));
  }

  app.use(privateByDefault());
  app.use(
    createRequestHandler({
      build,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => ({
        db,
        env,
        auth,
        mailer,
        images,
        storage,
        realtime,
        liveMedia,
        clientIp: clientAddressKey(req.ip ?? req.socket.remoteAddress),
        fromLoopback: isLoopback(req.ip ?? req.socket.remoteAddress),
        nonce: res.locals.nonce as string,
      }),
    }),
  );
  app.use(lastResortErrors());
  return app;
}

/** The paths served from files (the build's folders and uploads), never through the page cache. */
const ON_DISK = /^\/(?:assets|img|gifts|uploads)\//;

function filesAtRoot(folder: string): Set<string> {
  return new Set(
    readdirSync(folder, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${entry.name}`),
  );
}

/** The origins a browser reaches a LiveKit server at: its WebSocket and HTTP(S) forms. */
function livekitOrigins(url: string | undefined): string[] {
  if (!url) return [];
  const { host, protocol } = new URL(url);
  const secure = protocol === "https:" || protocol === "wss:";
  return secure ? [`wss://${host}`, `https://${host}`] : [`ws://${host}`, `http://${host}`];
}
