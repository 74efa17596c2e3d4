import { type Readable, Transform } from "node:stream";

/**
 * The storage port for uploaded files (pictures today, videos of posts next): bytes go in and come
 * out as streams, so a 100 MB video never sits whole in memory, and reads take a byte range so
 * players can seek. Two adapters: the local disk under `DATA_DIR/uploads` (the default) and an
 * S3-compatible bucket (ADR 0016).
 *
 * Keys are relative paths such as `livers/<uid>/<random>.webp`. Every stored URL is the site path
 * `/uploads/<key>` whatever the adapter, so rows never change when the storage does.
 */
export interface ObjectStorage {
  readonly kind: "disk" | "s3";
  /** Where the objects are, for the log: a directory or `s3://bucket`. */
  readonly location: string;
  /** Throws when the storage cannot be used (a directory not writable, a bucket out of reach). */
  check(): Promise<void>;
  /**
   * Stores `body` under `key`, replacing what was there. A stream needs `size`; a body that is
   * shorter or longer than `size` fails and leaves nothing behind.
   */
  put(
    key: string,
    body: Readable | Uint8Array,
    meta: { contentType: string; size?: number },
  ): Promise<ObjectInfo>;
  /** The object's bytes, all or `range` (inclusive, within the size); null when there is none. */
  get(key: string, options?: { range?: ByteRange }): Promise<StoredObject | null>;
  head(key: string): Promise<ObjectInfo | null>;
  /** Deletes the object; a missing one is fine. */
  delete(key: string): Promise<void>;
  /** Every object (key and size), in no promised order. */
  list(): AsyncIterable<ObjectSummary>;
  /** The URL rows keep: `/uploads/<key>`. */
  publicUrl(key: string): string;
  /**
   * Where a browser can fetch the object without this server (S3 with S3_PUBLIC_URL), or null
   * when the server streams it itself.
   */
  directUrl(key: string): string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface ObjectSummary {
  key: string;
  size: number;
}

export interface ObjectInfo extends ObjectSummary {
  contentType: string;
  lastModified: Date;
  /** A strong or weak validator, quoted as HTTP wants it. */
  etag: string;
}

export interface StoredObject extends ObjectInfo {
  body: Readable;
  /** The part of the object in `body` (the whole object when no range was asked). */
  range: ByteRange;
}

export const UPLOADS_PREFIX = "/uploads/";

const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}";
const KEY = new RegExp(`^${SEGMENT}(/${SEGMENT}){0,7}$`);

/**
 * Keys are plain relative paths of letters, digits, `.`, `_` and `-`, no segment starting with a dot
 * (no `..`, no hidden files) and no absolute path, so a key can never leave the storage root on disk.
 */
export function isValidKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * Objects under `private/` are never served at `/uploads` (age verification documents, ADR 0055):
 * they are read by the services that own them, and stored encrypted in case a bucket is public.
 */
export const PRIVATE_PREFIX = "private/";
export const isPrivateKey = (key: string) => key.startsWith(PRIVATE_PREFIX);

/** The key of a stored URL (`/uploads/<key>`), or null for any other URL. */
export function keyFromPublicUrl(url: string): string | null {
  if (!url.startsWith(UPLOADS_PREFIX)) return null;
  const key = url.slice(UPLOADS_PREFIX.length);
  return isValidKey(key) ? key : null;
}

const TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  mp4: "video/mp4",
  webm: "video/webm",
};

/** The content type a key's extension stands for (the disk keeps no metadata beside the bytes). */
export function contentTypeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  return TYPES[extension] ?? "application/octet-stream";
}

/** The declared size of a body: a buffer's own length; a stream must say. */
export function sizeOf(body: Readable | Uint8Array, size: number | undefined): number {
  if (body instanceof Uint8Array) {
    if (size !== undefined && size !== body.byteLength)
      throw new Error(`size ${size} does not match the body's ${body.byteLength} bytes`);
    return body.byteLength;
  }
  if (size === undefined || !Number.isSafeInteger(size) || size < 0)
    throw new Error("a streamed body needs its size");
  return size;
}

export class SizeMismatchError extends Error {
  constructor(expected: number, actual: number) {
    super(`the body had ${actual} bytes where ${expected} were declared`);
    this.name = "SizeMismatchError";
  }
}

/** Passes a stream through and fails it when it carries more or fewer bytes than declared. */
export function exactLength(expected: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.byteLength;
      if (seen > expected) callback(new SizeMismatchError(expected, seen));
      else callback(null, chunk);
    },
    flush(callback) {
      callback(seen === expected ? null : new SizeMismatchError(expected, seen));
    },
  });
}

export function assertRangeWithin(range: ByteRange | undefined, size: number): void {
  if (!range) return;
  if (
    !Number.isSafeInteger(range.start) ||
    !Number.isSafeInteger(range.end) ||
    range.start < 0 ||
    range.end < range.start ||
    range.end >= size
  )
    throw new RangeError(`range ${range.start}-${range.end} is outside 0-${size - 1}`);
}
