/**
 * Who may keep an answer, and for how long (ADR 0062). A public page answered to a signed-out
 * visitor is the same for every signed-out visitor, so shared caches (a proxy, a CDN, the
 * process's own page cache) may keep it for a while; everything else is `private, no-store`.
 * Pure: the server applies it (app/entry.server.tsx for pages, app/.server/http/api-json.ts for
 * the public API).
 */

/** The kinds of public answers, each with its own freshness. */
export type CacheClass = "top" | "list" | "profile" | "feed" | "map" | "info" | "api";

export interface Freshness {
  /** Seconds a shared cache serves the answer without asking (`s-maxage`). */
  sharedSeconds: number;
  /** Seconds after that it may still serve it while it fetches a new one (`stale-while-revalidate`). */
  staleSeconds: number;
}

/**
 * A change (a store edits its page, a post is written, a shift is saved) shows everywhere within
 * `sharedSeconds`: nothing is purged, the answers are short-lived. Lists and feeds change most and
 * are read most; the information pages change with a release.
 */
export const FRESHNESS: Record<CacheClass, Freshness> = {
  top: { sharedSeconds: 30, staleSeconds: 120 },
  list: { sharedSeconds: 30, staleSeconds: 120 },
  profile: { sharedSeconds: 60, staleSeconds: 300 },
  feed: { sharedSeconds: 30, staleSeconds: 120 },
  map: { sharedSeconds: 60, staleSeconds: 300 },
  info: { sharedSeconds: 3600, staleSeconds: 86_400 },
  api: { sharedSeconds: 30, staleSeconds: 60 },
};

/** Nobody keeps it: the answer of a signed-in visitor, a form's result, an error, a cookie. */
export const PRIVATE_NO_STORE = "private, no-store";

/**
 * The shared answer of `kind`. Browsers keep nothing (`max-age=0`): a visitor who signs in sees
 * her own page on the next request, and `Vary: Cookie` keeps a browser's or proxy's copy apart
 * from a signed-in request anyway.
 */
export function sharedCacheControl(kind: CacheClass): string {
  const { sharedSeconds, staleSeconds } = FRESHNESS[kind];
  return `public, max-age=0, s-maxage=${sharedSeconds}, stale-while-revalidate=${staleSeconds}`;
}

/** What a shared answer varies on: the session (and the login role remembered in a cookie) and the encoding. */
export const SHARED_VARY = "Cookie, Accept-Encoding";

/**
 * The public pages by route id (app/routes.ts). A page not named here is never shared: the
 * account pages, the console, the forms, the live viewer (its state changes by the second) and
 * the coupon's door screen (shown to the staff, read once).
 */
export const PAGE_CACHE_CLASSES: Readonly<Record<string, CacheClass>> = {
  "routes/public/home": "top",
  "routes/public/search-liver": "list",
  "routes/public/search-staff": "list",
  "routes/public/coupons": "list",
  "routes/public/liver-page": "profile",
  "routes/public/staff-page": "profile",
  "feed-sns": "feed",
  "feed-youtube": "feed",
  "feed-staff-sns": "feed",
  "feed-staff-youtube": "feed",
  "feed-liver-sns": "feed",
  "feed-liver-youtube": "feed",
  "routes/public/gps": "map",
  "routes/public/search-sns": "map",
  "routes/info/about": "info",
  "routes/info/terms": "info",
  "routes/info/terms-store": "info",
  "routes/info/privacy-policy": "info",
  "routes/info/specified-commercial": "info",
  "routes/info/account": "info",
  "routes/info/messages": "info",
  "routes/info/faq": "info",
  "routes/info/service-listener": "info",
  "routes/info/service-liver": "info",
};

export interface PageAnswer {
  method: string;
  /** The route id of the deepest match (the page itself). */
  routeId: string | undefined;
  status: number;
  signedIn: boolean;
  /** The answer sets a cookie: it is this visitor's. */
  setsCookie: boolean;
}

/** The class a page answer is shared as, or null when it must stay private. */
export function pageCacheClass(answer: PageAnswer): CacheClass | null {
  // A HEAD is headers only: kept by nobody (a proxy asks its upstream with a GET).
  if (answer.method !== "GET") return null;
  if (answer.status !== 200 || answer.signedIn || answer.setsCookie) return null;
  return (answer.routeId && PAGE_CACHE_CLASSES[answer.routeId]) || null;
}
