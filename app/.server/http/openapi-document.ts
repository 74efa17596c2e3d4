/**
 * The OpenAPI 3.1 description of the JSON API of contract §5, served at `/api/openapi.json`.
 * Enumerations come from the domain lists, so a new option value shows up here by itself.
 */
import { IDS_MAX, KEYWORD_MAX_LENGTH, SMALLINT_MAX, STAFF_SORTS } from "~/domain/directory-search";
import {
  ALCOHOL_TYPE_VALUES,
  BLOOD_TYPE_VALUES,
  BUST_TYPE_VALUES,
  KARAOKE_TYPE_VALUES,
  MATCHING_QUESTIONS,
  SMOKE_TYPE_VALUES,
  STORE_TYPE_VALUES,
  TYPE_TYPE_VALUES,
  VENUE_FEATURE_VALUES,
  VENUE_TYPE_VALUES,
} from "~/domain/options";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from "~/domain/paging";
import { SITE_NAME } from "~/site";

type Schema = Record<string, unknown>;

const str: Schema = { type: "string" };
const int: Schema = { type: "integer" };
const bool: Schema = { type: "boolean" };
const time: Schema = { type: "string", format: "date-time" };
const nullable = (schema: Schema): Schema => ({ anyOf: [schema, { type: "null" }] });
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const query = (name: string, schema: Schema, description: string) => ({
  name,
  in: "query",
  required: false,
  schema,
  description,
});
/** A comma-separated list (a repeated name is read the same way). */
const listParam = (name: string, values: readonly string[] | null, description: string) =>
  ({
    ...query(
      name,
      { type: "array", items: values ? { type: "string", enum: [...values] } : str, maxItems: IDS_MAX },
      description,
    ),
    style: "form",
    explode: false,
  }) as const;
const path = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  schema: str,
  description,
});

const pagingParams = [
  query("page", { type: "integer", minimum: 1, maximum: 100_000, default: 1 }, "1-based page"),
  query(
    "pageSize",
    { type: "integer", minimum: 1, default: PAGE_SIZE_DEFAULT },
    `items per page, capped at ${PAGE_SIZE_MAX}`,
  ),
];
const areaParams = [
  query("region", str, "region id of `GET /api/areas`"),
  query("prefecture", str, "prefecture id"),
  query("group", str, "group id: matches any of its areas"),
  query("area", str, "area id"),
  query("area_detail", str, "area detail id"),
];
const keyword = query(
  "keyword",
  { type: "string", maxLength: KEYWORD_MAX_LENGTH },
  "matches anywhere in the name or its reading; full-width letters, case and hiragana/katakana are folded",
);

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ref("Error") } },
});
const json = (schema: Schema, description = "OK") => ({
  description,
  content: { "application/json": { schema } },
});
const list = (item: string) => ({
  type: "object",
  required: ["items", "total", "page", "pageSize"],
  properties: { items: { type: "array", items: ref(item) }, total: int, page: int, pageSize: int },
});
const listResponses = (item: string) => ({
  "200": json(list(item)),
  "400": errorResponse("invalid-argument: an unknown enumeration value or a non-number"),
});

const matchingInfo: Schema = {
  type: "object",
  description: "the 13 answers; an unanswered question takes its first answer",
  properties: Object.fromEntries(
    MATCHING_QUESTIONS.map((q) => [q.key, { type: "string", enum: q.answers.map((a) => a.value) }]),
  ),
};

