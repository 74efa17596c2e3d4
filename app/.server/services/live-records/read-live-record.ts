import { sql } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { LiveSettings } from "../live/live-settings";
import { type LiveSummary, readLiveSummary } from "../live/live-summary";
import { type LiveRecord, selectLiveRecords } from "./list-live-records";

export type LiveRecordResult =
  | { ok: true; record: LiveRecord; summary: LiveSummary }
  | { ok: false; error: "forbidden" | "not_found" | "unauthenticated" };

/**
 * `/staff/mypage/lives/{id}` and `/liver/mypage/lives/{id}` (ADR 0043): the summary
 * of one live — the same figures as `GET /api/lives/{id}/summary`, whose use case decides who may
 * read it (the broadcaster and her store; another's live is not found) — with who broadcast it, so
 * a store knows which performer's live it is and the page can link to the public live page.
 */
export async function readLiveRecord({
  db,
  actor,
  input,
  settings,
  now,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string };
  settings: Pick<LiveSettings, "fanThresholds">;
  now?: Date;
}): Promise<LiveRecordResult> {
  const result = await readLiveSummary({ db, actor, input, settings, now });
  if (!result.ok) return result;
  const [record] = await selectLiveRecords(db, sql`v.live_id = ${result.summary.live_id}`, 1);
  if (!record) return { ok: false, error: "not_found" };
  return { ok: true, record, summary: result.summary };
}
