import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** The encodings the build writes beside each asset (vite.config.ts `precompressAssets`), best first. */
const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/**
 * The build's hashed assets as the build compressed them: `x.js.br` or `x.js.gz` sent for
 * `/assets/x.js` when the browser takes that encoding, with the type of `x.js`, `Content-Encoding`
 * and `Vary: Accept-Encoding`. `compression` then leaves the body alone (it is encoded already).
 * A file the build did not compress (small, or a picture), a browser that takes neither, or a
 * range request falls through to `express.static`. The directory is listed once, at start-up.
 */
export function servePrecompressed(
  dir: string,
  cacheControl: { maxAge: string; immutable: boolean },
): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(dir));
  } catch {
    files = new Set();
  }
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.headers.range) return next();
    const name = req.path.slice(1);
    if (name.includes("/") || !files.has(name)) return next();
    const available = ENCODINGS.filter((encoding) => files.has(`${name}${encoding.suffix}`));
    if (available.length === 0) return next();
    const chosen = chooseEncoding(
      req.headers["accept-encoding"],
      available.map((encoding) => encoding.name),
    );
    const encoding = available.find((candidate) => candidate.name === chosen);
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding.name);
    res.sendFile(`${name}${encoding.suffix}`, { root: dir, ...cacheControl, dotfiles: "deny" }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}

/**
 * The encoding to send, of `offered` (our order of preference, best first), for an
 * `Accept-Encoding` header: the one the browser weighs highest (`q`, 1 when absent; `*` stands
 * for any encoding it does not name), ties going to our order — browsers list gzip before br
 * (Chrome sends `gzip, deflate, br, zstd`) without preferring it. Undefined when it takes none.
 */
export function chooseEncoding(header: string | undefined, offered: readonly string[]): string | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  let best: string | undefined;
  let bestWeight = 0;
  for (const name of offered) {
    const weight = weights.get(name) ?? weights.get("*") ?? 0;
    if (weight > bestWeight) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}
