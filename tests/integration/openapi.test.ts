/**
 * The OpenAPI conformance test (ADR 0020): `/api/openapi.json` is generated from zod schemas
 * (app/.server/openapi), and here every documented operation is called for real — the route
 * modules of app/routes.ts with a real load context, demo data and signed-in sessions — and every
 * answer's status, media type and body are validated against the document with a JSON Schema
 * validator. A field the code answers that the document does not name, a missing field, a wrong
 * type or an undocumented status fails; so does an `/api` route that is neither documented nor
 * named in UNDOCUMENTED_API_ROUTES.
 */
import { createECDH, randomBytes } from "node:crypto";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { and, eq, ne, notInArray, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { favorites, listeners, livers, rooms, staffs } from "~/.server/db/schema";
import { createLivekitMedia } from "~/.server/integrations/live-media/livekit-media";
import { openApiDocument } from "~/.server/openapi/document";
import { API_PATHS, UNDOCUMENTED_API_ROUTES } from "~/.server/openapi/paths";
import { RealtimeHub } from "~/.server/realtime/hub";
import { notificationSource } from "~/.server/realtime/listeners";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "~/.server/seed/seed-database";
import { openRoom } from "~/.server/services/chat/open-room";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { endLive } from "~/.server/services/live/end-live";
import { joinLive } from "~/.server/services/live/join-live";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { postComment } from "~/.server/services/live/post-comment";
import { startLive } from "~/.server/services/live/start-live";
import { createNativePost } from "~/.server/services/posts/create-native-post";
import { businessDate } from "~/domain/shift-status";
import routes from "~/routes";
import { loader as configLoader } from "~/routes/api/config";
import { loader as openApiLoader } from "~/routes/api/openapi";
import { type FakeLivekit, startFakeLivekit } from "../../scripts/fakes/livekit";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { giveCoins } from "../support/money";
import { routeContext, sessionCookie } from "../support/routes";

/** A browser's push subscription (a real P-256 key) to a local endpoint. */
const PUSH_SUBSCRIPTION = {
  endpoint: "http://127.0.0.1:9/push/openapi",
  keys: {
    p256dh: createECDH("prime256v1").generateKeys().toString("base64url"),
    auth: randomBytes(16).toString("base64url"),
  },
};

const METHODS = ["get", "put", "post", "delete", "patch"] as const;
type Method = (typeof METHODS)[number];

/** Every route of app/routes.ts under `api/`, with its file. */
function apiRoutes(): { path: string; file: string }[] {
  const out: { path: string; file: string }[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.path?.startsWith("api/")) out.push({ path: entry.path, file: entry.file });
      if (entry.children) walk(entry.children);
    }
  };
  walk(routes as RouteConfigEntry[]);
  return out;
}

/** "api/livers/:id" and "/api/livers/{id}" → "/api/livers/{}" (parameter names do not matter). */
const shapeOfRoute = (routePath: string) => `/${routePath}`.replace(/:[A-Za-z_]+/g, "{}");
const shapeOfDocPath = (docPath: string) => docPath.replace(/\{[A-Za-z_]+\}/g, "{}");

/** The route that answers `pathname` (the literal one before one with a parameter) and its params. */
function matchRoute(pathname: string) {
  const candidates = apiRoutes()
    .filter((route) => !route.path.includes("*"))
    .flatMap((route) => {
      const names: string[] = [];
      const pattern = `^/${route.path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
        names.push(name);
        return "([^/]+)";
      })}$`;
      const match = new RegExp(pattern).exec(pathname);
      if (!match) return [];
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      return [{ ...route, params, dynamic: names.length }];
    })
    .sort((a, b) => a.dynamic - b.dynamic);
  return candidates[0];
}

interface Answer {
  status: number;
  mediaType: string;
  /** The body as a client reads it (JSON), or null for a stream. */
  body: unknown;
}

