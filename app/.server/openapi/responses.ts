/**
 * The zod schemas of what the JSON API answers (ADR 0020), from which `/api/openapi.json`
 * describes its responses. A schema with a `meta({ id })` becomes a named component.
 * Objects are strict in the document (`additionalProperties: false`): a field the code starts
 * to answer without a line here fails the conformance test (tests/integration/openapi.test.ts).
 */
import { z } from "zod";
import type { ZodOpenApiResponseObject } from "zod-openapi";
import type { ApiErrorCode } from "~/.server/http/api-response";
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
import { POST_AUTHOR_TYPES, POST_KINDS, POST_SOURCES, POST_STATUSES } from "~/domain/posts";
import { POW_ALGORITHM } from "~/domain/pow";

const time = z.iso.datetime();
const date = z.iso.date();
/** A choice that may be unanswered (""). */
const choice = (values: readonly string[]) => z.enum(["", ...values] as [string, ...string[]]);

const ERROR_CODES = [
  "invalid-argument",
  "unauthenticated",
  "permission-denied",
  "not-found",
  "aborted",
  "resource-exhausted",
  "internal",
  "unavailable",
  "deadline-exceeded",
] as const satisfies readonly ApiErrorCode[];

export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: "Japanese" }),
    }),
  })
  .meta({
    id: "Error",
    description: "`{error: {code, message}}` with the function status names of the spec",
  });

/** A JSON answer of the document. */
export const jsonResponse = (schema: z.ZodType, description = "OK"): ZodOpenApiResponseObject => ({
  description,
  content: { "application/json": { schema } },
});

/** `{items, total, page, pageSize}`, the answer of every list. */
export const listOf = (item: z.ZodType) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

const MatchingInfo = z
  .object(
    Object.fromEntries(
      MATCHING_QUESTIONS.map((q) => [
        q.key,
        z.enum(q.answers.map((a) => a.value) as unknown as [string, ...string[]]),
      ]),
    ),
  )
  .meta({ description: "the 13 answers; an unanswered question takes its first answer" });

const StaffStore = z.object({
  uid: z.string(),
  store_name: z.string(),
  slug: z.string().nullable(),
  store_type: z.string(),
  region: z.string(),
  prefecture: z.string(),
  area: z.string(),
  area_detail: z.string(),
  business_start_time: z.string(),
  business_end_time: z.string(),
});

export const Staff = z
  .object({
    uid: z.string(),
    slug: z.string().nullable(),
    liver_id: z.string(),
    liver_name: z.string(),
    order: z.number().int(),
    follower_number: z.number().int(),
    created_at: time,
    updated_at: time,
    last_post_at: time.nullable(),
    name: z.string().optional(),
    name_kana: z.string().optional(),
    age: z.number().int().nullable().optional(),
    height: z.number().int().nullable().optional(),
    birth_of_date: z
      .string()
      .regex(/^\d{2}-\d{2}$/)
      .nullable()
      .optional()
      .meta({ description: "month and day (MM-DD); the year is never published" }),
    blood_type: choice(BLOOD_TYPE_VALUES).optional(),
    bust_type: choice(BUST_TYPE_VALUES).optional(),
    type_type: choice(TYPE_TYPE_VALUES).optional(),
    karaoke_type: choice(KARAOKE_TYPE_VALUES).optional(),
    alcohol_type: choice(ALCOHOL_TYPE_VALUES).optional(),
    smoke_type: choice(SMOKE_TYPE_VALUES).optional(),
    personality_type: z.string().optional(),
    followers: z.number().int().nullable().optional(),
    image_urls: z.array(z.string()),
    introduction: z.string(),
    instagram_id: z.string().optional(),
    tiktok_id: z.string().optional(),
    youtube_id: z.string().optional(),
    matching_info: MatchingInfo,
    matching_score: z.number().int().min(18).max(100).nullable().optional().meta({
      description:
        "only for a signed-in listener: null until she has saved an answer to the matching questions (ADR 0060), then min(100, round(100 × equal / 13) + 18) with her unanswered questions at their default answer",
    }),
    favorite_id: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "only for a signed-in listener: their follow" }),
    store: StaffStore,
    today_shift: z
      .object({ date, start_time: z.string(), end_time: z.string() })
      .nullable()
      .meta({ description: "the shift of today's business day, or last night's while it still runs" }),
  })
  .meta({
    id: "Staff",
    description:
      "A publicly listed staff member. An attribute the staff member does not publish (published_profile) is absent.",
  });

