/**
 * Small but well-formed video files, assembled box by box / element by element (there is no
 * ffmpeg on the build machines): an ISO BMFF file (`ftyp`, `moov/mvhd`, `mdat`) and a WebM file
 * (EBML header with DocType "webm", Segment/Info with TimecodeScale and Duration, a Cluster).
 * The media data is filler: what the server reads is the container and the duration.
 */

const u32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};
const u64 = (value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(value));
  return bytes;
};
const ascii = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const body = concat(...content);
  return concat(u32(8 + body.length), ascii(type), body);
}

export interface Mp4Options {
  /** `moov` after `mdat` (a file not "optimised for streaming"). */
  moovAtEnd?: boolean;
  /** A version 1 `mvhd` (64-bit times). */
  version1?: boolean;
  timescale?: number;
  mdatBytes?: number;
}

export function mp4Fixture(seconds: number, options: Mp4Options = {}): Uint8Array {
  const { moovAtEnd = false, version1 = false, timescale = 1000, mdatBytes = 2048 } = options;
  const ftyp = box("ftyp", ascii("isom"), u32(0x200), ascii("isomiso2avc1mp41"));
  const duration = Math.round(seconds * timescale);
  const mvhd = version1
    ? box(
        "mvhd",
        new Uint8Array([1, 0, 0, 0]),
        u64(0),
        u64(0),
        u32(timescale),
        u64(duration),
        new Uint8Array(80),
      )
    : box(
        "mvhd",
        new Uint8Array([0, 0, 0, 0]),
        u32(0),
        u32(0),
        u32(timescale),
        u32(duration),
        new Uint8Array(80),
      );
  const moov = box("moov", mvhd);
  const mdat = box("mdat", new Uint8Array(mdatBytes).fill(0x42));
  return moovAtEnd ? concat(ftyp, mdat, moov) : concat(ftyp, moov, mdat);
}

// EBML
function vintSize(value: number): Uint8Array {
  // 8-byte sizes keep the builder simple and are valid EBML.
  const bytes = u64(value);
  bytes[0] = 0x01;
  return bytes;
}
function idBytes(id: number): Uint8Array {
  const out: number[] = [];
  let rest = id;
  while (rest > 0) {
    out.unshift(rest & 0xff);
    rest = Math.floor(rest / 256);
  }
  return new Uint8Array(out);
}
function element(id: number, ...content: Uint8Array[]): Uint8Array {
  const body = concat(...content);
  return concat(idBytes(id), vintSize(body.length), body);
}
const uint = (value: number, length = 4) => u64(value).subarray(8 - length);
const float64 = (value: number) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setFloat64(0, value);
  return bytes;
};

export interface WebmOptions {
  docType?: string;
  /** Nanoseconds per tick (the default of Matroska is 1,000,000: milliseconds). */
  timecodeScale?: number;
  /** Leave Duration out (as a live recording does). */
  withoutDuration?: boolean;
}

export function webmFixture(seconds: number, options: WebmOptions = {}): Uint8Array {
  const { docType = "webm", timecodeScale = 1_000_000, withoutDuration = false } = options;
  const header = element(
    0x1a45dfa3,
    element(0x4286, uint(1, 1)), // EBMLVersion
    element(0x42f7, uint(1, 1)), // EBMLReadVersion
    element(0x4282, ascii(docType)),
    element(0x4287, uint(4, 1)), // DocTypeVersion
  );
  const info = element(
    0x1549a966,
    element(0x2ad7b1, uint(timecodeScale)),
    ...(withoutDuration ? [] : [element(0x4489, float64((seconds * 1e9) / timecodeScale))]),
    element(0x4d80, ascii("yoru-navi fixture")), // MuxingApp
  );
  const cluster = element(0x1f43b675, element(0xe7, uint(0, 1)), new Uint8Array(1024).fill(0x42));
  return concat(header, element(0x18538067, info, cluster));
}