/** Calls the route module as React Router does: GET → loader, anything else → action. */
async function invoke(
  context: AppLoadContext,
  method: Method,
  url: string,
  {
    cookie,
    body,
    form,
    headers = {},
  }: { cookie?: string; body?: unknown; form?: FormData; headers?: Record<string, string> },
): Promise<{ answer: Answer; docPath: string }> {
  const target = new URL(url, "http://localhost:3999");
  const route = matchRoute(target.pathname);
  if (!route) throw new Error(`no route answers ${target.pathname}`);
  const docPath = Object.keys(API_PATHS).find((p) => shapeOfDocPath(p) === shapeOfRoute(route.path));
  if (!docPath) throw new Error(`${route.path} is not in the document`);
  const abort = new AbortController();
  const request = new Request(target, {
    method: method.toUpperCase(),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    // A multipart form sets its own content type (with the boundary).
    body: form ?? (body !== undefined ? JSON.stringify(body) : undefined),
    signal: abort.signal,
  });
  const module = (await import(path.resolve("app", route.file))) as Record<string, unknown>;
  const fn = (method === "get" ? module.loader : module.action) as
    | ((args: { request: Request; context: AppLoadContext; params: Record<string, string> }) => unknown)
    | undefined;
  if (!fn) throw new Error(`${route.file} has no ${method === "get" ? "loader" : "action"}`);
  const value = await fn({ request, context, params: route.params });
  let answer: Answer;
  if (value instanceof Response) {
    const mediaType = (value.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (value.status === 204 || value.status === 304) {
      answer = { status: value.status, mediaType: "", body: null };
    } else if (mediaType === "text/event-stream") {
      await value.body?.cancel();
      abort.abort();
      answer = { status: value.status, mediaType, body: null };
    } else answer = { status: value.status, mediaType, body: await value.json() };
  } else if (
    value &&
    typeof value === "object" &&
    (value as { type?: string }).type === "DataWithResponseInit"
  ) {
    // A `data()` answer: React Router sends it as JSON.
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    answer = {
      status: init?.status ?? 200,
      mediaType: "application/json",
      body: JSON.parse(JSON.stringify(data)),
    };
  } else {
    answer = { status: 200, mediaType: "application/json", body: JSON.parse(JSON.stringify(value)) };
  }
  return { answer, docPath };
}

/** A JSON Pointer segment. */
const pointer = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

function validatorOf(document: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");
  return ajv;
}

interface Fixture {
  context: AppLoadContext;
  cookies: Record<"listener" | "liver" | "staff", string>;
  store: { uid: string; slug: string };
  staff: { uid: string; slug: string };
  /** A publicly listed staff member of another store. */
  otherStaff: { uid: string };
  /** The demo listener's follow of the demo store (to unfollow). */
  favoriteId: string;
  today: string;
  /** Native posts of the demo staff member: one to edit, one to delete. */
  postId: string;
  deletablePostId: string;
  /** The room of the demo listener and the demo staff member. */
  roomId: string;
  /** Lives (ADR 0031): the demo staff member's live on now, the demo store's ended one. */
  live: {
    id: string;
    endedId: string;
    commentId: string;
    commenterId: string;
    /** Admits a new viewer now (a viewer silent for 40 s is forgotten: admitted in `beforeAll`, one
     * could be gone by its case on a slow machine). */
    admit: () => Promise<string>;
  };
  /** The ETag of `GET /api/config` now (its 304). */
  configEtag: string;
  /** What the running case's `prepare` made. */
  prepared?: Record<string, string>;
}

interface Case {
  name: string;
  method: Method;
  url: (f: Fixture) => string;
  as?: keyof Fixture["cookies"];
  body?: (f: Fixture) => unknown;
  /** A multipart body instead of JSON. */
  form?: () => Promise<FormData>;
  headers?: (f: Fixture) => Record<string, string>;
  /** Run just before the call (state that must be fresh, such as a viewer place). */
  prepare?: (f: Fixture) => Promise<Record<string, string>>;
  status: number;
}

const get = (name: string, url: Case["url"], status: number, as?: Case["as"]): Case => ({
  name,
  method: "get",
  url,
  status,
  as,
});

const range = (f: Fixture) => `start=${f.today}&end=${f.today}`;

const CASES: Case[] = [
  get("health", () => "/api/health", 200),
  get("area tree", () => "/api/areas", 200),
  get("options", () => "/api/options", 200),
  get("postal code", () => "/api/postal-codes/104-0061", 200),
  get("postal code, not 7 digits", () => "/api/postal-codes/12", 400),
  get("postal code without an address", () => "/api/postal-codes/0000000", 404),
  get("banks most used", () => "/api/banks", 200),
  get("banks by reading", () => "/api/banks?q=%E3%81%BF%E3%81%9A%E3%81%BB&limit=5", 200),
  get("banks, limit out of range", () => "/api/banks?limit=0", 400),
  get("a bank's branches", () => "/api/banks/0001/branches?q=001", 200),
  get("branches of an unknown bank", () => "/api/banks/0002/branches", 404),
  get("branches, bank code not 4 digits", () => "/api/banks/1/branches", 400),
  get("stations near a position", () => "/api/stations?lat=35.6938&lng=139.7013", 200),
  get("stations by name", () => "/api/stations?q=%E6%96%B0%E5%AE%BF&limit=3", 200),
  get("stations, nothing asked", () => "/api/stations", 400),
  get("challenge", () => "/api/challenge", 200),

  get("stores", () => "/api/livers?pageSize=100", 200),
  get("stores, signed in", () => "/api/livers?pageSize=100", 200, "listener"),
  get("stores, unknown store type", () => "/api/livers?store_type=nope", 400),
  get("stores nearby", () => "/api/livers/nearby?lat=35.6938&lng=139.7034&radius=50000&pageSize=100", 200),
  get("stores nearby, signed in", () => "/api/livers/nearby?lat=35.6938&lng=139.7034", 200, "listener"),
  get("stores nearby, latitude out of range", () => "/api/livers/nearby?lat=91&lng=139.7", 400),
  get("stores nearby, no position", () => "/api/livers/nearby", 400),
  get("a store", (f) => `/api/livers/${f.store.uid}`, 200),
  get("a store, signed in", (f) => `/api/livers/${f.store.uid}`, 200, "listener"),
  get("an unknown store", () => "/api/livers/no-such-store", 404),
  get("a store by slug", (f) => `/api/livers/slug/${f.store.slug}`, 200),
  get("an unknown slug", () => "/api/livers/slug/no-such-store", 404),
  get("a store's staff", (f) => `/api/livers/${f.store.uid}/staffs?pageSize=100`, 200),
  get("a store's staff, bad page", (f) => `/api/livers/${f.store.uid}/staffs?page=x`, 400),
  get("an unknown store's staff", () => "/api/livers/no-such-store/staffs", 404),
  get(
    "a store's estimated bill",
    (f) =>
      `/api/livers/${f.store.uid}/estimate?people=2&sets=2&extensions=1&set=0&first_visit=true&nomination=true`,
    200,
  ),
  get("an estimate for 0 people", (f) => `/api/livers/${f.store.uid}/estimate?people=0`, 400),
  get("an unknown store's estimate", () => "/api/livers/no-such-store/estimate", 404),

  get("staff", () => "/api/staffs?pageSize=100", 200),
  get("staff by matching, signed in", () => "/api/staffs?sort=matching&pageSize=100", 200, "listener"),
  get("staff, unknown blood type", () => "/api/staffs?bloodTypes=Z", 400),
  get("top staff", () => "/api/staffs/top", 200),
  get("a staff member", (f) => `/api/staffs/${f.staff.uid}`, 200),
  get("a staff member, signed in", (f) => `/api/staffs/${f.staff.uid}`, 200, "listener"),
  get("an unknown staff member", () => "/api/staffs/no-such-staff", 404),
  get("a staff member by slug", (f) => `/api/staffs/slug/${f.staff.slug}`, 200),
  get("an unknown staff slug", () => "/api/staffs/slug/no-such-staff", 404),
  get("shifts", (f) => `/api/staffs/${f.staff.uid}/schedules?${range(f)}`, 200),
  get("shifts without a range", (f) => `/api/staffs/${f.staff.uid}/schedules`, 400),
  get("shifts of an unknown staff member", (f) => `/api/staffs/no-such-staff/schedules?${range(f)}`, 404),

  get("posts", () => "/api/posts?pageSize=100", 200),
  get("posts by matching, signed in", () => "/api/posts?sort=matching&pageSize=100", 200, "listener"),
  get("posts by popularity of a store", (f) => `/api/posts?sort=popular&liverId=${f.store.uid}`, 200),
  get("posts of followed accounts", () => "/api/posts?following=true", 200, "listener"),
  get("posts of followed accounts, signed out", () => "/api/posts?following=true", 401),
  get("posts of followed accounts, a store", () => "/api/posts?following=true", 403, "liver"),
  get("posts, unknown source", () => "/api/posts?source=myspace", 400),
  get("post map", () => "/api/posts/map?bbox=122,24,154,46&zoom=5", 200),
  get(
    "post map of one source",
    () => "/api/posts/map?bbox=139.6,35.6,139.8,35.8&zoom=14&source=instagram",
    200,
  ),
  get("post map, bad box", () => "/api/posts/map?bbox=1,2,3", 400),
  get(
    "own staff's shifts (store)",
    (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`,
    200,
    "liver",
  ),
  get("own shifts (staff)", (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`, 200, "staff"),
  get(
    "own staff's shifts, bad range",
    (f) => `/api/liver/staff/${f.staff.uid}/schedules?start=x`,
    400,
    "liver",
  ),
  get("own staff's shifts, signed out", (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`, 401),
  get(
    "own staff's shifts, a listener",
    (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`,
    403,
    "listener",
  ),
  get(
    "another store's staff's shifts",
    (f) => `/api/liver/staff/${f.otherStaff.uid}/schedules?${range(f)}`,
    404,
    "liver",
  ),
  {
    name: "replace shifts",
    method: "put",
    url: (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`,
    as: "liver",
    body: (f) => ({ items: [{ date: f.today, start_time: "20:00", end_time: "23:00" }] }),
    status: 200,
  },
  {
    name: "replace shifts, not a list",
    method: "put",
    url: (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`,
    as: "liver",
    body: () => ({ items: "no" }),
    status: 400,
  },
  {
    name: "replace shifts, signed out",
    method: "put",
    url: (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`,
    body: () => ({ items: [] }),
    status: 401,
  },
  {
    name: "replace shifts, a listener",
    method: "put",
    url: (f) => `/api/liver/staff/${f.staff.uid}/schedules?${range(f)}`,
    as: "listener",
    body: () => ({ items: [] }),
    status: 403,
  },
  {
    name: "replace another store's staff's shifts",
    method: "put",
    url: (f) => `/api/liver/staff/${f.otherStaff.uid}/schedules?${range(f)}`,
    as: "liver",
    body: () => ({ items: [] }),
    status: 404,
  },

  get("me, signed out", () => "/api/me", 401),
  get("me, listener", () => "/api/me", 200, "listener"),
  get("me, store", () => "/api/me", 200, "liver"),
  get("me, staff", () => "/api/me", 200, "staff"),
  get("events, signed out", () => "/api/me/events", 401),
  get("events", () => "/api/me/events?last_event_id=0", 200, "staff"),
  get("events, bad resume point", () => "/api/me/events?last_event_id=abc", 400, "staff"),

  get("follows, signed out", () => "/api/favorites", 401),
  get("follows, a store", () => "/api/favorites", 403, "liver"),
  get("follows", () => "/api/favorites?pageSize=100", 200, "listener"),
  get("follows of staff", () => "/api/favorites?kind=staff", 200, "listener"),
  get("follows, unknown kind", () => "/api/favorites?kind=x", 400, "listener"),
  {
    name: "follow",
    method: "post",
    url: () => "/api/favorites",
    as: "listener",
    body: (f) => ({ staff_id: f.otherStaff.uid }),
    status: 201,
  },
  {
    name: "follow again",
    method: "post",
    url: () => "/api/favorites",
    as: "listener",
    body: (f) => ({ staff_id: f.otherStaff.uid }),
    status: 200,
  },
  {
    name: "follow nobody",
    method: "post",
    url: () => "/api/favorites",
    as: "listener",
    body: () => ({}),
    status: 400,
  },
  {
    name: "follow, signed out",
    method: "post",
    url: () => "/api/favorites",
    body: (f) => ({ staff_id: f.staff.uid }),
    status: 401,
  },
  {
    name: "follow, a store",
    method: "post",
    url: () => "/api/favorites",
    as: "liver",
    body: (f) => ({ staff_id: f.staff.uid }),
    status: 403,
  },
  {
    name: "follow an unknown staff member",
    method: "post",
    url: () => "/api/favorites",
    as: "listener",
    body: () => ({ staff_id: "no-such-staff" }),
    status: 404,
  },
  {
    name: "unfollow",
    method: "delete",
    url: (f) => `/api/favorites/${f.favoriteId}`,
    as: "listener",
    status: 200,
  },
  {
    name: "unfollow again",
    method: "delete",
    url: (f) => `/api/favorites/${f.favoriteId}`,
    as: "listener",
    status: 404,
  },
  {
    name: "unfollow, signed out",
    method: "delete",
    url: (f) => `/api/favorites/${f.favoriteId}`,
    status: 401,
  },
  {
    name: "unfollow, a store",
    method: "delete",
    url: (f) => `/api/favorites/${f.favoriteId}`,
    as: "liver",
    status: 403,
  },

  get("rooms", () => "/api/listeners/rooms", 200, "listener"),
  get("rooms of a staff member", () => "/api/listeners/rooms", 200, "staff"),
  get("rooms, bad page", () => "/api/listeners/rooms?page=0", 400, "listener"),
  get("rooms, signed out", () => "/api/listeners/rooms", 401),
  get("rooms, a store", () => "/api/listeners/rooms", 403, "liver"),

  ...roomCases(),
  ...postCases(),
  ...moneyCases(),
  ...liveCases(),

  // In-app notifications (ADR 0044): the demo accounts' lists and read marks.
  get("notifications", () => "/api/notifications?limit=5", 200, "listener"),
  get("notifications of a staff member", () => "/api/notifications", 200, "staff"),
  get("notifications, unknown before", () => "/api/notifications?before=nope", 400, "liver"),
  get("notifications, signed out", () => "/api/notifications", 401),
  {
    name: "mark all read",
    method: "post",
    url: () => "/api/notifications/read",
    as: "listener",
    body: () => ({ all: true }),
    status: 200,
  },
  {
    name: "mark read, no ids",
    method: "post",
    url: () => "/api/notifications/read",
    as: "staff",
    body: () => ({ ids: [] }),
    status: 400,
  },
  {
    name: "mark read, signed out",
    method: "post",
    url: () => "/api/notifications/read",
    body: () => ({ all: true }),
    status: 401,
  },

  // Web push (ADR 0045): this device's subscription (a local endpoint: not production).
  {
    name: "push on",
    method: "post",
    url: () => "/api/push/subscriptions",
    as: "listener",
    body: () => PUSH_SUBSCRIPTION,
    status: 201,
  },
  {
    name: "push on, a short key",
    method: "post",
    url: () => "/api/push/subscriptions",
    as: "staff",
    body: () => ({ ...PUSH_SUBSCRIPTION, keys: { ...PUSH_SUBSCRIPTION.keys, auth: "AAAA" } }),
    status: 400,
  },
  {
    name: "push on, signed out",
    method: "post",
    url: () => "/api/push/subscriptions",
    body: () => PUSH_SUBSCRIPTION,
    status: 401,
  },
  {
    name: "push off",
    method: "delete",
    url: () => "/api/push/subscriptions",
    as: "listener",
    body: () => ({ endpoint: PUSH_SUBSCRIPTION.endpoint }),
    status: 200,
  },
  {
    name: "push off, no endpoint",
    method: "delete",
    url: () => "/api/push/subscriptions",
    as: "liver",
    body: () => ({}),
    status: 400,
  },
  {
    name: "push off, signed out",
    method: "delete",
    url: () => "/api/push/subscriptions",
    body: () => ({ endpoint: PUSH_SUBSCRIPTION.endpoint }),
    status: 401,
  },

  // Remote configuration (ADR 0033): the body, and a 304 for the body held.
  get("remote configuration", () => "/api/config", 200),
  get("remote configuration, signed in", () => "/api/config", 200, "liver"),
  {
    ...get("remote configuration, not modified", () => "/api/config", 304),
    headers: (f) => ({ "If-None-Match": f.configEtag }),
  },
];

/** Live streaming (ADR 0031); the media endpoint in LiveKit mode (the fake). */
/** Gifts and the payment webhook (ADR 0032); before liveCases, which ends the live. */
function moneyCases(): Case[] {
  const gift =
    (fields: Record<string, unknown> = {}) =>
    (f: Fixture) => ({
      item_id: "rose",
      quantity: 1,
      staff_id: f.staff.uid,
      live_id: f.live.id,
      idempotency_key: "openapi-gift-0001",
      ...fields,
    });
  const post = (name: string, status: number, as: Case["as"], body: Case["body"]): Case => ({
    name,
    method: "post",
    url: () => "/api/gifts",
    as,
    body,
    status,
  });
  return [
    post("gift in a live", 201, "listener", gift()),
    post("the same gift again", 200, "listener", gift()),
    post("the same key, other parameters", 409, "listener", gift({ quantity: 2 })),
    post("gift none", 400, "listener", gift({ quantity: 0, idempotency_key: "openapi-gift-0002" })),
    post(
      "gift to nobody",
      404,
      "listener",
      gift({ staff_id: "no-such-staff", idempotency_key: "openapi-gift-0003" }),
    ),
    post("gift in a blocked chat room (the chat cases blocked it)", 403, "listener", (f) => ({
      item_id: "rose",
      quantity: 1,
      room_id: f.roomId,
      idempotency_key: "openapi-gift-room-0001",
    })),
    post("gift in a room that is not the listener's", 404, "listener", () => ({
      item_id: "rose",
      quantity: 1,
      room_id: "no-such-room",
      idempotency_key: "openapi-gift-room-0002",
    })),
    post(
      "gift bought with coins (ADR 0043)",
      201,
      "listener",
      gift({ item_id: "cocktail", pay_with_coins: true, idempotency_key: "openapi-gift-coins-0001" }),
    ),
    post(
      "gift with coins the listener does not have",
      400,
      "listener",
      gift({ item_id: "tower", pay_with_coins: true, idempotency_key: "openapi-gift-coins-0002" }),
    ),
    post("gift, signed out", 401, undefined, gift()),
    post("gift, a store", 403, "liver", gift()),
    {
      name: "payment webhook without a signature",
      method: "post",
      url: () => "/api/payments/webhook",
      body: () => ({ id: "evt_1", type: "checkout.session.completed" }),
      status: 400,
    },
  ];
}

function liveCases(): Case[] {
  const live = (f: Fixture) => `/api/lives/${f.live.id}`;
  const call = (
    method: Method,
    name: string,
    url: Case["url"],
    status: number,
    as?: Case["as"],
    body?: Case["body"],
  ): Case => ({ name, method, url, as, body, status });
  const post = (name: string, url: Case["url"], status: number, as?: Case["as"], body?: Case["body"]) =>
    call("post", name, url, status, as, body);
  const comment = (f: Fixture) => `${live(f)}/comments/${f.live.commentId}`;
  return [
    get("lives on now", () => "/api/lives", 200),
    get("past lives", () => "/api/lives?status=ended&pageSize=5", 200),
    get("lives, unknown status", () => "/api/lives?status=paused", 400),
    post(
      "go live (store)",
      () => "/api/lives",
      201,
      "liver",
      () => ({ title: "お店から配信" }),
    ),
    post(
      "go live again (store)",
      () => "/api/lives",
      200,
      "liver",
      () => ({ title: "もう一度" }),
    ),
    post(
      "go live without a title",
      () => "/api/lives",
      400,
      "staff",
      () => ({ title: "" }),
    ),
    post(
      "go live, signed out",
      () => "/api/lives",
      401,
      undefined,
      () => ({ title: "x" }),
    ),
    post(
      "go live, a listener",
      () => "/api/lives",
      403,
      "listener",
      () => ({ title: "x" }),
    ),
    get("a live", (f) => live(f), 200),
    get("an unknown live", () => "/api/lives/no-such-live", 404),
    post("heartbeat", (f) => `${live(f)}/heartbeat`, 200, "staff"),
    post("heartbeat, signed out", (f) => `${live(f)}/heartbeat`, 401),
    post("heartbeat, a listener", (f) => `${live(f)}/heartbeat`, 403, "listener"),
    post("heartbeat of an unknown live", () => "/api/lives/no-such-live/heartbeat", 404, "staff"),
    post(
      "comment",
      (f) => `${live(f)}/comments`,
      201,
      "listener",
      () => ({ body: "こんばんは！" }),
    ),
    post(
      "comment again within 2 s",
      (f) => `${live(f)}/comments`,
      429,
      "listener",
      () => ({ body: "もう一回" }),
    ),
    post(
      "comment a phone number",
      (f) => `${live(f)}/comments`,
      400,
      "listener",
      () => ({ body: "090-1234-5678" }),
    ),
    post(
      "comment, signed out",
      (f) => `${live(f)}/comments`,
      401,
      undefined,
      () => ({ body: "x" }),
    ),
    post(
      "comment as the broadcaster (ADR 0043)",
      (f) => `${live(f)}/comments`,
      201,
      "staff",
      () => ({ body: "来てくれてありがとう" }),
    ),
    post(
      "comment in a staff member's live as her store",
      (f) => `${live(f)}/comments`,
      404,
      "liver",
      () => ({ body: "x" }),
    ),
    get("ranking", (f) => `${live(f)}/ranking`, 200),
    get("ranking of an unknown live", () => "/api/lives/no-such-live/ranking", 404),
    call(
      "put",
      "pin a comment",
      (f) => `${live(f)}/pin`,
      200,
      "staff",
      (f) => ({ comment_id: f.live.commentId }),
    ),
    call(
      "put",
      "pin nothing",
      (f) => `${live(f)}/pin`,
      400,
      "staff",
      () => ({}),
    ),
    call(
      "put",
      "pin, signed out",
      (f) => `${live(f)}/pin`,
      401,
      undefined,
      () => ({ comment_id: "x" }),
    ),
    call(
      "put",
      "pin, a listener",
      (f) => `${live(f)}/pin`,
      403,
      "listener",
      () => ({ comment_id: "x" }),
    ),
    call(
      "put",
      "pin an unknown comment",
      (f) => `${live(f)}/pin`,
      404,
      "staff",
      () => ({ comment_id: "nope" }),
    ),
    call("delete", "unpin", (f) => `${live(f)}/pin`, 200, "staff"),
    call("delete", "unpin in a live that is over", (f) => `/api/lives/${f.live.endedId}/pin`, 400, "liver"),
    call("delete", "unpin, signed out", (f) => `${live(f)}/pin`, 401),
    call("delete", "unpin, a listener", (f) => `${live(f)}/pin`, 403, "listener"),
    call("delete", "unpin in an unknown live", () => "/api/lives/no-such-live/pin", 404, "staff"),
    get("summary (the broadcaster)", (f) => `${live(f)}/summary`, 200, "staff"),
    get("summary, signed out", (f) => `${live(f)}/summary`, 401),
    get("summary, a listener", (f) => `${live(f)}/summary`, 403, "listener"),
    get("summary of an unknown live", () => "/api/lives/no-such-live/summary", 404, "liver"),
    get("own fan level", (f) => `/api/fans?staff_id=${f.staff.uid}`, 200, "listener"),
    get("own fan level of nobody named", () => "/api/fans", 400, "listener"),
    get("own fan level, signed out", (f) => `/api/fans?staff_id=${f.staff.uid}`, 401),
    get("own fan level, a staff member", (f) => `/api/fans?staff_id=${f.staff.uid}`, 403, "staff"),
    get("own fan level of an unknown staff member", () => "/api/fans?staff_id=nobody", 404, "listener"),
    post(
      "comment in an unknown live",
      () => "/api/lives/no-such-live/comments",
      404,
      "listener",
      () => ({ body: "x" }),
    ),
    post(
      "report a comment",
      (f) => `${comment(f)}/report`,
      201,
      "listener",
      () => ({ reason: "しつこい" }),
    ),
    post(
      "report it again",
      (f) => `${comment(f)}/report`,
      200,
      "listener",
      () => ({ reason: "しつこい" }),
    ),
    post(
      "report without a reason",
      (f) => `${comment(f)}/report`,
      400,
      "listener",
      () => ({ reason: "" }),
    ),
    post(
      "report, signed out",
      (f) => `${comment(f)}/report`,
      401,
      undefined,
      () => ({ reason: "x" }),
    ),
    post(
      "report, a staff member",
      (f) => `${comment(f)}/report`,
      403,
      "staff",
      () => ({ reason: "x" }),
    ),
    post(
      "report an unknown comment",
      (f) => `${live(f)}/comments/nope/report`,
      404,
      "listener",
      () => ({ reason: "x" }),
    ),
    call("delete", "delete a comment", comment, 200, "staff"),
    call("delete", "delete a comment, signed out", comment, 401),
    call("delete", "delete a comment, a listener", comment, 403, "listener"),
    call("delete", "delete an unknown comment", (f) => `${live(f)}/comments/nope`, 404, "staff"),
    post(
      "block",
      (f) => `${live(f)}/blocks`,
      201,
      "staff",
      (f) => ({ listener_id: f.live.commenterId }),
    ),
    post(
      "block again",
      (f) => `${live(f)}/blocks`,
      200,
      "staff",
      (f) => ({ listener_id: f.live.commenterId }),
    ),
    post(
      "block nobody",
      (f) => `${live(f)}/blocks`,
      400,
      "staff",
      () => ({}),
    ),
    post(
      "block, signed out",
      (f) => `${live(f)}/blocks`,
      401,
      undefined,
      () => ({ listener_id: "x" }),
    ),
    post(
      "block, a listener",
      (f) => `${live(f)}/blocks`,
      403,
      "listener",
      () => ({ listener_id: "x" }),
    ),
    post(
      "block a stranger",
      (f) => `${live(f)}/blocks`,
      404,
      "staff",
      () => ({ listener_id: "nobody" }),
    ),
    post("start watching", (f) => `${live(f)}/viewers`, 201),
    post("start watching an ended live", (f) => `/api/lives/${f.live.endedId}/viewers`, 400),
    post("start watching an unknown live", () => "/api/lives/no-such-live/viewers", 404),
    {
      ...call(
        "put",
        "still watching",
        (f) => `${live(f)}/viewers/${f.prepared?.viewerId}`,
        200,
        undefined,
        () => ({
          visible: true,
        }),
      ),
      prepare: async (f) => ({ viewerId: await f.live.admit() }),
    },
    call("put", "still watching, unknown viewer", (f) => `${live(f)}/viewers/nobody`, 404),
    {
      ...call("delete", "stop watching", (f) => `${live(f)}/viewers/${f.prepared?.viewerId}`, 200),
      prepare: async (f) => ({ viewerId: await f.live.admit() }),
    },
    post(
      "publish (LiveKit)",
      (f) => `${live(f)}/media`,
      201,
      "staff",
      () => ({ role: "publish" }),
    ),
    post(
      "subscribe, unknown viewer",
      (f) => `${live(f)}/media`,
      400,
      undefined,
      () => ({ role: "subscribe", viewer_id: "x" }),
    ),
    post(
      "publish, signed out",
      (f) => `${live(f)}/media`,
      401,
      undefined,
      () => ({ role: "publish" }),
    ),
    post(
      "publish, a listener",
      (f) => `${live(f)}/media`,
      403,
      "listener",
      () => ({ role: "publish" }),
    ),
    post(
      "publish to a staff member's live, the store",
      (f) => `${live(f)}/media`,
      404,
      "liver",
      () => ({ role: "publish" }),
    ),
    get("a live's stream", (f) => `${live(f)}/events`, 200),
    get("a live's stream, bad resume point", (f) => `${live(f)}/events?last_event_id=abc`, 400),
    get("an unknown live's stream", () => "/api/lives/no-such-live/events", 404),
    post(
      "LiveKit webhook without a signature",
      () => "/api/livekit/webhook",
      401,
      undefined,
      () => ({ event: "room_finished" }),
    ),
    post("end, signed out", (f) => `${live(f)}/end`, 401),
    post("end, a listener", (f) => `${live(f)}/end`, 403, "listener"),
    post("end an unknown live", () => "/api/lives/no-such-live/end", 404, "staff"),
    post("end", (f) => `${live(f)}/end`, 200, "staff"),
  ];
}

/** Chat (ADR 0029): open a room, messages, read, report, the stream, block. */
function roomCases(): Case[] {
  const room = (f: Fixture) => `/api/rooms/${f.roomId}`;
  const post = (
    name: string,
    url: Case["url"],
    status: number,
    as?: Case["as"],
    body?: Case["body"],
  ): Case => ({ name, method: "post", url, as, body, status });
  const open = (name: string, status: number, as: Case["as"], body: Case["body"]) =>
    post(name, () => "/api/rooms", status, as, body);
  return [
    open("open a room", 201, "listener", (f) => ({ staff_id: f.otherStaff.uid })),
    open("open a room again", 200, "listener", (f) => ({ staff_id: f.staff.uid })),
    open("open a room with nobody", 400, "listener", () => ({})),
    open("open a room, signed out", 401, undefined, (f) => ({ staff_id: f.staff.uid })),
    open("open a room, a staff member", 403, "staff", (f) => ({ staff_id: f.otherStaff.uid })),
    open("open a room, a store", 403, "liver", (f) => ({ staff_id: f.staff.uid })),
    open("open a room with an unknown staff member", 404, "listener", () => ({ staff_id: "no-such-staff" })),
    get("a room's messages", (f) => `${room(f)}/messages?limit=5`, 200, "listener"),
    get("a room's messages, the staff member", (f) => `${room(f)}/messages`, 200, "staff"),
    get("a room's messages before an unknown one", (f) => `${room(f)}/messages?before=nope`, 400, "listener"),
    get("a room's messages, signed out", (f) => `${room(f)}/messages`, 401),
    get("a room's messages, a store", (f) => `${room(f)}/messages`, 404, "liver"),
    post("typing", (f) => `${room(f)}/typing`, 200, "staff"),
    post("typing, signed out", (f) => `${room(f)}/typing`, 401),
    post("typing, a store", (f) => `${room(f)}/typing`, 404, "liver"),
    post(
      "send",
      (f) => `${room(f)}/messages`,
      201,
      "listener",
      () => ({ body: "今夜行きます" }),
    ),
    post(
      "answer",
      (f) => `${room(f)}/messages`,
      201,
      "staff",
      () => ({ body: "お待ちしてます！" }),
    ),
    post(
      "send a phone number",
      (f) => `${room(f)}/messages`,
      400,
      "listener",
      () => ({
        body: "０９０ー１２３４ー５６７８に電話して",
      }),
    ),
    post(
      "send, signed out",
      (f) => `${room(f)}/messages`,
      401,
      undefined,
      () => ({ body: "やあ" }),
    ),
    post(
      "send, a store",
      (f) => `${room(f)}/messages`,
      404,
      "liver",
      () => ({ body: "やあ" }),
    ),
    post("read", (f) => `${room(f)}/read`, 200, "staff"),
    post("read, signed out", (f) => `${room(f)}/read`, 401),
    post("read, a store", (f) => `${room(f)}/read`, 404, "liver"),
    post(
      "report",
      (f) => `${room(f)}/report`,
      201,
      "listener",
      () => ({ reason: "しつこい勧誘" }),
    ),
    post(
      "report without a reason",
      (f) => `${room(f)}/report`,
      400,
      "listener",
      () => ({ reason: " " }),
    ),
    post(
      "report, signed out",
      (f) => `${room(f)}/report`,
      401,
      undefined,
      () => ({ reason: "x" }),
    ),
    post(
      "report, a store",
      (f) => `${room(f)}/report`,
      404,
      "liver",
      () => ({ reason: "x" }),
    ),
    get("a room's events", (f) => `${room(f)}/events`, 200, "listener"),
    get("a room's events from the start", (f) => `${room(f)}/events?last_event_id=0`, 200, "staff"),
    get("a room's events, bad resume point", (f) => `${room(f)}/events?last_event_id=x`, 400, "staff"),
    get("a room's events, signed out", (f) => `${room(f)}/events`, 401),
    get("a room's events, a store", (f) => `${room(f)}/events`, 404, "liver"),
    post("block", (f) => `${room(f)}/block`, 200, "listener"),
    post("block, signed out", (f) => `${room(f)}/block`, 401),
    post("block, a store", (f) => `${room(f)}/block`, 404, "liver"),
    post(
      "send after a block",
      (f) => `${room(f)}/messages`,
      403,
      "staff",
      () => ({ body: "まだいる？" }),
    ),
  ];
}

/** Native posts (ADR 0024): write, edit, delete. */
function postCases(): Case[] {
  const form = (fields: Record<string, string | File>) => async () => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.append(name, value);
    return data;
  };
  const picture = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40, b: 90 } } })
      .png()
      .toBuffer();
  const post = (
    name: string,
    status: number,
    as?: Case["as"],
    fields: Case["form"] = form({ caption: "テスト投稿" }),
  ): Case => ({
    name,
    method: "post",
    url: () => "/api/posts",
    as,
    form: fields,
    status,
  });
  const edit = (
    name: string,
    id: (f: Fixture) => string,
    status: number,
    as?: Case["as"],
    caption = "編集後",
  ): Case => ({
    name,
    method: "patch",
    url: (f) => `/api/posts/${id(f)}`,
    as,
    body: () => ({ caption }),
    status,
  });
  const remove = (name: string, id: (f: Fixture) => string, status: number, as?: Case["as"]): Case => ({
    name,
    method: "delete",
    url: (f) => `/api/posts/${id(f)}`,
    as,
    status,
  });
  return [
    post("a text post", 201, "staff"),
    {
      ...post("a picture post of the store", 201, "liver"),
      form: async () => {
        const data = new FormData();
        data.append("caption", "店内");
        data.append("images", new File([await picture()], "shop.png", { type: "image/png" }));
        return data;
      },
    },
    post(
      "a fake video",
      400,
      "staff",
      form({ video: new File(["not a video"], "a.mp4", { type: "video/mp4" }) }),
    ),
    post("a post, signed out", 401),
    post("a post, a listener", 403, "listener"),
    edit("edit a caption", (f) => f.postId, 200, "staff"),
    edit("edit a caption, too long", (f) => f.postId, 400, "staff", "あ".repeat(2201)),
    edit("edit a caption, signed out", (f) => f.postId, 401),
    edit("edit a caption, a listener", (f) => f.postId, 403, "listener"),
    edit("edit a staff member's caption, her store", (f) => f.postId, 404, "liver"),
    remove("delete a post, signed out", (f) => f.deletablePostId, 401),
    remove("delete a post, a listener", (f) => f.deletablePostId, 403, "listener"),
    remove("delete an unknown post", () => "no-such-post", 404, "staff"),
    remove("delete a staff member's post, her store", (f) => f.deletablePostId, 204, "liver"),
  ];
}

describe("the OpenAPI document", () => {
  const document = openApiDocument("http://localhost:3999");

  it("describes every /api route of app/routes.ts, or names why not", () => {
    const documented = new Set(Object.keys(document.paths ?? {}).map(shapeOfDocPath));
    const missing = apiRoutes()
      .filter((route) => !(route.path in UNDOCUMENTED_API_ROUTES))
      .filter((route) => !documented.has(shapeOfRoute(route.path)))
      .map((route) => route.path);
    expect(missing, "api routes neither documented nor in UNDOCUMENTED_API_ROUTES").toEqual([]);
    const routePaths = new Set(apiRoutes().map((route) => route.path));
    expect(Object.keys(UNDOCUMENTED_API_ROUTES).filter((p) => !routePaths.has(p))).toEqual([]);
    // …and documents nothing that no route answers.
    const routed = new Set(apiRoutes().map((route) => shapeOfRoute(route.path)));
    expect(Object.keys(document.paths ?? {}).filter((p) => !routed.has(shapeOfDocPath(p)))).toEqual([]);
  });

  it("is generated from the zod registry and served as it is", async () => {
    expect(document.paths && Object.keys(document.paths)).toEqual(Object.keys(API_PATHS));
    const { context } = routeContext(null as never);
    const served = openApiLoader({ context } as never) as { data: unknown };
    expect(JSON.parse(JSON.stringify(served.data))).toEqual(JSON.parse(JSON.stringify(document)));
    // Every response schema compiles (a broken one would make the test below vacuous).
    const ajv = validatorOf(document);
    for (const [docPath, item] of Object.entries(document.paths ?? {}))
      for (const method of METHODS)
        for (const [status, response] of Object.entries(item[method]?.responses ?? {}))
          for (const mediaType of Object.keys((response as { content?: object }).content ?? {}))
            expect(
              ajv.getSchema(
                `openapi#/paths/${pointer(docPath)}/${method}/responses/${status}/content/${pointer(mediaType)}/schema`,
              ),
              `${method} ${docPath} ${status}`,
            ).toBeTypeOf("function");
  });

  it("has a call below for every documented operation and every answer it documents", () => {
    const called = new Set(
      CASES.map((c) => {
        const route = matchRoute(new URL(c.url(PLACEHOLDER), "http://x").pathname);
        const docPath = Object.keys(API_PATHS).find(
          (p) => route && shapeOfDocPath(p) === shapeOfRoute(route.path),
        );
        return `${c.method} ${docPath} ${c.status}`;
      }),
    );
    const answers = Object.entries(document.paths ?? {}).flatMap(([docPath, item]) =>
      METHODS.flatMap((m) =>
        Object.keys(item[m]?.responses ?? {}).map((status) => `${m} ${docPath} ${status}`),
      ),
    );
    expect(answers.filter((answer) => !called.has(answer) && !(answer in NOT_CALLED))).toEqual([]);
    expect(Object.keys(NOT_CALLED).filter((answer) => !answers.includes(answer))).toEqual([]);
  });
});

/** Documented answers the table above does not provoke, and why. */
const NOT_CALLED: Record<string, string> = {
  "get /api/notifications 403": "only an operator is refused; the table signs in no operator",
  "post /api/notifications/read 403": "only an operator is refused; the table signs in no operator",
  "post /api/push/subscriptions 403": "only an operator is refused; the table signs in no operator",
  "delete /api/push/subscriptions 403": "only an operator is refused; the table signs in no operator",
  "post /api/lives/{id}/comments 403":
    "a listener blocked by the broadcaster (tests/integration/lives-api.test.ts); the table's listener stays unblocked",
  "get /api/me/events 429":
    "needs REALTIME_MAX_STREAMS_PER_ACCOUNT open streams (tests/integration/realtime.test.ts)",
  "put /api/liver/staff/{id}/schedules 503": "needs the database to fail mid-replacement",
  "post /api/rooms/{id}/messages 429": "needs 21 messages in a minute (tests/integration/chat-api.test.ts)",
  "get /api/rooms/{id}/events 429":
    "needs REALTIME_MAX_STREAMS_PER_ACCOUNT open streams (tests/integration/realtime.test.ts)",
  "post /api/lives/{id}/viewers 429":
    "needs the live's viewer cap reached (tests/integration/lives-api.test.ts)",
  "post /api/lives/{id}/media 503": "needs the SFU to fail",
  "post /api/lives/{id}/media 409":
    "needs a newer offer of the same viewer while one is answered (tests/integration/live-sfu.test.ts)",
  "get /api/lives/{id}/events 429":
    "needs LIVE_STREAMS_PER_ADDRESS open streams (tests/integration/lives-api.test.ts)",
  "post /api/payments/webhook 200":
    "needs a provider's signature (tests/integration/payments-webhook.test.ts)",
  "post /api/payments/webhook 404": "needs production without PAYMENT_PROVIDER",
  "post /api/payments/webhook 409":
    "needs an event for an unknown order (tests/integration/payments-webhook.test.ts)",
  "post /api/livekit/webhook 200": "needs LiveKit's signature (tests/integration/lives-api.test.ts)",
  "post /api/livekit/webhook 404":
    "needs the embedded media transport (the default; this test runs LiveKit mode)",
};

const PLACEHOLDER: Fixture = {
  context: null as never,
  cookies: { listener: "", liver: "", staff: "" },
  store: { uid: "s", slug: "s" },
  staff: { uid: "c", slug: "c" },
  otherStaff: { uid: "o" },
  favoriteId: "f",
  today: "2026-01-01",
  postId: "p",
  deletablePostId: "d",
  roomId: "r",
  live: { id: "l", endedId: "e", commentId: "c", commenterId: "c", admit: async () => "v" },
  prepared: { viewerId: "v" },
  configEtag: '"e"',
};

// The document against the answers is a check of shapes: one database (docs/testing.md). Each
// endpoint's SQL is tested on both by its subject's own integration tests.
const ONE_DATABASE = drivers.slice(0, 1);

describe.each(ONE_DATABASE)("every documented endpoint, called on %s, answers as documented", (driver) => {
  let database: TestDatabase;
  let hub: RealtimeHub;
  let livekit: FakeLivekit;
  let fixture: Fixture;
  const document = openApiDocument("http://localhost:3999");
  const ajv = validatorOf(document);

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "openapi" });
    const db = database.db;
    const { context, dataDir } = routeContext(db);
    const now = new Date();
    await seedDatabase(db, { stores: 4, staff: 24, listeners: 3, seed: 12, dataDir, now });
    hub = new RealtimeHub({ db, source: notificationSource(database, () => {}), log: () => {} });
    await hub.start();
    context.realtime = hub;
    livekit = await startFakeLivekit();
    context.liveMedia = createLivekitMedia(
      { url: livekit.url, apiKey: livekit.apiKey, apiSecret: livekit.apiSecret },
      { maxViewers: () => 100, log: () => {} },
    );

    const [store] = await db
      .select({ uid: livers.uid, slug: livers.slug })
      .from(livers)
      .where(eq(livers.email, DEMO_ACCOUNTS.store.email));
    const [staff] = await db
      .select({ uid: staffs.uid, slug: staffs.slug })
      .from(staffs)
      .where(eq(staffs.login_id, DEMO_ACCOUNTS.staff.loginId));
    const [otherStaff] = await db
      .select({ uid: staffs.uid })
      .from(staffs)
      .innerJoin(livers, eq(livers.uid, staffs.liver_id))
      .where(
        and(
          ne(staffs.liver_id, store!.uid),
          eq(staffs.status, "public"),
          eq(staffs.is_displayed, true),
          eq(livers.status, "public"),
          // Not one the demo listener follows already ("POST follow" answers 201 for a new follow).
          notInArray(
            staffs.uid,
            db
              .select({ id: sql<string>`coalesce(${favorites.staff_id}, '')` })
              .from(favorites)
              .innerJoin(listeners, eq(listeners.uid, favorites.uid))
              .where(eq(listeners.email, DEMO_ACCOUNTS.listener.email)),
          ),
        ),
      )
      .orderBy(staffs.uid)
      .limit(1);
    const cookies = {
      listener: await sessionCookie(context, "listener", DEMO_ACCOUNTS.listener.email, DEMO_PASSWORD),
      liver: await sessionCookie(context, "liver", DEMO_ACCOUNTS.store.email, DEMO_PASSWORD),
      staff: await sessionCookie(context, "staff", DEMO_ACCOUNTS.staff.loginId, DEMO_PASSWORD),
    };
    const [listenerRow] = await db
      .select({ uid: listeners.uid })
      .from(listeners)
      .where(eq(listeners.email, DEMO_ACCOUNTS.listener.email));
    const listener: Viewer = {
      type: "listener",
      uid: listenerRow!.uid,
      name: DEMO_ACCOUNTS.listener.nickname,
      email: DEMO_ACCOUNTS.listener.email,
    };
    // Items to gift (moneyCases): 1,000 coins, five roses.
    await giveCoins(db, listener.uid, 1000);
    const bought = await buyItem({
      db,
      actor: listener,
      input: { item_id: "rose", quantity: 5, idempotency_key: "openapi-fixture-roses" },
    });
    if (!bought.ok) throw new Error("the demo listener could not buy roses");
    const followed = await followTarget({ db, actor: listener, input: { kind: "liver", id: store!.uid } });
    if (!followed.ok) throw new Error("the demo listener could not follow the demo store");
    const staffViewer: Viewer = { type: "staff", uid: staff!.uid, name: "", email: "" };
    // "POST open a room" answers 201: the demo listener has no room with otherStaff yet.
    await db
      .delete(rooms)
      .where(and(eq(rooms.listener_id, listener.uid), eq(rooms.staff_id, otherStaff!.uid)));
    const demoRoom = await openRoom({ db, actor: listener, input: { staff_id: staff!.uid } });
    if (!demoRoom.ok) throw new Error("the demo listener could not open a room with the demo staff member");
    const writePost = async (caption: string) => {
      const written = await createNativePost({
        db,
        images: context.images,
        storage: context.storage,
        actor: staffViewer,
        input: { caption, images: [], video: null, poster: null },
      });
      if (!written.ok) throw new Error("the demo staff member could not post");
      return written.post.post_id;
    };
    // Lives: the demo store's ended live, the demo staff member's live on now with another
    // listener's comment (to delete, report, block) and two admitted viewers.
    const storeViewer: Viewer = { type: "liver", uid: store!.uid, name: "", email: "" };
    const storeLive = await startLive({ db, actor: storeViewer, input: { title: "終わった配信" } });
    if (!storeLive.ok) throw new Error("the demo store could not go live");
    await endLive({ db, actor: storeViewer, input: { liveId: storeLive.live.live_id } });
    const castLive = await startLive({ db, actor: staffViewer, input: { title: "配信中" } });
    if (!castLive.ok) throw new Error("the demo staff member could not go live");
    const [commenter] = await db
      .select({ uid: listeners.uid, email: listeners.email })
      .from(listeners)
      .where(ne(listeners.email, DEMO_ACCOUNTS.listener.email))
      .limit(1);
    const commented = await postComment({
      db,
      actor: { type: "listener", uid: commenter!.uid, name: "", email: commenter!.email },
      input: { liveId: castLive.live.live_id, body: "はじめまして" },
      settings: { ...DEFAULT_LIVE_SETTINGS, maxViewers: 100 },
    });
    if (!commented.ok) throw new Error("the comment of the fixture was refused");
    const admit = async () => {
      const joined = await joinLive({
        db,
        actor: null,
        input: { liveId: castLive.live.live_id },
        settings: { ...DEFAULT_LIVE_SETTINGS, maxViewers: 100 },
      });
      if (!joined.ok) throw new Error("no viewer place");
      return joined.viewer_id;
    };
    fixture = {
      context,
      cookies,
      store: { uid: store!.uid, slug: store!.slug! },
      staff: { uid: staff!.uid, slug: staff!.slug! },
      otherStaff: otherStaff!,
      favoriteId: followed.favorite.favorite_id,
      today: businessDate(now),
      postId: await writePost("編集前"),
      deletablePostId: await writePost("削除される投稿"),
      roomId: demoRoom.room.id,
      live: {
        id: castLive.live.live_id,
        endedId: storeLive.live.live_id,
        commentId: commented.comment.comment_id,
        commenterId: commenter!.uid,
        admit,
      },
      configEtag:
        (
          (await configLoader({
            request: new Request("http://localhost:3999/api/config"),
            context,
          } as never)) as Response
        ).headers.get("ETag") ?? "",
    };
  });
  afterAll(async () => {
    await hub?.close();
    await livekit?.close();
    await database?.close();
  });

  it.each(CASES.map((c) => [`${c.method.toUpperCase()} ${c.name}`, c] as const))("%s", async (_name, c) => {
    fixture.prepared = c.prepare ? await c.prepare(fixture) : undefined;
    const { answer, docPath } = await invoke(fixture.context, c.method, c.url(fixture), {
      cookie: c.as ? fixture.cookies[c.as] : undefined,
      body: c.body?.(fixture),
      form: await c.form?.(),
      headers: c.headers?.(fixture),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(c.status);
    const operation = document.paths?.[docPath]?.[c.method];
    expect(operation, `${c.method} ${docPath} is documented`).toBeDefined();
    const response = operation?.responses?.[String(answer.status)] as { content?: Record<string, unknown> };
    expect(response, `${c.method} ${docPath} documents ${answer.status}`).toBeDefined();
    if (answer.status === 204 || answer.status === 304)
      expect(response.content, `${answer.status} has no body`).toBeUndefined();
    else expect(Object.keys(response.content ?? {}), "media type").toContain(answer.mediaType);
    // Every query parameter sent is documented; the values of an accepted call fit their schemas.
    const documented = (operation?.parameters ?? []) as {
      name: string;
      in: string;
      schema?: { type?: string; items?: { type?: string } };
    }[];
    const numeric = (type?: string) => type === "integer" || type === "number";
    for (const [name, raw] of new URL(c.url(fixture), "http://x").searchParams) {
      const index = documented.findIndex((p) => p.in === "query" && p.name === name);
      expect(index, `query parameter ${name} is documented`).toBeGreaterThanOrEqual(0);
      if (answer.status >= 300) continue;
      const schema = documented[index]!.schema;
      const value =
        schema?.type === "array"
          ? raw.split(",").map((part) => (numeric(schema.items?.type) ? Number(part) : part))
          : numeric(schema?.type)
            ? Number(raw)
            : schema?.type === "boolean" && ["true", "false"].includes(raw)
              ? raw === "true"
              : raw;
      const fits = ajv.getSchema(`openapi#/paths/${pointer(docPath)}/${c.method}/parameters/${index}/schema`);
      expect(fits!(value), `${name}=${raw}: ${JSON.stringify(fits!.errors)}`).toBe(true);
    }
    if (c.body && answer.status < 300) {
      // What the route accepted, the document accepts too.
      const accepts = ajv.getSchema(
        `openapi#/paths/${pointer(docPath)}/${c.method}/requestBody/content/application~1json/schema`,
      );
      expect(accepts, "request body documented").toBeTypeOf("function");
      expect(accepts!(c.body(fixture)), JSON.stringify(accepts!.errors)).toBe(true);
    }
    if (answer.body === null) return;
    const validate = ajv.getSchema(
      `openapi#/paths/${pointer(docPath)}/${c.method}/responses/${answer.status}/content/${pointer(answer.mediaType)}/schema`,
    );
    expect(validate).toBeTypeOf("function");
    const valid = validate!(answer.body);
    expect(valid ? [] : validate!.errors?.slice(0, 5), `${c.method} ${docPath} ${answer.status}`).toEqual([]);
  });
});
