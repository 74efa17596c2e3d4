/**
 * The registry of the JSON API: every `/api` route of app/routes.ts is described here (its input
 * schemas are the ones the route parses with; its answers are ./responses.ts) or named in
 * UNDOCUMENTED_API_ROUTES with the reason. A new endpoint joins by adding its path here; the
 * conformance test (tests/integration/openapi.test.ts) calls every operation and fails on a
 * route that is neither.
 */
import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from "zod-openapi";
import { MessagePageSchema, OpenRoomSchema, ReportRoomSchema, SendMessageSchema } from "~/domain/chat";
import { LiverSearchSchema, StaffSearchSchema } from "~/domain/directory-search";
import { FollowTargetSchema } from "~/domain/favorites";
import { FeedSearchSchema } from "~/domain/feed-search";
import { NearbySearchSchema, PostMapQuerySchema } from "~/domain/geo";
import { DateRangeSchema, FavoriteListSchema, PagingSchema } from "~/domain/query-params";
import { BANK_PATHS } from "./bank-paths";
import { CONFIG_PATHS } from "./config-paths";
import { ESTIMATE_PATHS } from "./estimate-paths";
import { LIVE_PATHS } from "./live-paths";
import { MONEY_PATHS } from "./money-paths";
import { NATIVE_POST_PATHS } from "./native-post-paths";
import { NOTIFICATION_PATHS } from "./notification-paths";
import {
  AreaNode,
  ErrorResponse,
  Favorite,
  FeedItem,
  FieldError,
  Health,
  jsonResponse,
  Liver,
  listOf,
  Me,
  Message,
  MessagePage,
  NearbyLiver,
  OpenedRoom,
  Options,
  PostalAddresses,
  PostMapCluster,
  PowChallenge,
  Room,
  RoomBlocked,
  RoomRead,
  RoomReportCreated,
  SHIFT_TIME_DESCRIPTIONS,
  Shift,
  Staff,
  Unfollowed,
} from "./responses";
import { STATION_PATHS } from "./station-paths";

const json = jsonResponse;
const error = (description: string) => json(ErrorResponse, description);

const notFound = error("not-found");
const unauthenticated = error("unauthenticated: no session");
const denied = error("permission-denied: another role");
const invalid = error("invalid-argument: an unknown enumeration value or a non-number");

const path = (name: string, description: string) => z.object({ [name]: z.string().meta({ description }) });

const listResponses = (item: z.ZodType): ZodOpenApiOperationObject["responses"] => ({
  "200": json(listOf(item)),
  "400": invalid,
});

const get = (operation: ZodOpenApiOperationObject) => ({ get: operation });

/** `/api/...` routes of app/routes.ts deliberately left out of the document, and why. */
export const UNDOCUMENTED_API_ROUTES: Record<string, string> = {
  "api/auth/*":
    "better-auth's own JSON endpoint (a wildcard), opened only for the session and sign-in the site's script uses; described by better-auth",
  "api/openapi.json": "the document itself",
  "api/*": "the JSON 404 of every other /api path",
};

