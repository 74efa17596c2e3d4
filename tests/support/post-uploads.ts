import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { UploadedMedia } from "~/.server/services/posts/native-post-media";

/** Uploaded files as the multipart reader leaves them: bytes in a temporary file. */
const dir = mkdtempSync(path.join(tmpdir(), "post-uploads-"));
let seq = 0;

export function uploaded(bytes: Uint8Array, fileName: string): UploadedMedia {
  const file = path.join(dir, `${++seq}`);
  writeFileSync(file, bytes);
  return { path: file, size: bytes.length, fileName };
}

/** A real PNG picture of `width` × `height`. */
export function png(width = 80, height = 60, hue = 90) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: hue, b: 200 - hue } } })
    .png()
    .toBuffer();
}
