/**
 * Live streaming (ADR 0031): the paths of `/api/lives…` and the LiveKit webhook, with
 * their answers. Kept apart from ./paths.ts, which spreads LIVE_PATHS into API_PATHS.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import {
  BlockViewerSchema,
  BROADCASTER_TYPES,
  LIVE_COMMENT_MAX,
  LIVE_STATUSES,
  LiveListSchema,
  PostCommentSchema,
  ReportCommentSchema,
  StartLiveSchema,
} from "~/domain/live";
import { ErrorResponse, listOf } from "./responses";

const json = (schema: z.ZodType, description = "OK"): ZodOpenApiResponseObject => ({
  description,
  content: { "application/json": { schema } },
});
const LiveError = z
  .object({
    error: z.object({
      code: ErrorResponse.shape.error.shape.code,
      message: z.string().meta({ description: "Japanese" }),
      field: z.string().optional().meta({ description: "the field the message belongs next to" }),
      reason: z.enum(["full", "ended"]).optional().meta({
        description: "full: the live holds its cap of viewers (「満員です」); ended: the live is over",
      }),
    }),
  })
  .meta({ id: "LiveError" });
const error = (description: string) => json(LiveError, description);
const unauthenticated = error("unauthenticated: no session");
const liveNotFound = error("not-found: no such live (or another's, for the broadcaster's actions)");

const LiveRow = z
  .object({
    live_id: z.string(),
    broadcaster_type: z.enum(BROADCASTER_TYPES),
    broadcaster_id: z.string().meta({ description: "the staff member's or the store's id" }),
    liver_id: z.string().meta({ description: "the store (a staff member's store)" }),
    title: z.string(),
    status: z.enum(LIVE_STATUSES),
    started_at: z.string().meta({ format: "date-time" }),
    ended_at: z.string().meta({ format: "date-time" }).nullable(),
    viewer_peak: z.number().int(),
    comment_count: z.number().int(),
    viewer_count: z.number().int().meta({ description: "viewers now (0 once ended)" }),
  })
  .meta({ id: "Live" });

const PublicLive = LiveRow.extend({
  broadcaster: z.object({
    type: z.enum(BROADCASTER_TYPES),
    id: z.string(),
    name: z.string(),
    image_url: z.string().nullable(),
    liver_name: z.string(),
  }),
}).meta({ id: "PublicLive" });

const Comment = z
  .object({
    comment_id: z.string(),
    live_id: z.string(),
    author: z
      .enum(["listener", "broadcaster"])
      .meta({ description: "broadcaster: the broadcaster's own comment, shown with 「配信者」" }),
    listener_id: z
      .string()
      .nullable()
      .meta({ description: "the listener who wrote it; null for the broadcaster" }),
    nickname: z.string(),
    body: z.string().meta({ description: `1–${LIVE_COMMENT_MAX} characters` }),
    fan_level: z
      .number()
      .int()
      .min(0)
      .max(10)
      .meta({ description: "the writer's fan level for this broadcaster when written (0: none)" }),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "LiveComment" });

const Supporter = z
  .object({
    rank: z.number().int().min(1),
    listener: z.object({
      nickname: z.string().meta({ description: "「匿名のリスナー」 for a listener who hides from rankings" }),
      image_url: z.string().nullable(),
      fan_level: z.number().int().min(0).max(10),
    }),
    coins: z.number().int().meta({ description: "coins gifted in this live" }),
  })
  .meta({ id: "LiveSupporter" });

const Summary = z
  .object({
    live_id: z.string(),
    title: z.string(),
    status: z.enum(LIVE_STATUSES),
    started_at: z.string().meta({ format: "date-time" }),
    ended_at: z.string().meta({ format: "date-time" }).nullable(),
    duration_seconds: z.number().int(),
    viewers: z.object({ peak: z.number().int(), unique: z.number().int() }),
    comments: z.number().int().meta({ description: "the audience's comments" }),
    gifts: z.object({ count: z.number().int(), items: z.number().int(), coins: z.number().int() }),
    points: z.number().int().meta({ description: "the store's points the live's gifts are worth" }),
    new_followers: z.number().int().meta({ description: "follows of the broadcaster while the live was on" }),
    top_fans: z.array(Supporter),
  })
  .meta({ id: "LiveSummary" });

const MediaAccess = z
  .union([
    z.object({
      mode: z.literal("embedded"),
      session_id: z.string(),
      sdp: z.string().meta({ description: "the SFU's SDP answer, ICE candidates included" }),
    }),
    z.object({
      mode: z.literal("livekit"),
      url: z.string().meta({ description: "the LiveKit server (wss://…)" }),
      token: z.string().meta({ description: "a LiveKit access token with exactly this role's grants" }),
      room: z.string(),
    }),
  ])
  .meta({ id: "LiveMediaAccess" });

const ReportCreatedSchema = z
  .object({
    report_id: z.string(),
    live_id: z.string(),
    comment_id: z.string(),
    reason: z.string(),
    status: z.enum(["open", "handled"]),
    created_at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "LiveCommentReportCreated" });

const liveId = z.object({ id: z.string().meta({ description: "live id" }) });
const commentPath = liveId.extend({ commentId: z.string().meta({ description: "comment id" }) });
const viewerPath = liveId.extend({
  viewerId: z.string().meta({ description: "viewer id from POST …/viewers" }),
});
const denied = (who: string) => error(`permission-denied: ${who}`);

export const LIVE_PATHS: ZodOpenApiPathsObject = {
  "/api/lives": {
    get: {
      summary: "Who is live now (default), or past lives, newest first (public)",
      requestParams: { query: LiveListSchema },
      responses: { "200": json(listOf(PublicLive)), "400": error("invalid-argument: an unknown status") },
    },
    post: {
      summary: "Go live (a staff member or a store)",
      description:
        "Writes a `live` post and mails the followers (following_live, batched hourly). One live at a time per broadcaster: 200 with the live already on.",
      requestBody: { required: true, content: { "application/json": { schema: StartLiveSchema } } },
      responses: {
        "201": json(LiveRow, "the new live"),
        "200": json(LiveRow, "the broadcaster's live already on"),
        "400": error("invalid-argument: `title` empty or over 50 characters, or not JSON"),
        "401": unauthenticated,
        "403": denied("a listener or an operator; or an account that is not publicly listed"),
      },
    },
  },
  "/api/lives/{id}": {
    get: {
      summary: "One live with its broadcaster and figures (public)",
      requestParams: { path: liveId },
      responses: { "200": json(PublicLive), "404": liveNotFound },
    },
  },
  "/api/lives/{id}/end": {
    post: {
      summary: "End a live (its broadcaster, or the store of a staff member's live)",
      requestParams: { path: liveId },
      responses: {
        "200": json(LiveRow, "the ended live with its viewer peak and comment count"),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": liveNotFound,
      },
    },
  },
  "/api/lives/{id}/heartbeat": {
    post: {
      summary: "The broadcaster panel is still there (every 10 s; 30 s without one ends the live)",
      requestParams: { path: liveId },
      responses: {
        "200": json(
          z.object({
            status: z.enum(LIVE_STATUSES),
            viewer_count: z.number().int(),
            viewer_peak: z.number().int(),
            comment_count: z.number().int(),
          }),
        ),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": liveNotFound,
      },
    },
  },
  "/api/lives/{id}/comments": {
    post: {
      summary: "Comment in a live (a listener, or the broadcaster herself)",
      description:
        "1–200 characters; contact details (as in chat) and the configured blocked words refused; one comment per 2 s. Every viewer receives it as a `comment` event. The broadcaster's own comment has `author: broadcaster` (shown with 「配信者」); her store moderates but does not talk.",
      requestParams: { path: liveId },
      requestBody: { required: true, content: { "application/json": { schema: PostCommentSchema } } },
      responses: {
        "201": json(Comment),
        "400": error("invalid-argument: `body` refused (field `body`), or the live is over (reason `ended`)"),
        "401": unauthenticated,
        "403": denied("an operator, or a listener blocked by the broadcaster"),
        "404": error("not-found: no such live, or (a staff member or a store) another's live"),
        "429": error("resource-exhausted: another comment within 2 s; `Retry-After`"),
      },
    },
  },
  "/api/lives/{id}/comments/{commentId}": {
    delete: {
      summary: "Delete a comment (the broadcaster, or the store of a staff member's live)",
      requestParams: { path: commentPath },
      responses: {
        "200": json(z.object({ comment_id: z.string(), deleted: z.boolean() })),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": error("not-found: another's live, or no such comment in it"),
      },
    },
  },
  "/api/lives/{id}/comments/{commentId}/report": {
    post: {
      summary: "Report a comment to the operator (a listener)",
      requestParams: { path: commentPath },
      requestBody: { required: true, content: { "application/json": { schema: ReportCommentSchema } } },
      responses: {
        "201": json(ReportCreatedSchema, "the report (the operator sees the comment and its neighbours)"),
        "200": json(ReportCreatedSchema, "this listener had reported it already"),
        "400": error("invalid-argument: `reason` empty or over 1,000 characters"),
        "401": unauthenticated,
        "403": denied("not a listener"),
        "404": error("not-found: no such live or comment"),
      },
    },
  },
  "/api/lives/{id}/blocks": {
    post: {
      summary: "Block a listener who commented in this live from commenting in the broadcaster's lives",
      requestParams: { path: liveId },
      requestBody: { required: true, content: { "application/json": { schema: BlockViewerSchema } } },
      responses: {
        "201": json(z.object({ listener_id: z.string(), blocked: z.literal(true) }), "blocked"),
        "200": json(z.object({ listener_id: z.string(), blocked: z.literal(true) }), "already blocked"),
        "400": error("invalid-argument: no `listener_id`"),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": error("not-found: another's live, or the listener did not comment in it"),
      },
    },
  },
  "/api/lives/{id}/viewers": {
    post: {
      summary: "Start watching (anyone): a viewer place under the live's cap",
      requestParams: { path: liveId },
      responses: {
        "201": json(z.object({ viewer_id: z.string(), viewer_count: z.number().int() })),
        "400": error("invalid-argument: the live is over (reason `ended`)"),
        "404": liveNotFound,
        "429": error("resource-exhausted: 「満員です」 (reason `full`), or too many joins from one address"),
      },
    },
  },
  "/api/lives/{id}/viewers/{viewerId}": {
    put: {
      summary: "Still watching (every 15 s; a viewer silent for 40 s is no longer counted)",
      description:
        "With `{visible: true}` (the page is on screen), a signed-in listener's minute counts for her fan level (at most once a minute, 120 a day).",
      requestParams: { path: viewerPath },
      requestBody: {
        required: false,
        content: { "application/json": { schema: z.object({ visible: z.boolean().optional() }) } },
      },
      responses: {
        "200": json(z.object({ viewer_id: z.string(), watching: z.literal(true) })),
        "404": error("not-found: the viewer is no longer counted: join again"),
      },
    },
    delete: {
      summary: "Stopped watching",
      requestParams: { path: viewerPath },
      responses: {
        "200": json(z.object({ viewer_id: z.string(), watching: z.literal(false), left: z.boolean() })),
      },
    },
  },
  "/api/lives/{id}/media": {
    post: {
      summary: "Open the media connection: publish (the broadcaster) or subscribe (an admitted viewer)",
      description:
        "Embedded mode: send the browser's SDP offer (non-trickle), get the SFU's answer. LiveKit mode: get the server URL and a token (no SDP).",
      requestParams: { path: liveId },
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: z.object({
              role: z.enum(["publish", "subscribe"]),
              viewer_id: z.string().optional().meta({ description: "subscribe: from POST …/viewers" }),
              sdp: z.string().optional().meta({ description: "embedded mode: the offer" }),
            }),
          },
        },
      },
      responses: {
        "201": json(MediaAccess),
        "400": error(
          "invalid-argument: no role, an unknown viewer, an unusable offer (field `sdp`), or the live is over",
        ),
        "401": unauthenticated,
        "403": denied("publishing as a listener or an operator"),
        "404": error("not-found: no such live, or publishing to another's live"),
        "409": error("aborted: a newer offer of the same viewer (or broadcaster) replaced this one"),
        "503": error("unavailable: the media relay cannot take the connection now"),
      },
    },
  },
  "/api/lives/{id}/events": {
    get: {
      summary: "A live as Server-Sent Events (anyone)",
      description:
        "`text/event-stream`; `id` is the event's sequence number. Events: `comment` (a LiveComment), `comment-deleted` `{comment_id}`, `viewers` `{count, peak}`, `gift` `{gift_id, item: {item_id, name, image_url, animation_url}, quantity, combo: {id, count}, tier (1 banner, 2 overlay, 3 full screen), coins, points, from: {listener_id, nickname, fan_level}, to: {type, id, name}, created_at}` (sends of one combo share `combo.id`), `ranking` `{items: [LiveSupporter]}`, `pin` `{comment: LiveComment | null}`, `fan-level` `{listener_id, level}` (for that listener's page), `ended` `{live_id, ended_at, viewer_peak, comment_count}`, `reset` (reload). Resume with `Last-Event-ID` or `?last_event_id=`.",
      requestParams: {
        path: liveId,
        query: z.object({
          last_event_id: z.number().int().min(0).optional().meta({ description: "resume after this event" }),
        }),
      },
      responses: {
        "200": { description: "the event stream", content: { "text/event-stream": { schema: z.string() } } },
        "400": json(ErrorResponse, "invalid-argument: a malformed Last-Event-ID"),
        "404": json(ErrorResponse, "not-found: no such live"),
        "429": json(ErrorResponse, "resource-exhausted: too many open streams from one account or address"),
      },
    },
  },
  "/api/lives/{id}/ranking": {
    get: {
      summary: "Who supported this live: its top 20 listeners by coins gifted (public)",
      requestParams: { path: liveId },
      responses: { "200": json(z.object({ items: z.array(Supporter) })), "404": liveNotFound },
    },
  },
  "/api/lives/{id}/pin": {
    put: {
      summary:
        "Pin one comment at the top for everyone (the broadcaster, or the store of a staff member's live)",
      requestParams: { path: liveId },
      requestBody: {
        required: true,
        content: { "application/json": { schema: z.object({ comment_id: z.string() }) } },
      },
      responses: {
        "200": json(z.object({ comment: Comment }), "pinned; also published as `pin`"),
        "400": error("invalid-argument: no `comment_id`, or the live is over (reason `ended`)"),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": error("not-found: another's live, or no such comment shown in it"),
      },
    },
    delete: {
      summary: "Take the pinned comment down",
      requestParams: { path: liveId },
      responses: {
        "200": json(z.object({ comment: z.null() }), "none pinned; also published as `pin`"),
        "400": error("invalid-argument: the live is over (reason `ended`)"),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": liveNotFound,
      },
    },
  },
  "/api/lives/{id}/summary": {
    get: {
      summary: "What a live came to (its broadcaster, and the store of a staff member's live)",
      requestParams: { path: liveId },
      responses: {
        "200": json(Summary),
        "401": unauthenticated,
        "403": denied("a listener or an operator"),
        "404": liveNotFound,
      },
    },
  },
  "/api/fans": {
    get: {
      summary: "The signed-in listener's fan level and points for a broadcaster this month (Asia/Tokyo)",
      requestParams: {
        query: z.object({
          staff_id: z.string().optional().meta({ description: "a listed staff member; or liver_id" }),
          liver_id: z.string().optional().meta({ description: "a public store; or staff_id" }),
        }),
      },
      responses: {
        "200": json(
          z
            .object({
              broadcaster: z.object({ type: z.enum(BROADCASTER_TYPES), id: z.string() }),
              month: z.string().meta({ description: "YYYY-MM" }),
              level: z.number().int().min(0).max(10).meta({ description: "0 before any point" }),
              points: z.number().int(),
              next_level_points: z.number().int().nullable().meta({ description: "null at level 10" }),
              coins: z.number().int(),
              comments: z.number().int().meta({ description: "counted, at most 50 a day" }),
              minutes: z.number().int().meta({ description: "counted, at most 120 a day" }),
            })
            .meta({ id: "FanLevel" }),
        ),
        "400": error("invalid-argument: neither or both of staff_id and liver_id"),
        "401": unauthenticated,
        "403": denied("not a listener"),
        "404": error("not-found: no such listed staff member or public store"),
      },
    },
  },
  "/api/livekit/webhook": {
    post: {
      summary: "LiveKit's webhooks (LiveKit mode): signature and body digest verified",
      description:
        "`Authorization`: LiveKit's JWT (HS256 with the API secret, issuer the API key, `sha256` = base64 SHA-256 of the raw body). `room_finished` of a live's room ends the live.",
      requestBody: {
        required: true,
        content: { "application/webhook+json": { schema: z.object({ event: z.string() }) } },
      },
      responses: {
        "200": json(z.object({ received: z.literal(true), event: z.string() })),
        "401": error("unauthenticated: the signature, issuer, expiry or body digest does not hold"),
        "404": error("not-found: LiveKit is not the media transport"),
      },
    },
  },
};
