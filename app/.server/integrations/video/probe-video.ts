/**
 * What a video file really is, read from its bytes (never from the declared type or the name):
 * the container (MP4: an `ftyp` box first; WebM: an EBML header whose DocType is "webm") and the
 * duration (MP4: `moov/mvhd` duration ÷ timescale; WebM: Segment/Info/Duration × TimecodeScale).
 *
 * A small parser of our own rather than a package: we need two numbers from two well-specified
 * containers, the boxes / elements are walked by their sizes without reading the media data (a
 * `moov` at the end of a 100 MB file costs a few reads), and it runs on a random-access reader, so
 * the caller decides whether the bytes are a temporary file or a buffer. Pure apart from the
 * reader it is handed; table-tested in tests/unit/probe-video.test.ts.
 */

/** Reads up to `length` bytes at `offset` (fewer at the end of the file). */
export type ReadAt = (offset: number, length: number) => Promise<Uint8Array>;

export type VideoContainer = "mp4" | "webm";

export type VideoProbe =
  | { ok: true; container: VideoContainer; contentType: `video/${VideoContainer}`; durationSeconds: number }
  | { ok: false; error: "not_video" | "no_duration" };

/** Boxes or elements walked at most, so a crafted file cannot keep us reading. */
const MAX_STEPS = 4096;
/** The largest `moov` / `Info` we read whole (real ones are kilobytes to a few megabytes). */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

export async function probeVideo(read: ReadAt, size: number): Promise<VideoProbe> {
  if (size < 12) return { ok: false, error: "not_video" };
  const head = await read(0, 64);
  if (isMp4(head)) return probeMp4(read, size);
  if (isEbml(head)) return probeWebm(read, size);
  return { ok: false, error: "not_video" };
}

const ascii = (bytes: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...bytes.subarray(start, end));

function isMp4(head: Uint8Array): boolean {
  return head.length >= 12 && ascii(head, 4, 8) === "ftyp";
}

function isEbml(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A box header at `offset`: its type, where its content starts and where the box ends. */
async function mp4BoxAt(read: ReadAt, offset: number, limit: number) {
  const header = await read(offset, 16);
  if (header.length < 8) return null;
  let size = view(header).getUint32(0);
  const type = ascii(header, 4, 8);
  let headerSize = 8;
  if (size === 1) {
    if (header.length < 16) return null;
    size = Number(view(header).getBigUint64(8));
    headerSize = 16;
  } else if (size === 0) {
    size = limit - offset; // to the end of the file
  }
  if (size < headerSize || offset + size > limit) return null;
  return { type, contentStart: offset + headerSize, end: offset + size };
}

async function probeMp4(read: ReadAt, size: number): Promise<VideoProbe> {
  let offset = 0;
  for (let step = 0; step < MAX_STEPS && offset < size; step++) {
    const box = await mp4BoxAt(read, offset, size);
    if (!box) break;
    if (box.type === "moov") {
      const length = box.end - box.contentStart;
      if (length > MAX_HEADER_BYTES) break;
      const moov = await read(box.contentStart, length);
      const seconds = mvhdSeconds(moov);
      return seconds === null
        ? { ok: false, error: "no_duration" }
        : { ok: true, container: "mp4", contentType: "video/mp4", durationSeconds: seconds };
    }
    offset = box.end;
  }
  return { ok: false, error: "no_duration" };
}

/** The duration in the `mvhd` box among the children of `moov` (versions 0 and 1). */
function mvhdSeconds(moov: Uint8Array): number | null {
  const data = view(moov);
  let offset = 0;
  while (offset + 8 <= moov.length) {
    const size = data.getUint32(offset);
    const type = ascii(moov, offset + 4, offset + 8);
    if (size < 8 || offset + size > moov.length) return null;
    if (type === "mvhd") {
      const version = moov[offset + 8];
      const body = offset + 12; // after size, type, version and flags
      let timescale: number;
      let duration: number;
      if (version === 1) {
        if (size < 12 + 28) return null;
        timescale = data.getUint32(body + 16);
        duration = Number(data.getBigUint64(body + 20));
      } else {
        if (size < 12 + 16) return null;
        timescale = data.getUint32(body + 8);
        duration = data.getUint32(body + 12);
      }
      // All ones means "unknown" (a fragmented file), like a zero timescale.
      if (timescale === 0 || duration === 0xffffffff || !Number.isFinite(duration)) return null;
      return duration / timescale;
    }
    offset += size;
  }
  return null;
}

// EBML (Matroska / WebM): element ids and sizes are variable-length integers.
const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;

interface Vint {
  value: number;
  length: number;
  /** All value bits set: the "unknown size" of a live stream. */
  unknown: boolean;
}

/** A variable-length integer at `at`; `keepMarker` keeps the length bit (element ids do). */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = bytes[at + i]!;
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  dataStart: number;
  /** Null for an unknown size. */
  dataEnd: number | null;
}