const staffSchema: Schema = {
  type: "object",
  description:
    "A publicly listed staff member. An attribute the staff member does not publish (published_profile) is absent.",
  required: ["uid", "liver_id", "follower_number", "matching_info", "store", "today_shift"],
  properties: {
    uid: str,
    slug: nullable(str),
    liver_id: str,
    liver_name: str,
    order: int,
    follower_number: int,
    created_at: time,
    updated_at: time,
    last_post_at: nullable(time),
    name: str,
    name_kana: str,
    age: nullable(int),
    height: nullable(int),
    birth_of_date: nullable({
      type: "string",
      pattern: "^\\d{2}-\\d{2}$",
      description: "month and day (MM-DD); the year is never published",
    }),
    blood_type: { type: "string", enum: ["", ...BLOOD_TYPE_VALUES] },
    bust_type: { type: "string", enum: ["", ...BUST_TYPE_VALUES] },
    type_type: { type: "string", enum: ["", ...TYPE_TYPE_VALUES] },
    karaoke_type: { type: "string", enum: ["", ...KARAOKE_TYPE_VALUES] },
    alcohol_type: { type: "string", enum: ["", ...ALCOHOL_TYPE_VALUES] },
    smoke_type: { type: "string", enum: ["", ...SMOKE_TYPE_VALUES] },
    personality_type: str,
    followers: nullable(int),
    image_urls: { type: "array", items: str },
    introduction: str,
    instagram_id: str,
    tiktok_id: str,
    youtube_id: str,
    matching_info: matchingInfo,
    matching_score: {
      type: "integer",
      minimum: 18,
      maximum: 100,
      description: "only for a signed-in listener",
    },
    favorite_id: { ...nullable(str), description: "only for a signed-in listener: their follow" },
    store: {
      type: "object",
      properties: {
        uid: str,
        store_name: str,
        slug: nullable(str),
        store_type: str,
        region: str,
        prefecture: str,
        area: str,
        area_detail: str,
        business_start_time: str,
        business_end_time: str,
      },
    },
    today_shift: nullable({
      type: "object",
      description: "the shift of today's business day (05:00–05:00 Asia/Tokyo)",
      properties: { date: { type: "string", format: "date" }, start_time: str, end_time: str },
    }),
  },
};

const liverSchema: Schema = {
  type: "object",
  description: "A public store.",
  properties: {
    uid: str,
    store_name: str,
    store_name_kana: str,
    slug: nullable(str),
    status: { type: "string", enum: ["public"] },
    created_at: time,
    updated_at: time,
    region: str,
    prefecture: str,
    group: str,
    area: str,
    area_detail: str,
    store_type: { type: "string", enum: [...STORE_TYPE_VALUES] },
    services: { type: "array", items: { type: "string", enum: [...VENUE_TYPE_VALUES] } },
    commitments: { type: "array", items: { type: "string", enum: [...VENUE_FEATURE_VALUES] } },
    is_individual: bool,
    order: nullable(int),
    follower_number: int,
    postal_code: str,
    address: str,
    buildingName: str,
    latitude: nullable({ type: "number" }),
    longitude: nullable({ type: "number" }),
    business_start_time: str,
    business_end_time: str,
    holidays: { type: "array", items: str },
    image_urls: { type: "array", items: str },
    phone_number: str,
    price_system: nullable({ type: "object" }),
    favorite_id: { ...nullable(str), description: "only for a signed-in listener: their follow" },
  },
};

