import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { PostMedia } from "~/domain/posts";
import { keyFromPublicUrl, type ObjectStorage } from "../../integrations/storage/object-storage";
import type { ReadAt } from "../../integrations/video/probe-video";

/** An uploaded file waiting in a temporary file (the multipart reader put it there). */
export interface UploadedMedia {
  path: string;
  size: number;
  fileName: string;
}

/** The folder of an author's post media: `posts/<uid>`. */
export const postFolder = (authorUid: string) => `posts/${authorUid}`;

const POST_KEY = /^posts\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{16,64}\.(webp|mp4|webm)$/;

/** Streams a checked video from its temporary file into the object storage; answers its URL. */
export async function storeVideo(
  storage: ObjectStorage,
  authorUid: string,
  video: UploadedMedia,
  container: "mp4" | "webm",
): Promise<string> {
  const key = `${postFolder(authorUid)}/${randomBytes(16).toString("base64url")}.${container}`;
  await storage.put(key, createReadStream(video.path), {
    contentType: `video/${container}`,
    size: video.size,
  });
  return storage.publicUrl(key);
}

/** Removes the files of a post's media (ours only: `/uploads/posts/…`); a missing one is fine. */
export async function removePostMedia(
  storage: ObjectStorage,
  urls: readonly (string | null)[],
): Promise<void> {
  for (const url of urls) {
    const key = url ? keyFromPublicUrl(url) : null;
    if (key && POST_KEY.test(key)) await storage.delete(key);
  }
}

/** Every stored URL of a post's media (pictures, videos and their posters). */
export function mediaUrls(media: readonly PostMedia[]): string[] {
  return media.flatMap((item) => [item.url, ...(item.thumbnail_url ? [item.thumbnail_url] : [])]);
}

/** A random-access reader over a file, for the video probe; close it after use. */
export async function fileReader(filePath: string): Promise<{ read: ReadAt; close: () => Promise<void> }> {
  const handle = await open(filePath, "r");
  return {
    read: async (offset, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
    },
    close: () => handle.close(),
  };
}