async function elementAt(read: ReadAt, offset: number): Promise<Element | null> {
  const header = await read(offset, 12);
  const id = readVint(header, 0, true);
  if (!id) return null;
  const size = readVint(header, id.length, false);
  if (!size) return null;
  const dataStart = offset + id.length + size.length;
  return { id: id.value, dataStart, dataEnd: size.unknown ? null : dataStart + size.value };
}

/** The children of an element held in memory, by id (the first of each). */
function childrenOf(bytes: Uint8Array): Map<number, Uint8Array> {
  const found = new Map<number, Uint8Array>();
  let at = 0;
  for (let step = 0; step < MAX_STEPS && at < bytes.length; step++) {
    const id = readVint(bytes, at, true);
    if (!id) break;
    const size = readVint(bytes, at + id.length, false);
    if (!size || size.unknown) break;
    const start = at + id.length + size.length;
    const end = start + size.value;
    if (end > bytes.length) break;
    if (!found.has(id.value)) found.set(id.value, bytes.subarray(start, end));
    at = end;
  }
  return found;
}

function unsignedOf(bytes: Uint8Array): number {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

async function probeWebm(read: ReadAt, size: number): Promise<VideoProbe> {
  const header = await elementAt(read, 0);
  if (!header || header.id !== EBML_HEADER || header.dataEnd === null || header.dataEnd > size)
    return { ok: false, error: "not_video" };
  const docType = childrenOf(await read(header.dataStart, header.dataEnd - header.dataStart)).get(DOC_TYPE);
  if (!docType || new TextDecoder().decode(docType).replace(/\0+$/, "") !== "webm")
    return { ok: false, error: "not_video" };

  const segment = await elementAt(read, header.dataEnd);
  if (!segment || segment.id !== SEGMENT) return { ok: false, error: "no_duration" };
  const segmentEnd = Math.min(segment.dataEnd ?? size, size);
  let offset = segment.dataStart;
  for (let step = 0; step < MAX_STEPS && offset < segmentEnd; step++) {
    const element = await elementAt(read, offset);
    // Info comes before the clusters; an unknown size (a cluster of a live recording) ends the walk.
    if (!element || element.dataEnd === null || element.id === CLUSTER) break;
    if (element.id === INFO) {
      const length = element.dataEnd - element.dataStart;
      if (length > MAX_HEADER_BYTES) break;
      const info = childrenOf(await read(element.dataStart, length));
      const scale = info.get(TIMECODE_SCALE);
      const nanosPerTick = scale ? unsignedOf(scale) : 1_000_000;
      const duration = info.get(DURATION);
      if (!duration || nanosPerTick === 0) break;
      const ticks =
        duration.length === 4
          ? view(duration).getFloat32(0)
          : duration.length === 8
            ? view(duration).getFloat64(0)
            : Number.NaN;
      if (!Number.isFinite(ticks) || ticks <= 0) break;
      return {
        ok: true,
        container: "webm",
        contentType: "video/webm",
        durationSeconds: (ticks * nanosPerTick) / 1e9,
      };
    }
    offset = element.dataEnd;
  }
  return { ok: false, error: "no_duration" };
}

/** A reader over bytes in memory (tests, small files). */
export function bytesReader(bytes: Uint8Array): ReadAt {
  return async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length));
}
