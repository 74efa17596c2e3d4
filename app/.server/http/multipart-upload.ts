import { randomBytes } from "node:crypto";
import { type FileHandle, mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A multipart/form-data body read as a stream: text fields are kept (small), each file goes to a
 * temporary file as it arrives, and a file larger than its field's limit stops the parsing at once
 * (the temporary files are removed, the rest of the body is read and dropped so that the refusal
 * reaches a client still sending). Used where a form carries a video of up to 100 MB:
 * `request.formData()` would hold all of it in memory.
 */

export interface UploadedFile {
  field: string;
  /** The name the browser sent (may be empty). */
  fileName: string;
  /** The declared type; never trusted for what the bytes are. */
  contentType: string;
  /** The temporary file. */
  path: string;
  size: number;
}

export interface MultipartUpload {
  fields: Map<string, string[]>;
  files: UploadedFile[];
  /** Removes the temporary files; call it when the request is done with them. */
  cleanup(): Promise<void>;
}

export interface MultipartLimits {
  /** The largest file each field may carry; a file in a field not named here is refused. */
  fileBytes: Record<string, number>;
  /** At most this many files in all. */
  maxFiles: number;
  /** The text fields together (captions and the like). */
  textBytes: number;
}

export type MultipartResult =
  | { ok: true; upload: MultipartUpload }
  | { ok: false; error: "too_large" | "too_many_files"; field: string }
  | { ok: false; error: "unreadable" };

class Refusal extends Error {
  constructor(readonly result: Exclude<MultipartResult, { ok: true }>) {
    super(result.error);
  }
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 8 * 1024;

export async function readMultipartUpload(
  request: Request,
  limits: MultipartLimits,
): Promise<MultipartResult> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  if (!boundary || !request.body) return { ok: false, error: "unreadable" };
  const dir = await mkdtemp(path.join(tmpdir(), "upload-"));
  const fields = new Map<string, string[]>();
  const files: UploadedFile[] = [];
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const reader = request.body.getReader();

  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The body starts with the first boundary line (no CRLF before it): pretend there was one.
  let buffer: Buffer = Buffer.from(CRLF);
  let state: "preamble" | "headers" | "body" | "done" = "preamble";
  // The loop below cannot see `advance` change the state: ask through a function.
  const finished = () => state === "done";
  let part: { name: string; file: UploadedFile | null; handle: FileHandle | null; text: Buffer[] } | null =
    null;
  let textBytes = 0;

  const closePart = async () => {
    if (!part) return;
    if (part.handle) await part.handle.close();
    if (part.file) {
      // A file input left empty sends a part without a name and without bytes: not a file.
      if (part.file.size === 0 && part.file.fileName === "") await rm(part.file.path, { force: true });
      else files.push(part.file);
    } else {
      const list = fields.get(part.name) ?? [];
      list.push(Buffer.concat(part.text).toString("utf8"));
      fields.set(part.name, list);
    }
    part = null;
  };

  const openPart = async (headerText: string) => {
    const disposition = /^content-disposition:(.*)$/im.exec(headerText)?.[1] ?? "";
    const name = paramOf(disposition, "name");
    if (name === null) throw new Refusal({ ok: false, error: "unreadable" });
    const fileName = paramOf(disposition, "filename");
    if (fileName === null) {
      part = { name, file: null, handle: null, text: [] };
      return;
    }
    if (!(name in limits.fileBytes)) throw new Refusal({ ok: false, error: "too_large", field: name });
    if (files.length >= limits.maxFiles)
      throw new Refusal({ ok: false, error: "too_many_files", field: name });
    const contentType = /^content-type:(.*)$/im.exec(headerText)?.[1]?.trim() ?? "";
    const filePath = path.join(dir, randomBytes(12).toString("hex"));
    part = {
      name,
      file: { field: name, fileName, contentType, path: filePath, size: 0 },
      handle: await open(filePath, "wx"),
      text: [],
    };
  };

  const writePart = async (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    if (part.file && part.handle) {
      part.file.size += bytes.length;
      if (part.file.size > (limits.fileBytes[part.name] ?? 0))
        throw new Refusal({ ok: false, error: "too_large", field: part.name });
      await part.handle.write(bytes);
    } else {
      textBytes += bytes.length;
      if (textBytes > limits.textBytes)
        throw new Refusal({ ok: false, error: "too_large", field: part.name });
      part.text.push(Buffer.from(bytes));
    }
  };

  /** Consumes what `buffer` holds as far as it can; returns when more bytes are needed. */
  const advance = async () => {
    for (;;) {
      if (state === "preamble" || state === "body") {
        const at = buffer.indexOf(delimiter);
        if (at === -1) {
          // Keep a tail that may be the start of a delimiter.
          const keep = delimiter.length - 1;
          if (state === "body" && buffer.length > keep) {
            await writePart(buffer.subarray(0, buffer.length - keep));
            buffer = buffer.subarray(buffer.length - keep);
          } else if (state === "preamble" && buffer.length > keep) {
            buffer = buffer.subarray(buffer.length - keep);
          }
          return;
        }
        // After the delimiter: "--" ends the body, CRLF starts the next part's headers.
        if (buffer.length < at + delimiter.length + 2) return;
        if (state === "body") {
          await writePart(buffer.subarray(0, at));
          await closePart();
        }
        const after = buffer.subarray(at + delimiter.length, at + delimiter.length + 2).toString("latin1");
        buffer = buffer.subarray(at + delimiter.length + 2);
        if (after === "--") {
          state = "done";
          return;
        }
        if (after !== "\r\n") throw new Refusal({ ok: false, error: "unreadable" });
        state = "headers";
      } else if (state === "headers") {
        const at = buffer.indexOf(HEADER_END);
        if (at === -1) {
          if (buffer.length > MAX_HEADER_BYTES) throw new Refusal({ ok: false, error: "unreadable" });
          return;
        }
        await openPart(buffer.subarray(0, at).toString("utf8"));
        buffer = buffer.subarray(at + HEADER_END.length);
        state = "body";
      } else return;
    }
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer = buffer.length === 0 ? Buffer.from(value) : Buffer.concat([buffer, value]);
      await advance();
      if (finished()) break;
    }
    if (!finished()) throw new Refusal({ ok: false, error: "unreadable" });
    drainInBackground(reader); // an epilogue after the closing boundary, if any
    return { ok: true, upload: { fields, files, cleanup } };
  } catch (error) {
    drainInBackground(reader);
    const current = part as { handle: FileHandle | null } | null;
    if (current?.handle) await current.handle.close().catch(() => {});
    await cleanup();
    if (error instanceof Refusal) return error.result;
    return { ok: false, error: "unreadable" };
  }
}

/**
 * Reads what is left of a refused body and drops it, without holding up the answer. Cancelling the
 * stream would destroy the connection before the answer is written, so a client still sending
 * would get no answer at all. How much is left is bounded by the body limits (server/body-limits.ts).
 */
function drainInBackground(reader: ReadableStreamDefaultReader<Uint8Array>): void {
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) return;
    } catch {
      // The client went away: nothing left to drain.
    }
  })();
}

function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\b/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** A parameter of a Content-Disposition header (`name="caption"`), or null when absent. */
function paramOf(header: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(header);
  if (!match) return null;
  // Browsers escape a quote in a name as %22 (and newlines as %0D%0A); a backslash escape is HTTP's.
  return match[1]!
    .replace(/\\(.)/g, "$1")
    .replace(/%22/g, '"')
    .replace(/%0D%0A/gi, "\n");
}

/** The first value of a text field, or "". */
export function textField(upload: MultipartUpload, name: string): string {
  return upload.fields.get(name)?.[0] ?? "";
}
