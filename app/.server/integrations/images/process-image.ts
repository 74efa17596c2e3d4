import sharp from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_MAX_INPUT_PIXELS, IMAGE_MAX_SIDE, type ImageErrorKey } from "~/domain/images";
import { createSlots } from "./slots";

const decodeSlots = createSlots(2);

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "heif"]);

export type ProcessedImage =
  | { ok: true; data: Buffer; width: number; height: number; contentType: "image/webp" }
  | { ok: false; error: ImageErrorKey };

/**
 * Re-encodes an uploaded picture: whatever arrives is decoded by sharp (so a file that only
 * pretends to be an image is refused), turned upright from its EXIF orientation, shrunk to fit
 * IMAGE_MAX_SIDE and written as WebP. sharp writes no metadata unless asked, so EXIF (GPS
 * position, camera serial), XMP and ICC comments of the original are gone.
 */
export async function processImage(input: Uint8Array): Promise<ProcessedImage> {
  // Decoding is the costly part: at most two at once, the rest wait their turn (the server keeps
  // answering everything else meanwhile).
  return decodeSlots.run(() => reencode(input));
}

async function reencode(input: Uint8Array): Promise<ProcessedImage> {
  if (input.byteLength > IMAGE_MAX_BYTES) return { ok: false, error: "too_large" };
  if (input.byteLength === 0) return { ok: false, error: "broken" };
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(input, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  } catch {
    return { ok: false, error: "unsupported" };
  }
  // AVIF reports itself as heif; HEIC (HEVC) cannot be decoded by the bundled libvips.
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, error: "unsupported" };
  if (width * height > IMAGE_MAX_INPUT_PIXELS) return { ok: false, error: "too_many_pixels" };
  try {
    const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: IMAGE_MAX_SIDE, height: IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, data, width: info.width, height: info.height, contentType: "image/webp" };
  } catch {
    return { ok: false, error: "broken" };
  }
}