const PriceSystem = z
  .object({
    sets: z.array(
      z.object({
        start_time: z.string(),
        end_time: z.string(),
        minutes: z.number().int(),
        price: z.number().int(),
        label: z.string(),
      }),
    ),
    extension: z.object({ minutes: z.number().int(), price: z.number().int() }).nullable(),
    nomination_fee: z.number().int().nullable(),
    in_store_nomination_fee: z.number().int().nullable(),
    companion_fee: z.number().int().nullable(),
    table_charge: z.number().int().nullable(),
    service_charge_percent: z.number().nullable(),
    tax_percent: z.number().nullable(),
    drinks: z.array(z.object({ name: z.string(), price: z.number().int() })),
    payment_methods: z.array(z.string()),
    note: z.string(),
  })
  .meta({ id: "PriceSystem", description: "料金システム: yen, minutes, percentages" });

export const Liver = z
  .object({
    uid: z.string(),
    store_name: z.string(),
    store_name_kana: z.string(),
    slug: z.string().nullable(),
    status: z.enum(["public"]),
    created_at: time,
    updated_at: time,
    region: z.string(),
    prefecture: z.string(),
    group: z.string(),
    area: z.string(),
    area_detail: z.string(),
    store_type: z.enum(STORE_TYPE_VALUES as unknown as [string, ...string[]]),
    services: z.array(z.enum(VENUE_TYPE_VALUES as unknown as [string, ...string[]])),
    commitments: z.array(z.enum(VENUE_FEATURE_VALUES as unknown as [string, ...string[]])),
    is_individual: z.boolean(),
    order: z.number().int().nullable(),
    follower_number: z.number().int(),
    postal_code: z.string(),
    address: z.string(),
    buildingName: z.string(),
    lat: z.number().nullable().meta({ description: "the store's pin (WGS84); null while it has none" }),
    lng: z.number().nullable(),
    business_start_time: z.string(),
    business_end_time: z.string(),
    holidays: z.array(z.string()),
    image_urls: z.array(z.string()),
    phone_number: z.string(),
    price_system: PriceSystem.nullable(),
    pr_text: z
      .string()
      .meta({ description: "the store's introduction (紹介文), up to 2,000 characters, line breaks kept" }),
    access: z
      .array(
        z.object({
          station: z.string().meta({ description: "a station of the station data, without 駅 (ADR 0056)" }),
          line: z.string().meta({ description: "its line, as the station data names it" }),
          walk_minutes: z.number().int().min(1).max(60),
        }),
      )
      .max(3)
      .meta({
        description: "up to 3 nearest stations, as the store page lists them: 新宿駅 徒歩5分（JR山手線）",
      }),
    first_visit: z
      .object({
        price_jpy: z.number().int().min(0),
        minutes: z.number().int(),
        includes: z.string().meta({ description: "what the price includes; may be empty" }),
      })
      .nullable()
      .meta({
        description: "the first-visit price, shown as 初回 60分 ¥3,000〜; null when the store gives none",
      }),
    favorite_id: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "only for a signed-in listener: their follow" }),
  })
  .meta({ id: "Liver", description: "A public store." });

export const NearbyLiver = Liver.extend({
  distance_m: z.number().int().meta({ description: "metres from the position asked about" }),
}).meta({ id: "NearbyLiver", description: "A public store near a position." });

export const PostMapCluster = z
  .object({
    cell: z.string().meta({ description: "the geohash prefix the cluster covers" }),
    lat: z.number(),
    lng: z.number(),
    posts: z.number().int(),
    stores: z.number().int(),
    bbox: z.array(z.number()).length(4).meta({ description: "west,south,east,north of its stores" }),
    place: z.string().meta({ description: "the prefecture, or prefecture and area, nearest its centre" }),
    liver: z
      .object({ uid: z.string(), store_name: z.string() })
      .nullable()
      .meta({ description: "the store, when the cluster is one store" }),
  })
  .meta({ id: "PostMapCluster", description: "Stores with posts of the last 7 days, grouped." });

/** A shift's start and end values (domain/schedule-times, ADR 0059). */
export const SHIFT_TIME_DESCRIPTIONS = {
  start_time:
    '"OPEN" (from opening) or "HH:MM" in 10-minute steps on the clock of the business date: "05:00"–"23:50", and "00:00"–"04:50" for the small hours after it',
  end_time:
    '"LAST" (until closing) or "HH:MM" from the start on: "05:00"–"23:50" on the date, "24:00"–"30:00" the next morning (翌0:00–翌6:00, "25:00" = 1:00); an end "00:00"–"04:50" written before ADR 0059 also means the next morning',
} as const;

