import type { SnsEnv } from "../../env";
import type { SnsHttpOptions } from "./http";
import { createInstagramClient } from "./instagram/instagram-client";
import type { InstagramPort } from "./instagram/instagram-port";
import { createTikTokClient } from "./tiktok/tiktok-client";
import type { TikTokPort } from "./tiktok/tiktok-port";
import { createYouTubeClient } from "./youtube/youtube-client";
import type { YouTubePort } from "./youtube/youtube-port";

export * from "./errors";
export type * from "./types";
export type { InstagramPort, TikTokPort, YouTubePort };

export interface SnsPorts {
  /** null: no INSTAGRAM_CLIENT_ID/SECRET, the link is "not configured". */
  instagram: InstagramPort | null;
  tiktok: TikTokPort | null;
  youtube: YouTubePort;
}

/** The real HTTP clients for the configured vendors (ADR 0023). */
export function createSnsPorts(sns: SnsEnv, http: SnsHttpOptions = {}): SnsPorts {
  return {
    instagram: sns.instagram.configured ? createInstagramClient({ ...sns.instagram, ...http }) : null,
    tiktok: sns.tiktok.configured ? createTikTokClient({ ...sns.tiktok, ...http }) : null,
    youtube: createYouTubeClient({ ...sns.youtube, ...http }),
  };
}