/** Chat (ADR 0029). Only the two members touch a room: 404 for anyone else. */
const roomId = path("id", "room id");
const roomNotFound = error(
  "not-found: not one of the room's two members (a third listener, another staff member, a store, an operator), or no such room",
);
const ROOM_PATHS: ZodOpenApiPathsObject = {
  "/api/rooms": {
    post: {
      summary: "Open the chat room with a publicly listed staff member, or find it (listener)",
      requestBody: { required: true, content: { "application/json": { schema: OpenRoomSchema } } },
      responses: {
        "201": json(OpenedRoom, "a new room"),
        "200": json(OpenedRoom, "the room the two already share"),
        "400": json(FieldError, "invalid-argument: no staff_id, or not JSON"),
        "401": unauthenticated,
        "403": error(
          "permission-denied: a staff member, a store or an operator (only listeners open rooms); or a listener whose age is not verified yet (`reason: age_verification_required`, `url` of the page to verify at)",
        ),
        "404": error("not-found: no publicly listed staff member with that id"),
      },
    },
  },
  "/api/rooms/{id}/messages": {
    get: {
      summary: "A page of a room's messages, newest first (the two members)",
      requestParams: { path: roomId, query: MessagePageSchema },
      responses: {
        "200": json(MessagePage),
        "400": json(FieldError, "invalid-argument: `before` is not a message of the room"),
        "401": unauthenticated,
        "404": roomNotFound,
      },
    },
    post: {
      summary: "Send a message to a room (the two members)",
      description:
        "The body is trimmed, 1–1,000 characters, without contact details (phone numbers, e-mail addresses, URLs, SNS ids; also in full-width or spaced out). At most 20 messages a minute per sender.",
      requestParams: { path: roomId },
      requestBody: { required: true, content: { "application/json": { schema: SendMessageSchema } } },
      responses: {
        "201": json(Message, "the message"),
        "400": json(FieldError, "invalid-argument: `body` empty, too long or carrying contact details"),
        "401": unauthenticated,
        "403": error(
          "permission-denied: a block stands in the room (either way), or a listener whose age is not verified yet (`reason: age_verification_required`)",
        ),
        "404": roomNotFound,
        "429": error(
          "resource-exhausted: more than 20 messages a minute; `Retry-After` says when to try again",
        ),
      },
    },
  },
  "/api/rooms/{id}/read": {
    post: {
      summary: "Mark the counterpart's messages read (the two members)",
      requestParams: { path: roomId },
      responses: { "200": json(RoomRead), "401": unauthenticated, "404": roomNotFound },
    },
  },
  "/api/rooms/{id}/typing": {
    post: {
      summary: "Tell the other member 「入力中…」 (the two members)",
      description:
        "Sends the transient `typing` event `{user_id}` on the room's stream (`GET /api/rooms/{id}/events`): never stored nor replayed, at most one per 3 s per sender — more often, or in a blocked room, `sent` is false.",
      requestParams: { path: roomId },
      responses: {
        "200": json(z.object({ sent: z.boolean() }).meta({ id: "TypingSent" })),
        "401": unauthenticated,
        "404": roomNotFound,
      },
    },
  },
  "/api/rooms/{id}/block": {
    post: {
      summary: "Block the counterpart: neither side can send in the room any more (the two members)",
      requestParams: { path: roomId },
      responses: { "200": json(RoomBlocked), "401": unauthenticated, "404": roomNotFound },
    },
  },
  "/api/rooms/{id}/report": {
    post: {
      summary: "Report the room to the operator (the two members)",
      requestParams: { path: roomId },
      requestBody: { required: true, content: { "application/json": { schema: ReportRoomSchema } } },
      responses: {
        "201": json(RoomReportCreated, "the report (the operator sees the room's newest 50 messages)"),
        "400": json(FieldError, "invalid-argument: `reason` empty or longer than 1,000 characters"),
        "401": unauthenticated,
        "404": roomNotFound,
      },
    },
  },
  "/api/rooms/{id}/events": get({
    summary: "A room live (Server-Sent Events; the two members)",
    description:
      "`text/event-stream`; `id` is the event's sequence number. Events: `message` (a Message), `read` `{reader_id, read_at, message_ids}`, `reset` (the resume point is no longer stored: reload). Resume with the `Last-Event-ID` header or `?last_event_id=`, nothing lost or repeated; heartbeat comments every 20 s.",
    requestParams: {
      path: roomId,
      query: z.object({
        last_event_id: z.number().int().min(0).optional().meta({ description: "resume after this event" }),
      }),
    },
    responses: {
      "200": { description: "the event stream", content: { "text/event-stream": { schema: z.string() } } },
      "400": error("invalid-argument: a malformed Last-Event-ID"),
      "401": unauthenticated,
      "404": roomNotFound,
      "429": error("resource-exhausted: too many open streams"),
    },
  }),
};

