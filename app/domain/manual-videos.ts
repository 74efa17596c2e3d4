import { z } from "zod";

/**
 * The manual videos of the back office (`/liver/mypage/manual`, `/staff/mypage/manual`): titled
 * YouTube videos listed in the configuration (`MANUAL_VIDEOS`, a JSON array), so the operator can
 * change them without a deploy of code.
 */

export const MANUAL_AUDIENCES = ["liver", "staff", "all"] as const;

/** A YouTube video id: 11 of A–Z a–z 0–9 _ -. */
export const YOUTUBE_VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export const ManualVideoSchema = z.object({
  title: z.string().trim().min(1).max(80),
  youtube_id: z.string().regex(YOUTUBE_VIDEO_ID, "an 11-character YouTube video id"),
  /** Who sees it: stores, staff or both (default both). */
  audience: z.enum(MANUAL_AUDIENCES).default("all"),
  description: z.string().trim().max(200).default(""),
});

export const ManualVideosSchema = z.array(ManualVideoSchema).max(50);

export type ManualVideo = z.output<typeof ManualVideoSchema>;

/** The videos for one kind of account, in the configured order. */
export function manualVideosFor(videos: readonly ManualVideo[], role: "liver" | "staff"): ManualVideo[] {
  return videos.filter((video) => video.audience === "all" || video.audience === role);
}

/** The privacy-enhanced embed address (no cookies until the viewer plays the video). */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?rel=0`;
}
