/**
 * The pieces every public staff list shares: which staff are listed, the columns a card and the
 * API need, the matching score in SQL, today's shift, the listener's follow, and the mapping of a
 * row to the public object (hidden attributes left out).
 */

import { and, count, eq, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { PUBLISHED_PROFILE_KEYS, type PublishedProfileKey } from "~/domain/options";
import { type PublicProfile, publicProfileOf } from "~/domain/public-profile";
import type { Db } from "../../db/client";
import { favorites, livers, schedules, staffs } from "../../db/schema";
import { todaysShifts, todaysShiftsByPlaceholders } from "./todays-shifts";

/** The staff member's own part of being listed: status public and displayed (the partial indexes' predicate). */
export const listedStaffRow: SQL = and(eq(staffs.status, "public"), eq(staffs.is_displayed, true))!;

/** ADR 0020: status public, displayed, and the store public. Needs `livers` joined. */
export const listedStaff: SQL = and(listedStaffRow, eq(livers.status, "public"))!;

/** True unless the staff member hid `key`: a bit of the generated `published_mask` (in the listed-staff index). */
export function published(key: PublishedProfileKey): SQL {
  const bit = 1 << PUBLISHED_PROFILE_KEYS.indexOf(key);
  return sql`(${staffs.published_mask} & ${sql.raw(String(bit))}) <> 0`;
}

/**
 * The matching score against a listener's mask, in SQL (ADR 0002): 13 − popcount(staff # listener)
 * equal answers, then min(100, round(100 × equal / 13) + 18), as `scoreFromMasks` computes it.
 */
export function matchingScoreSql(listenerMask: number): SQL<number> {
  const mask = Math.trunc(listenerMask) & 0x1fff;
  // round(100e/13) in integers: (200e + 13) / 26 (e ≥ 0); cheaper than numeric on every row.
  return sql<number>`least(100, (200 * (13 - bit_count((${staffs.matching_mask} # ${sql.raw(String(mask))})::bit(13))) + 13) / 26 + 18)`;
}

/** The score class (domain `matchingClass`): differing answers, 0–2 merged (they all score 100). */
export function matchingClassSql(listenerMask: number): SQL<number> {
  const mask = Math.trunc(listenerMask) & 0x1fff;
  return sql<number>`greatest(2, bit_count((${staffs.matching_mask} # ${sql.raw(String(mask))})::bit(13)))`;
}

export interface StaffListContext {
  /** The business date (YYYY-MM-DD) whose shift is shown as today's. */
  today: string;
  /** The moment asked about: a shift of the day before still running then counts as today's (ADR 0059). */
  now?: Date;
  /** The signed-in listener: their follows and matching mask (null before any answer, ADR 0060). */
  listener?: { uid: string; mask: number | null } | null;
}

/**
 * Today's shift of each staff row, as one lateral join: the earliest of the row's shifts that are
 * today's (one of yesterday still running comes first: it is the one on now; ADR 0059). One index
 * probe of schedules per row, where three correlated subqueries (date, start, end) made three.
 */
function todayShift(context: StaffListContext, bind: "values" | "placeholders") {
  return todayShiftWhere(
    bind === "placeholders" ? todaysShiftsByPlaceholders() : todaysShifts(context.today, context.now),
  );
}

function todayShiftWhere(isToday: SQL) {
  return sql`(select ${schedules.date}::text as shift_date, ${schedules.start_time} as shift_start, ${schedules.end_time} as shift_end from ${schedules} where ${schedules.staff_id} = ${staffs.uid} and ${isToday} order by ${schedules.date} limit 1) as "today_shift"`;
}

const shiftColumn = <T>(name: string) => sql<T | null>`"today_shift".${sql.identifier(name)}`;

/** The columns of a public staff row (staff, store, today's shift, the listener's follow and score). */
export function staffColumns({ listener }: StaffListContext) {
  return {
    uid: staffs.uid,
    slug: staffs.slug,
    liver_id: staffs.liver_id,
    liver_name: staffs.liver_name,
    order: staffs.order,
    follower_number: staffs.follower_number,
    created_at: staffs.created_at,
    updated_at: staffs.updated_at,
    last_post_at: staffs.last_post_at,
    sort_new_at: staffs.sort_new_at,
    age: staffs.age,
    height: staffs.height,
    birth_of_date: staffs.birth_of_date,
    blood_type: staffs.blood_type,
    bust_type: staffs.bust_type,
    type_type: staffs.type_type,
    karaoke_type: staffs.karaoke_type,
    alcohol_type: staffs.alcohol_type,
    smoke_type: staffs.smoke_type,
    personality_type: staffs.personality_type,
    followers: staffs.followers,
    name: staffs.name,
    name_kana: staffs.name_kana,
    image_urls: staffs.image_urls,
    introduction: staffs.introduction,
    instagram_id: staffs.instagram_id,
    tiktok_id: staffs.tiktok_id,
    youtube_id: staffs.youtube_id,
    matching_info: staffs.matching_info,
    published_profile: staffs.published_profile,
    store_name: livers.store_name,
    store_slug: livers.slug,
    store_type: livers.store_type,
    region: livers.region,
    prefecture: livers.prefecture,
    area: livers.area,
    area_detail: livers.area_detail,
    business_start_time: livers.business_start_time,
    business_end_time: livers.business_end_time,
    shift_date: shiftColumn<string>("shift_date"),
    shift_start: shiftColumn<string>("shift_start"),
    shift_end: shiftColumn<string>("shift_end"),
    favorite_id: listener
      ? sql<
          string | null
        >`(select ${favorites.favorite_id} from ${favorites} where ${favorites.uid} = ${listener.uid} and ${favorites.staff_id} = ${staffs.uid})`
      : sql<null>`null`,
    matching_score:
      listener && listener.mask !== null ? matchingScoreSql(listener.mask) : sql<number | null>`null`,
  };
}

type Columns = ReturnType<typeof staffColumns>;
export type StaffRow = SelectResultFields<Columns>;

export interface PublicStaffStore {
  uid: string;
  store_name: string;
  slug: string | null;
  store_type: string;
  region: string;
  prefecture: string;
  area: string;
  area_detail: string;
  business_start_time: string;
  business_end_time: string;
}

/** A publicly listed staff member as the API answers it and the pages show it. */
export interface PublicStaff extends PublicProfile {
  uid: string;
  slug: string | null;
  liver_id: string;
  liver_name: string;
  order: number;
  follower_number: number;
  created_at: Date;
  updated_at: Date;
  last_post_at: Date | null;
  image_urls: string[];
  introduction: string;
  store: PublicStaffStore;
  /**
   * The shift of today's business day (see domain/shift-status), or one of the day before still
   * running (its own `date`, ADR 0059), or null.
   */
  today_shift: { date: string; start_time: string; end_time: string } | null;
  /**
   * Only when a listener is signed in: null until she saved an answer (ADR 0060), then the score
   * (18–100, docs/product.md "Matching").
   */
  matching_score?: number | null;
  /** Only when a listener is signed in: their follow of this staff member, or null. */
  favorite_id?: string | null;
}

export function toPublicStaff(row: StaffRow, context: StaffListContext): PublicStaff {
  const staff: PublicStaff = {
    uid: row.uid,
    slug: row.slug,
    liver_id: row.liver_id,
    liver_name: row.liver_name,
    order: row.order,
    follower_number: row.follower_number,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_post_at: row.last_post_at,
    image_urls: row.image_urls,
    introduction: row.introduction,
    ...publicProfileOf(row),
    store: {
      uid: row.liver_id,
      store_name: row.store_name,
      slug: row.store_slug,
      store_type: row.store_type,
      region: row.region,
      prefecture: row.prefecture,
      area: row.area,
      area_detail: row.area_detail,
      business_start_time: row.business_start_time,
      business_end_time: row.business_end_time,
    },
    today_shift:
      row.shift_start && row.shift_end
        ? { date: row.shift_date ?? context.today, start_time: row.shift_start, end_time: row.shift_end }
        : null,
  };
  if (context.listener) {
    staff.matching_score = row.matching_score === null ? null : Number(row.matching_score);
    staff.favorite_id = row.favorite_id ?? null;
  }
  return staff;
}

/**
 * `select <staff columns> from staffs join livers left join lateral <today's shift>`: the start of
 * every public staff query. `placeholders`: today's shift by the placeholders of
 * `todaysShiftsByPlaceholders` (values: `shiftValues`), for a statement built once per shape; only
 * for a visitor (no listener: her follow and score would be values of the text).
 */
export function selectStaffRows(
  db: Db,
  context: StaffListContext,
  bind: "values" | "placeholders" = "values",
) {
  if (bind === "placeholders" && context.listener) throw new Error("a listener's staff rows are not shaped");
  return db
    .select(staffColumns(context))
    .from(staffs)
    .innerJoin(livers, eq(livers.uid, staffs.liver_id))
    .leftJoin(sql`lateral ${todayShift(context, bind)}`, sql`true`);
}

/** `select count(*) from staffs join livers`. */
export function countStaffRows(db: Db) {
  return db.select({ n: count() }).from(staffs).innerJoin(livers, eq(livers.uid, staffs.liver_id));
}

export type LookupKey = { key: string; by: "id" | "slug" | "either" };

/** The lookup of `/api/…/{id}` and `/api/…/slug/{slug}` from the route's params. */
export function lookupFromParams(params: { id?: string; slug?: string }): LookupKey {
  return params.slug !== undefined ? { key: params.slug, by: "slug" } : { key: params.id ?? "", by: "id" };
}

/** Matches a row by id, by slug, or by either (page URLs accept both; callers prefer the id). */
export function lookupCondition(id: AnyPgColumn, slug: AnyPgColumn, { key, by }: LookupKey): SQL {
  if (by === "id") return eq(id, key);
  if (by === "slug") return eq(slug, key);
  return or(eq(id, key), eq(slug, key))!;
}
