import { type SQL, sql } from "drizzle-orm";
import type { BroadcasterType, LiveStatus } from "~/domain/live";
import { LIVE_RECORDS_SHOWN } from "~/domain/live-records";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";

/** One live in its broadcaster's record (ADR 0043): what the list shows and the summary's header. */
export interface LiveRecord {
  live_id: string;
  title: string;
  status: LiveStatus;
  started_at: string;
  ended_at: string | null;
  viewer_peak: number;
  comment_count: number;
  /** The store's points its gifts are worth. */
  points: number;
  broadcaster: {
    type: BroadcasterType;
    id: string;
    name: string;
    /** Publicly listed now: only then does the public live page exist to link to. */
    listed: boolean;
  };
}

interface RecordRow {
  live_id: string;
  title: string;
  status: LiveStatus;
  started_at: Date | string;
  ended_at: Date | string | null;
  viewer_peak: number | string;
  comment_count: number | string;
  points: number | string;
  broadcaster_type: BroadcasterType;
  broadcaster_id: string;
  broadcaster_name: string;
  listed: boolean | string;
}

/**
 * The lives `actor` may read the summaries of (`live.summary.read`, ADR 0022): a staff member's
 * own, a store's own and its staff's (a staff member since deleted included: her lives stay in
 * the store's record). Filtered by the broadcaster columns of `lives`, which its indexes lead with.
 */
function ownLives(actor: Viewer): SQL {
  return actor.type === "staff"
    ? sql`v.broadcaster_type = 'staff' and v.broadcaster_id = ${actor.uid}`
    : sql`v.liver_id = ${actor.uid}`;
}

/** Lives with their broadcaster's name and points, newest first. Shared with read-live-record.ts. */
export async function selectLiveRecords(db: Db, where: SQL, limit: number): Promise<LiveRecord[]> {
  const rows = await queryRows<RecordRow>(
    db,
    sql`select v.live_id, v.title, v.status, v.started_at, v.ended_at, v.viewer_peak, v.comment_count,
               v.broadcaster_type, v.broadcaster_id,
               case when v.broadcaster_type = 'staff' then s.name else l.store_name end as broadcaster_name,
               case when v.broadcaster_type = 'staff'
                    then coalesce(s.status = 'public' and s.is_displayed, false) and l.status = 'public'
                    else l.status = 'public' end as listed,
               (select coalesce(sum(g.points), 0) from gifts g where g.live_id = v.live_id) as points
          from lives v
          join livers l on l.uid = v.liver_id
          left join staffs s on v.broadcaster_type = 'staff' and s.uid = v.broadcaster_id
         where ${where}
         order by v.started_at desc, v.live_id
         limit ${limit}`,
  );
  return rows.map((row) => ({
    live_id: row.live_id,
    title: row.title,
    status: row.status,
    started_at: new Date(row.started_at).toISOString(),
    ended_at: row.ended_at ? new Date(row.ended_at).toISOString() : null,
    viewer_peak: Number(row.viewer_peak),
    comment_count: Number(row.comment_count),
    points: Number(row.points),
    broadcaster: {
      type: row.broadcaster_type,
      id: row.broadcaster_id,
      name: row.broadcaster_name ?? "",
      listed: row.listed === true || row.listed === "t",
    },
  }));
}

/**
 * `/staff/mypage/lives` and `/liver/mypage/lives`: the account's newest lives (a store: its own and
 * its staff's), each a link to its summary. Performers see their own figures only (ADR 0043).
 */
export async function listLiveRecords({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<{ ok: true; items: LiveRecord[] } | { ok: false; error: "forbidden" }> {
  const refused = roleRefusal(actor, "live.summary.read");
  if (refused) return { ok: false, error: refused };
  return { ok: true, items: await selectLiveRecords(db, ownLives(actor), LIVE_RECORDS_SHOWN) };
}
