/**
 * The weight of a public page as a phone loads it: the JavaScript it fetches (counted as gzip
 * bytes, each response body compressed here at the default level, so the figure does not depend on
 * the server's compression or a cache) and its Largest Contentful Paint element (is it a lazy
 * image?). Used by `npm run bench -- --section weight` and by tests/e2e/public/page-weight.spec.ts.
 */
import { gzipSync } from "node:zlib";
import type { Browser, BrowserContextOptions, Page, Response } from "@playwright/test";

/**
 * The budgets: the JavaScript of a page's first load, gzip. The target for `/` is 120 kB; it is
 * not reached in gzip — `/` measured 135.1 kB on 2026-11-29 (from 152.6 on 2026-11-27): the area
 * tree (11.5 kB gzip) left every page's first load (the area picker loads it when the visitor
 * reaches for it, the loaders send the names a page shows), React, React DOM and React Router
 * became one file (vite.config.ts), and the cards import only the option lists and the name rule
 * they show (domain/option-basics.ts, domain/display-name.ts). React DOM (64 kB) and React Router
 * (41 kB) are 108 kB of it. As sent (brotli 11 from the build, ADR 0064) `/` is ~119 kB. Each
 * budget is that day's figure plus about 2 kB (docs/benchmarks.md "Lighthouse and first load").
 */
export const JS_GZIP_BUDGETS: Readonly<Record<string, number>> = {
  "/": 137_000,
  "/search/staff": 140_000,
  "/search/liver": 138_000,
};

/** The pages the budgets hold for. */
export const WEIGHED_PAGES = Object.keys(JS_GZIP_BUDGETS);

export interface ScriptWeight {
  url: string;
  /** The response body, gzip-compressed here (zlib default level). */
  gzip: number;
  /** The body as delivered (after decoding). */
  raw: number;
  /** The body as sent (its Content-Encoding: brotli from the build for a browser, ADR 0064). */
  sent: number;
}

export interface LcpElement {
  tag: string;
  /** The `loading` attribute of an <img> ("" when absent), null for other elements. */
  loading: string | null;
  fetchPriority: string | null;
  /** The image's URL or the element's first text. */
  what: string;
  /** Rendered area in CSS pixels², as the browser reports it. */
  size: number;
  /** When the LCP candidate was painted (ms since navigation start). */
  time: number;
}

export interface PageWeight {
  path: string;
  scripts: ScriptWeight[];
  jsGzip: number;
  jsRaw: number;
  /** The JavaScript as the server sent it (compressed). */
  jsSent: number;
  lcp: LcpElement | null;
  /** The LCP element is an <img loading="lazy">: the largest thing above the fold waits for layout. */
  lcpLazy: boolean;
}

declare global {
  interface Window {
    __lcp?: LcpElement | null;
  }
}

/** Records the last LCP candidate in `window.__lcp` (runs before any script of the page). */
function observeLcp() {
  window.__lcp = null;
  new PerformanceObserver((list) => {
    const entries = list.getEntries() as (PerformanceEntry & {
      element: Element | null;
      size: number;
      url: string;
    })[];
    const last = entries[entries.length - 1];
    if (!last) return;
    const element = last.element;
    const image = element instanceof HTMLImageElement ? element : null;
    window.__lcp = {
      tag: element?.tagName.toLowerCase() ?? "(removed)",
      loading: image ? (image.getAttribute("loading") ?? "") : null,
      fetchPriority: image ? image.getAttribute("fetchpriority") : null,
      what: image ? image.currentSrc || image.src : (element?.textContent ?? "").trim().slice(0, 40),
      size: last.size,
      time: Math.round(last.startTime),
    };
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

const isJavaScript = (contentType: string | undefined) => /javascript|ecmascript/i.test(contentType ?? "");

/** Loads `path` in `page` (a fresh context has an empty cache), waits until the network is idle, and weighs it. */
export async function weighPage(page: Page, baseUrl: string, path: string): Promise<PageWeight> {
  const pending: Promise<ScriptWeight | null>[] = [];
  const onResponse = (response: Response) => {
    if (!isJavaScript(response.headers()["content-type"])) return;
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(
        ([body, sizes]) => ({
          url: response.url(),
          gzip: gzipSync(body).length,
          raw: body.length,
          sent: sizes.responseBodySize,
        }),
        () => null,
      ),
    );
  };
  page.on("response", onResponse);
  await page.addInitScript(observeLcp);
  await page.goto(new URL(path, baseUrl).href, { waitUntil: "networkidle" });
  // LCP is reported after the frame that painted it; give the observer one more frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  const lcp = (await page.evaluate(() => window.__lcp ?? null)) as LcpElement | null;
  page.off("response", onResponse);
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptWeight => s !== null);
  return {
    path,
    scripts,
    jsGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    jsRaw: scripts.reduce((sum, s) => sum + s.raw, 0),
    jsSent: scripts.reduce((sum, s) => sum + s.sent, 0),
    lcp,
    lcpLazy: lcp?.tag === "img" && lcp.loading === "lazy",
  };
}

/** Weighs each page in a fresh context (empty cache) with the given device settings. */
export async function weighPages(
  browser: Browser,
  baseUrl: string,
  paths: readonly string[],
  context: BrowserContextOptions,
): Promise<PageWeight[]> {
  const results: PageWeight[] = [];
  for (const path of paths) {
    const ctx = await browser.newContext(context);
    try {
      results.push(await weighPage(await ctx.newPage(), baseUrl, path));
    } finally {
      await ctx.close();
    }
  }
  return results;
}

const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;

/** The figures as a Markdown table (docs/benchmarks.md takes it as printed). */
export function weightTable(results: readonly PageWeight[]): string[] {
  return [
    "| page | JS files | JS gzip | JS as sent | JS raw | budget | LCP element | LCP lazy? |",
    "|---|---:|---:|---:|---:|---|---|---|",
    ...results.map((r) => {
      const lcp = r.lcp
        ? `${r.lcp.tag}${r.lcp.tag === "img" ? ` loading=${r.lcp.loading || "(none)"}${r.lcp.fetchPriority ? ` fetchpriority=${r.lcp.fetchPriority}` : ""}` : ` “${r.lcp.what}”`} (${r.lcp.time} ms)`
        : "(none reported)";
      const limit = JS_GZIP_BUDGETS[r.path];
      const budget = limit === undefined ? "–" : `${r.jsGzip <= limit ? "PASS" : "**MISS**"} (${kb(limit)})`;
      return `| \`${r.path}\` | ${r.scripts.length} | ${kb(r.jsGzip)} | ${kb(r.jsSent)} | ${kb(r.jsRaw)} | ${budget} | ${lcp} | ${r.lcpLazy ? "**yes**" : "no"} |`;
    }),
  ];
}