export const API_PATHS: ZodOpenApiPathsObject = {
  "/api/health": get({
    summary: "Liveness and database reachability",
    responses: { "200": json(Health) },
  }),
  "/api/areas": get({ summary: "The area tree", responses: { "200": json(z.array(AreaNode)) } }),
  "/api/options": get({ summary: "Every option list", responses: { "200": json(Options) } }),
  "/api/postal-codes/{code}": get({
    summary: "The addresses of a postal code (address autofill)",
    requestParams: {
      path: path("code", "7 digits, with or without a hyphen; full-width digits are read too"),
    },
    responses: {
      "200": json(PostalAddresses),
      "400": error("invalid-argument: not 7 digits"),
      "404": error("not-found: no address"),
    },
  }),
  "/api/challenge": get({
    summary: "A proof-of-work challenge for the public forms and sign-in (ALTCHA format)",
    responses: { "200": json(PowChallenge) },
  }),
  "/api/livers": get({
    summary: "Public stores",
    requestParams: { query: LiverSearchSchema },
    responses: listResponses(Liver),
  }),
  "/api/livers/nearby": get({
    summary: "Public stores within a radius of a position, nearest first",
    requestParams: { query: NearbySearchSchema },
    responses: {
      "200": json(listOf(NearbyLiver)),
      "400": error("invalid-argument: no position, lat/lng out of range, or a bad filter"),
    },
  }),
  "/api/livers/{id}": get({
    summary: "One public store",
    requestParams: { path: path("id", "store id") },
    responses: { "200": json(Liver), "404": notFound },
  }),
  "/api/livers/slug/{slug}": get({
    summary: "One public store by slug",
    requestParams: { path: path("slug", "slug") },
    responses: { "200": json(Liver), "404": notFound },
  }),
  "/api/livers/{id}/staffs": get({
    summary: "The store's publicly listed staff, in the store's order",
    requestParams: { path: path("id", "store id"), query: PagingSchema },
    responses: { ...listResponses(Staff), "404": notFound },
  }),
  "/api/staffs": get({
    summary: "Publicly listed staff",
    requestParams: { query: StaffSearchSchema },
    responses: listResponses(Staff),
  }),
  "/api/staffs/top": get({
    summary: "The 5 staff with the most followers",
    responses: { "200": json(listOf(Staff)) },
  }),
  "/api/staffs/{id}": get({
    summary: "One publicly listed staff member",
    requestParams: { path: path("id", "staff id") },
    responses: { "200": json(Staff), "404": notFound },
  }),
  "/api/staffs/slug/{slug}": get({
    summary: "One staff member by slug",
    requestParams: { path: path("slug", "slug") },
    responses: { "200": json(Staff), "404": notFound },
  }),
  "/api/staffs/{id}/schedules": get({
    summary: "Shifts in a range, both ends inclusive",
    requestParams: { path: path("id", "staff id"), query: DateRangeSchema },
    responses: {
      "200": json(listOf(Shift)),
      "400": error("invalid-argument: a malformed range"),
      "404": notFound,
    },
  }),
  "/api/liver/staff/{id}/schedules": {
    get: {
      summary: "A staff member's shifts in a range (the store owning the staff member, or the staff member)",
      requestParams: { path: path("id", "staff id"), query: DateRangeSchema },
      responses: {
        "200": json(listOf(Shift)),
        "400": error("invalid-argument: a malformed range"),
        "401": unauthenticated,
        "403": error("permission-denied: not a store or a staff member"),
        "404": error("not-found: not the store's staff member, or not oneself"),
      },
    },
    put: {
      summary: "Replace the shifts of a range in one transaction; answers the new list",
      requestParams: { path: path("id", "staff id"), query: DateRangeSchema },
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({
              items: z.array(
                z.object({
                  date: z.iso.date(),
                  start_time: z.string().meta({ description: SHIFT_TIME_DESCRIPTIONS.start_time }),
                  end_time: z.string().meta({ description: SHIFT_TIME_DESCRIPTIONS.end_time }),
                }),
              ),
            }),
          },
        },
      },
      responses: {
        "200": json(listOf(Shift)),
        "400": error("invalid-argument: a malformed body or range, or a shift outside it"),
        "401": unauthenticated,
        "403": error("permission-denied: not a store or a staff member"),
        "404": error("not-found: not the store's staff member, or not oneself"),
        "503": error("unavailable: the replacement failed; the old shifts are kept"),
      },
    },
  },
  "/api/me": get({
    summary: "The signed-in account",
    responses: { "200": json(Me), "401": unauthenticated },
  }),
  "/api/me/events": get({
    summary: "The signed-in account's events (Server-Sent Events)",
    description:
      "`text/event-stream`; `id` is the event's sequence number. Events: `follower` `{follower_number, change}` (the staff member or store was followed or unfollowed), `reset` (the resume point is no longer stored: reload). Resume with the `Last-Event-ID` header or `?last_event_id=`; heartbeat comments every 20 s. At most `REALTIME_MAX_STREAMS_PER_ACCOUNT` streams per account: 429 beyond it.",
    requestParams: {
      query: z.object({
        last_event_id: z.number().int().min(0).optional().meta({ description: "resume after this event" }),
      }),
    },
    responses: {
      "200": { description: "the event stream", content: { "text/event-stream": { schema: z.string() } } },
      "400": error("invalid-argument: a malformed Last-Event-ID"),
      "401": unauthenticated,
      "429": error("resource-exhausted: too many open streams"),
    },
  }),
  "/api/posts": {
    // GET is the feed; POST (the native post editor) comes from NATIVE_POST_PATHS.
    ...NATIVE_POST_PATHS["/api/posts"],
    ...get({
      summary: "Listed posts (the feeds)",
      requestParams: { query: FeedSearchSchema },
      responses: {
        ...listResponses(FeedItem),
        "401": error("unauthenticated: following=true signed out"),
        "403": error("permission-denied: following=true by another role than listener"),
      },
    }),
  },
  "/api/posts/map": get({
    summary: "Stores with posts of the last 7 days inside a box, clustered for a zoom level",
    requestParams: { query: PostMapQuerySchema },
    responses: {
      "200": json(z.object({ clusters: z.array(PostMapCluster) })),
      "400": error("invalid-argument: a malformed bbox or zoom"),
    },
  }),
  "/api/favorites": {
    get: {
      summary: "Own follows (listener)",
      requestParams: { query: FavoriteListSchema },
      responses: { ...listResponses(Favorite), "401": unauthenticated, "403": denied },
    },
    post: {
      summary: "Follow a staff member or a store (listener)",
      requestBody: {
        required: true,
        content: { "application/json": { schema: FollowTargetSchema } },
      },
      responses: {
        "201": json(Favorite, "followed; the body carries the target's exact follower_number"),
        "200": json(Favorite, "already followed"),
        "400": error("invalid-argument"),
        "401": unauthenticated,
        "403": denied,
        "404": notFound,
      },
    },
  },
  "/api/favorites/{favorite_id}": {
    delete: {
      summary: "Unfollow (listener; only one's own follows)",
      requestParams: { path: path("favorite_id", "favorite id") },
      responses: {
        "200": json(Unfollowed),
        "401": unauthenticated,
        "403": denied,
        "404": notFound,
      },
    },
  },
  "/api/listeners/rooms": get({
    summary: "Own chat rooms with the counterpart (listener or staff)",
    requestParams: { query: PagingSchema },
    responses: { ...listResponses(Room), "401": unauthenticated, "403": denied },
  }),
  // The Zengin bank data (ADR 0054).
  ...BANK_PATHS,
  // The station data (ADR 0056).
  ...STATION_PATHS,
  ...ROOM_PATHS,
  ...LIVE_PATHS,
  ...MONEY_PATHS,
  ...NOTIFICATION_PATHS,
  // Native posts (ADR 0024): PATCH and DELETE /api/posts/{id}.
  "/api/posts/{id}": NATIVE_POST_PATHS["/api/posts/{id}"],
  // Remote configuration (ADR 0033).
  ...CONFIG_PATHS,
  // The estimated bill (ADR 0057).
  ...ESTIMATE_PATHS,
};
