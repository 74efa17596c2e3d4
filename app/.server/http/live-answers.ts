import { data } from "react-router";
import { LIVE_TEXTS } from "~/domain/live";
import { commentEvent } from "../services/live/write-comment";
import { apiError } from "./api-response";

/** The refusals of the live use cases (ADR 0031) and what they carry. */
export type LiveRefusal =
  | { error: "forbidden" }
  | { error: "not_found" }
  | { error: "ended"; message?: string }
  | { error: "full" }
  | { error: "not_listed"; message: string }
  | { error: "invalid"; message: string }
  | { error: "blocked"; message: string }
  | { error: "rate_limited"; message: string; retryAfterSeconds: number };

/**
 * A refused live call as the JSON API answers it (ADR 0020, ADR 0031): `forbidden` 403 (a kind of
 * account that never may), `not_found` 404 (another's live, or none), `ended` 400 with
 * 「配信は終了しました」 (the live is over: a client error, nothing to retry), `full` 429 with
 * 「満員です」, `invalid` 400 with the message and its `field`, `blocked` and `not_listed` 403 with
 * their text, `rate_limited` 429 with `Retry-After`.
 */
export function liveRefusal(refusal: LiveRefusal, field?: string) {
  switch (refusal.error) {
    case "forbidden":
      return apiError("permission-denied", "このアカウントでは利用できません");
    case "not_found":
      return apiError("not-found", LIVE_TEXTS.liveNotFound);
    case "ended":
      return apiError("invalid-argument", LIVE_TEXTS.ended, { reason: "ended" });
    case "full":
      return data(
        { error: { code: "resource-exhausted", message: LIVE_TEXTS.full, reason: "full" } },
        { status: 429 },
      );
    case "not_listed":
    case "blocked":
      return apiError("permission-denied", refusal.message);
    case "invalid":
      return apiError("invalid-argument", refusal.message, field ? { field } : {});
    case "rate_limited":
      return data(
        { error: { code: "resource-exhausted", message: refusal.message } },
        {
          status: 429,
          headers: { "Retry-After": String(Math.max(1, Math.ceil(refusal.retryAfterSeconds))) },
        },
      );
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The rows as the use cases answer them (the controllers do not import the schema). */
interface Live {
  live_id: string;
  broadcaster_type: "staff" | "liver";
  broadcaster_id: string;
  liver_id: string;
  title: string;
  status: "live" | "ended";
  started_at: Date;
  ended_at: Date | null;
  viewer_peak: number;
  comment_count: number;
  viewer_count: number;
}
interface LiveCommentReport {
  report_id: string;
  live_id: string;
  comment_id: string;
  reason: string;
  status: "open" | "handled";
  created_at: Date;
}

/** A live row as the API answers it (ADR 0031 field names). */
export function liveJson(live: Live) {
  return {
    live_id: live.live_id,
    broadcaster_type: live.broadcaster_type,
    broadcaster_id: live.broadcaster_id,
    liver_id: live.liver_id,
    title: live.title,
    status: live.status,
    started_at: live.started_at.toISOString(),
    ended_at: iso(live.ended_at),
    viewer_peak: live.viewer_peak,
    comment_count: live.comment_count,
    viewer_count: live.status === "live" ? live.viewer_count : 0,
  };
}

/** A comment as the API answers it: the same object the live's stream carries. */
export const commentJson = commentEvent;

export function reportJson(report: LiveCommentReport) {
  return {
    report_id: report.report_id,
    live_id: report.live_id,
    comment_id: report.comment_id,
    reason: report.reason,
    status: report.status,
    created_at: report.created_at.toISOString(),
  };
}

/** No-store JSON for the signed-in and per-viewer answers of lives. */
export function privateJson<T>(body: T, status = 200) {
  return data(body, { status, headers: { "Cache-Control": "private, no-store" } });
}
