import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import {
  type CacheClass,
  FRESHNESS,
  PAGE_CACHE_CLASSES,
  type PageAnswer,
  pageCacheClass,
  sharedCacheControl,
} from "~/domain/cache-policy";
import { handleDataRequest } from "~/entry.server";
import routes from "~/routes";

/** Every route id of app/routes.ts: its explicit id, or its file without the extension. */
function routeIds(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [
    entry.id ?? entry.file.replace(/\.tsx?$/, ""),
    ...routeIds(entry.children ?? []),
  ]);
}

const signedOut: PageAnswer = {
  method: "GET",
  routeId: "routes/public/home",
  status: 200,
  signedIn: false,
  setsCookie: false,
};

describe("the cache policy of pages (ADR 0062)", () => {
  it.each<[string, Partial<PageAnswer>, CacheClass | null]>([
    ["the top page, signed out", {}, "top"],
    ["a HEAD of it", { method: "HEAD" }, null],
    ["the staff search", { routeId: "routes/public/search-staff" }, "list"],
    ["a store page", { routeId: "routes/public/liver-page" }, "profile"],
    ["a store's feed", { routeId: "feed-liver-sns" }, "feed"],
    ["the map", { routeId: "routes/public/gps" }, "map"],
    ["the terms", { routeId: "routes/info/terms" }, "info"],
    ["signed in", { signedIn: true }, null],
    ["an answer that sets a cookie", { setsCookie: true }, null],
    ["a 404", { status: 404 }, null],
    ["a render that failed (500)", { status: 500 }, null],
    ["a form's result (POST)", { method: "POST" }, null],
    ["a mypage", { routeId: "listener-mypage" }, null],
    ["the console", { routeId: "routes/admin/dashboard" }, null],
    ["a login page", { routeId: "listener-login" }, null],
    ["the contact form", { routeId: "routes/inquiry/contact" }, null],
    ["the live viewer", { routeId: "routes/public/live-page" }, null],
    ["the coupon's door screen", { routeId: "routes/public/coupon" }, null],
    ["an unknown page", { routeId: "routes/public/not-found" }, null],
    ["no match", { routeId: undefined }, null],
  ])("%s → %s", (_case, change, expected) => {
    expect(pageCacheClass({ ...signedOut, ...change })).toBe(expected);
  });

  it("names only routes that exist", () => {
    const ids = new Set(routeIds(routes as RouteConfigEntry[]));
    expect(Object.keys(PAGE_CACHE_CLASSES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(Object.keys(FRESHNESS) as CacheClass[])("%s: shared, kept by no browser", (kind) => {
    const header = sharedCacheControl(kind);
    expect(header).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(header).toContain(`s-maxage=${FRESHNESS[kind].sharedSeconds}`);
  });
});

describe("a navigation's data (app/entry.server.tsx handleDataRequest, ADR 0064)", () => {
  const answer = (status = 200, setCookie = false) =>
    new Response("data", { status, headers: setCookie ? { "Set-Cookie": "a=b" } : {} });
  const ask = (cookie?: string, method = "GET") =>
    new Request("http://localhost/search/staff.data", { method, headers: cookie ? { cookie } : {} });
  const args = (request: Request, routeId?: string) =>
    ({ request, routeId, params: {}, context: {} }) as Parameters<typeof handleDataRequest>[1];

  it.each<[string, Response, Request, string | undefined, string]>([
    ["a list's data, signed out", answer(), ask(), "routes/public/search-staff", sharedCacheControl("list")],
    ["the top page's data", answer(), ask(), "routes/public/home", sharedCacheControl("top")],
    ["signed in", answer(), ask("yoru.session_token=abc"), "routes/public/search-staff", "private, no-store"],
    ["a page not in the policy", answer(), ask(), "routes/listener/mypage-home", "private, no-store"],
    ["no route id (the development build)", answer(), ask(), undefined, "private, no-store"],
    ["a redirect (202)", answer(202), ask(), "routes/public/search-staff", "private, no-store"],
    ["an error", answer(404), ask(), "routes/public/search-staff", "private, no-store"],
    [
      "an answer that sets a cookie",
      answer(200, true),
      ask(),
      "routes/public/search-staff",
      "private, no-store",
    ],
  ])("%s", (_name, response, request, routeId, expected) => {
    const answered = handleDataRequest(response, args(request, routeId));
    expect(answered.headers.get("cache-control")).toBe(expected);
    expect(answered.headers.get("vary")).toBe(
      expected.startsWith("public") ? "Cookie, Accept-Encoding" : null,
    );
  });
});