export function openApiDocument(baseUrl: string) {
  const staffFilters = [
    listParam("liverIds", null, "store ids"),
    query("ageFrom", { type: "integer", minimum: 0, maximum: SMALLINT_MAX }, "inclusive"),
    query("ageTo", { type: "integer", minimum: 0, maximum: SMALLINT_MAX }, "inclusive"),
    query(
      "heightFrom",
      { type: "integer", minimum: 0, maximum: SMALLINT_MAX },
      "inclusive; excludes staff without a height",
    ),
    query(
      "heightTo",
      { type: "integer", minimum: 0, maximum: SMALLINT_MAX },
      "inclusive; excludes staff without a height",
    ),
    listParam("bloodTypes", BLOOD_TYPE_VALUES, "any of"),
    listParam("bustTypes", BUST_TYPE_VALUES, "any of"),
    listParam("typeTypes", TYPE_TYPE_VALUES, "any of (body type)"),
    listParam("karaokeTypes", KARAOKE_TYPE_VALUES, "any of"),
    listParam("alcoholTypes", ALCOHOL_TYPE_VALUES, "any of"),
    listParam("smokeTypes", SMOKE_TYPE_VALUES, "any of"),
    keyword,
    ...areaParams,
    query(
      "sort",
      { type: "string", enum: [...STAFF_SORTS], default: "new" },
      "new: newest of last post and creation; popular: followers; matching: score against the signed-in listener (new without one)",
    ),
    ...pagingParams,
  ];
  const liverFilters = [
    listParam("ids", null, "store ids (`liverIds` is read the same way)"),
    query("is_individual", bool, "individual stores only, or none"),
    ...areaParams,
    query("store_type", { type: "string", enum: [...STORE_TYPE_VALUES] }, "one store type"),
    keyword,
    listParam("areas", null, "area ids, any of"),
    listParam("storeTypes", STORE_TYPE_VALUES, "any of"),
    listParam("services", VENUE_TYPE_VALUES, "venue types, any of"),
    listParam("commitments", VENUE_FEATURE_VALUES, "venue features, any of"),
    ...pagingParams,
  ];
  const notFound = errorResponse("not-found");
  const unauthenticated = errorResponse("unauthenticated: no session");
  const denied = errorResponse("permission-denied: another role");

  return {
    openapi: "3.1.0",
    info: {
      title: `${SITE_NAME} API`,
      version: "1.0.0",
      description:
        "Errors are `{error: {code, message}}` with the function status names of the spec. Lists answer `{items, total, page, pageSize}`. Signed-in endpoints use the session cookie of the site.",
    },
    servers: [{ url: baseUrl }],
    paths: {
      "/api/areas": { get: { summary: "The area tree", responses: { "200": json({ type: "array" }) } } },
      "/api/options": {
        get: { summary: "Every option list", responses: { "200": json({ type: "object" }) } },
      },
      "/api/livers": {
        get: { summary: "Public stores", parameters: liverFilters, responses: listResponses("Liver") },
      },
      "/api/livers/{id}": {
        get: {
          summary: "One public store",
          parameters: [path("id", "store id")],
          responses: { "200": json(ref("Liver")), "404": notFound },
        },
      },
      "/api/livers/slug/{slug}": {
        get: {
          summary: "One public store by slug",
          parameters: [path("slug", "slug")],
          responses: { "200": json(ref("Liver")), "404": notFound },
        },
      },
      "/api/livers/{id}/staffs": {
        get: {
          summary: "The store's publicly listed staff, in the store's order",
          parameters: [path("id", "store id"), ...pagingParams],
          responses: { ...listResponses("Staff"), "404": notFound },
        },
      },
      "/api/staffs": {
        get: {
          summary: "Publicly listed staff",
          parameters: staffFilters,
          responses: listResponses("Staff"),
        },
      },
      "/api/staffs/top": {
        get: { summary: "The 5 staff with the most followers", responses: { "200": json(list("Staff")) } },
      },
      "/api/staffs/{id}": {
        get: {
          summary: "One publicly listed staff member",
          parameters: [path("id", "staff id")],
          responses: { "200": json(ref("Staff")), "404": notFound },
        },
      },
      "/api/staffs/slug/{slug}": {
        get: {
          summary: "One staff member by slug",
          parameters: [path("slug", "slug")],
          responses: { "200": json(ref("Staff")), "404": notFound },
        },
      },
      "/api/staffs/{id}/schedules": {
        get: {
          summary: "Shifts in a range, both ends inclusive",
          parameters: [
            path("id", "staff id"),
            { name: "start", in: "query", required: true, schema: { type: "string", format: "date" } },
            { name: "end", in: "query", required: true, schema: { type: "string", format: "date" } },
          ],
          responses: { ...listResponses("Shift"), "404": notFound },
        },
      },
      "/api/me": {
        get: {
          summary: "The signed-in account",
          responses: {
            "200": json({ type: "object", properties: { type: str, account: { type: "object" } } }),
            "401": unauthenticated,
          },
        },
      },
      "/api/me/events": {
        get: {
          summary: "The signed-in account's events (Server-Sent Events)",
          description:
            "`text/event-stream`; `id` is the event's sequence number. Events: `follower` `{follower_number, change}` (the staff member or store was followed or unfollowed), `reset` (the resume point is no longer stored: reload). Resume with the `Last-Event-ID` header or `?last_event_id=`; heartbeat comments every 20 s. At most `REALTIME_MAX_STREAMS_PER_ACCOUNT` streams per account: 429 beyond it.",
          parameters: [query("last_event_id", { type: "integer", minimum: 0 }, "resume after this event")],
          responses: {
            "200": { description: "the event stream", content: { "text/event-stream": { schema: str } } },
            "400": errorResponse("invalid-argument: a malformed Last-Event-ID"),
            "401": unauthenticated,
            "429": errorResponse("resource-exhausted: too many open streams"),
          },
        },
      },
      "/api/favorites": {
        get: {
          summary: "Own follows (listener)",
          parameters: [
            query("kind", { type: "string", enum: ["staff", "liver"] }, "only follows of staff or of stores"),
            ...pagingParams,
          ],
          responses: { ...listResponses("Favorite"), "401": unauthenticated, "403": denied },
        },
        post: {
          summary: "Follow a staff member or a store (listener)",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  oneOf: [
                    { type: "object", required: ["staff_id"], properties: { staff_id: str } },
                    { type: "object", required: ["liver_id"], properties: { liver_id: str } },
                  ],
                },
              },
            },
          },
          responses: {
            "201": json(ref("Favorite"), "followed; the body carries the target's exact follower_number"),
            "200": json(ref("Favorite"), "already followed"),
            "400": errorResponse("invalid-argument"),
            "401": unauthenticated,
            "403": denied,
            "404": notFound,
          },
        },
      },
      "/api/favorites/{favorite_id}": {
        delete: {
          summary: "Unfollow (listener; only one's own follows)",
          parameters: [path("favorite_id", "favorite id")],
          responses: {
            "200": json({ type: "object" }),
            "401": unauthenticated,
            "403": denied,
            "404": notFound,
          },
        },
      },
      "/api/listeners/rooms": {
        get: {
          summary: "Own chat rooms with the counterpart (listener or staff)",
          parameters: pagingParams,
          responses: { ...listResponses("Room"), "401": unauthenticated, "403": denied },
        },
      },
    },
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["error"],
          properties: {
            error: {
              type: "object",
              required: ["code", "message"],
              properties: {
                code: {
                  type: "string",
                  enum: [
                    "invalid-argument",
                    "unauthenticated",
                    "permission-denied",
                    "not-found",
                    "resource-exhausted",
                    "internal",
                    "unavailable",
                    "deadline-exceeded",
                  ],
                },
                message: { type: "string", description: "Japanese" },
              },
            },
          },
        },
        Staff: staffSchema,
        Liver: liverSchema,
        Shift: {
          type: "object",
          properties: {
            schedule_id: str,
            staff_id: str,
            date: { type: "string", format: "date" },
            start_time: str,
            end_time: str,
          },
        },
        Favorite: {
          type: "object",
          properties: {
            favorite_id: str,
            uid: str,
            staff_id: nullable(str),
            liver_id: nullable(str),
            created_at: time,
            updated_at: time,
            follower_number: int,
            staff: nullable(ref("Staff")),
            liver: nullable(ref("Liver")),
          },
        },
        Room: {
          type: "object",
          properties: {
            id: str,
            member_ids: { type: "array", items: str },
            counterpart_id: str,
            created_at: time,
            updated_at: time,
          },
        },
      },
    },
  };
}