export const Shift = z
  .object({
    schedule_id: z.string(),
    staff_id: z.string(),
    date: date.meta({ description: "the business date (05:00–05:00 Asia/Tokyo) the shift starts in" }),
    start_time: z.string().meta({ description: SHIFT_TIME_DESCRIPTIONS.start_time }),
    end_time: z.string().meta({ description: SHIFT_TIME_DESCRIPTIONS.end_time }),
    starts_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "the real start; null for OPEN (the store's opening when one asks)" }),
    ends_at: z.iso
      .datetime()
      .nullable()
      .meta({ description: "the real end; null for LAST (the store's closing when one asks)" }),
  })
  .meta({ id: "Shift" });

export const Favorite = z
  .object({
    favorite_id: z.string(),
    uid: z.string(),
    staff_id: z.string().nullable(),
    liver_id: z.string().nullable(),
    created_at: time,
    updated_at: time,
    follower_number: z
      .number()
      .int()
      .optional()
      .meta({ description: "after a follow: the target's exact follower count" }),
    staff: Staff.nullable()
      .optional()
      .meta({ description: "in lists: the followed staff member; null while not publicly listed" }),
    liver: Liver.nullable()
      .optional()
      .meta({ description: "in lists: the followed store; null while not public" }),
  })
  .meta({ id: "Favorite" });

export const PostMedia = z
  .object({
    url: z.string(),
    kind: z.enum(["image", "video", "embed"]),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    thumbnail_url: z.string().nullable().meta({ description: "a video's poster picture" }),
  })
  .meta({ id: "PostMedia" });

/** A post as the API answers it (ADR 0024). */
export const Post = z
  .object({
    post_id: z.string(),
    author_type: z.enum(POST_AUTHOR_TYPES),
    staff_id: z.string().nullable(),
    liver_id: z.string(),
    source: z.enum(POST_SOURCES),
    kind: z.enum(POST_KINDS),
    caption: z.string(),
    media: z.array(PostMedia),
    permalink: z.string(),
    external_id: z.string(),
    posted_at: time,
    status: z.enum(POST_STATUSES),
    is_pr: z.boolean().meta({
      description:
        "marked 「PR」 (advertising) by its author or the operator; shown on every card (ADR 0051)",
    }),
    created_at: time,
    updated_at: time,
  })
  .meta({ id: "Post" });

/** A listed post of a feed (ADR 0024): the post and its author. */
export const FeedItem = Post.extend({
  author: z.object({
    type: z.enum(POST_AUTHOR_TYPES),
    id: z.string().meta({ description: "the staff id of a staff post, the store id of a store post" }),
    name: z.string().meta({ description: "empty when the staff member hides her name" }),
    image_url: z.string().nullable(),
    liver_id: z.string(),
    liver_name: z.string(),
    store_type: z.string(),
  }),
}).meta({ id: "FeedItem" });

export const Unfollowed = z.object({
  ok: z.literal(true),
  favorite_id: z.string(),
  kind: z.enum(["staff", "liver"]),
  target_id: z.string(),
  follower_number: z.number().int().meta({ description: "the target's follower count after it" }),
});

export const Room = z
  .object({
    id: z.string(),
    room_id: z.string().meta({ description: "the same as id (ADR 0029's name)" }),
    member_ids: z.array(z.string()).meta({ description: "the listener and the staff member" }),
    listener_id: z.string(),
    staff_id: z.string(),
    counterpart_id: z.string(),
    counterpart: z.object({
      id: z.string(),
      type: z.enum(["listener", "staff"]),
      name: z.string(),
      image_url: z.string(),
    }),
    last_message: z
      .object({
        message_id: z.string(),
        sender_id: z.string(),
        body: z.string(),
        image_url: z.string().nullable(),
        created_at: time,
      })
      .nullable(),
    last_message_at: time.nullable(),
    unread_count: z.number().int().meta({ description: "the counterpart's messages not yet read" }),
    created_at: time,
    updated_at: time,
  })
  .meta({ id: "Room" });

/** An error of a JSON body's field: the Japanese message belongs next to `field`. */
export const FieldError = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: "Japanese" }),
      field: z.string().optional().meta({ description: "the field the message belongs next to" }),
    }),
  })
  .meta({ id: "FieldError" });

/** A room as `POST /api/rooms` answers it (ADR 0029). */
export const OpenedRoom = z
  .object({
    id: z.string(),
    room_id: z.string().meta({ description: "the same as id (ADR 0029's name)" }),
    member_ids: z.array(z.string()).meta({ description: "the listener and the staff member" }),
    listener_id: z.string(),
    staff_id: z.string(),
    last_message_at: time.nullable(),
    created_at: time,
    updated_at: time,
  })
  .meta({ id: "OpenedRoom" });

export const Message = z
  .object({
    message_id: z.string(),
    room_id: z.string(),
    sender_id: z.string(),
    body: z.string(),
    image_url: z.string().nullable(),
    gift: z
      .object({
        gift_id: z.string(),
        item_id: z.string(),
        name: z.string(),
        image_url: z.string(),
        quantity: z.number().int(),
      })
      .nullable()
      .meta({
        description: "a gift given in the room (`POST /api/gifts` with `room_id`); `body` says it in words",
      }),
    created_at: time,
    read_at: time.nullable().meta({ description: "when the counterpart read it" }),
  })
  .meta({ id: "Message" });

const Counterpart = z.object({
  id: z.string(),
  type: z.enum(["listener", "staff"]),
  name: z.string(),
  image_url: z.string(),
});

export const MessagePage = z
  .object({
    room_id: z.string(),
    counterpart: Counterpart,
    items: z.array(Message).meta({ description: "newest first" }),
    next_before: z
      .string()
      .nullable()
      .meta({ description: "the `before` of the next (older) page; null at the first message" }),
    blocked_by_me: z.boolean(),
    blocked_me: z.boolean(),
  })
  .meta({ id: "MessagePage" });

export const RoomRead = z.object({
  room_id: z.string(),
  read: z.number().int().meta({ description: "messages marked read now" }),
  read_at: time.nullable().meta({ description: "null when nothing was unread" }),
});

export const RoomBlocked = z.object({
  room_id: z.string(),
  blocked: z.literal(true),
  created: z.boolean().meta({ description: "false when the room was blocked already" }),
});

export const RoomReportCreated = z.object({
  report_id: z.string(),
  room_id: z.string(),
  reason: z.string(),
  status: z.enum(["open", "handled"]),
  created_at: time,
});

export const AreaNode = z
  .object({
    id: z.string(),
    name: z.string(),
    name_kana: z.string(),
    type: z.enum(["region", "prefecture", "group", "area", "area_detail"]),
    lat: z
      .number()
      .optional()
      .meta({ description: "centre (WGS84) of an area; of a group or prefecture the mean of its areas'" }),
    lng: z.number().optional(),
    get children() {
      return z.array(AreaNode);
    },
  })
  .meta({ id: "AreaNode" });

const Choice = z.object({ value: z.string(), label: z.string() });
const OptionList = z.array(Choice);
const NumberRange = z.object({
  min: z.number().int(),
  max: z.number().int(),
  default: z.number().int(),
  choices: z.array(z.number().int()),
});

export const Options = z
  .object({
    store_types: z.array(
      Choice.extend({ color: z.string(), hex: z.string(), textOnColor: z.string() }).meta({
        description: "with the colour of the store type's badge",
      }),
    ),
    services: OptionList,
    commitments: OptionList,
    store_statuses: OptionList,
    staff_statuses: OptionList,
    account_types: OptionList,
    account_type_default: z.string(),
    blood_types: OptionList,
    bust_types: OptionList,
    type_types: OptionList,
    karaoke_types: OptionList,
    alcohol_types: OptionList,
    smoke_types: OptionList,
    personality_types: z.array(Choice.extend({ code: z.string() })),
    blank_choice: Choice,
    matching_questions: z.array(z.object({ key: z.string(), question: z.string(), answers: OptionList })),
    default_matching_info: z.record(z.string(), z.string()),
    published_profile_items: OptionList,
    default_published_profile: z.record(z.string(), z.boolean()),
    age: NumberRange,
    height: NumberRange,
  })
  .meta({ description: "Every option list: `{value, label}` choices and their bounds" });

export const Me = z.object({
  type: z.enum(["listener", "liver", "staff", "operator"]),
  account: z
    .looseObject({ uid: z.string() })
    .nullable()
    .meta({ description: "the account's row of its role, without anything secret" }),
});

export const PostalAddresses = z.object({
  items: z.array(
    z.object({
      postal_code: z.string().regex(/^\d{7}$/),
      prefecture_id: z.string(),
      prefecture_name: z.string(),
      city: z.string(),
      town: z.string(),
    }),
  ),
});

export const PowChallenge = z.object({
  algorithm: z.literal(POW_ALGORITHM),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
});

export const Health = z.object({ ok: z.literal(true) });
