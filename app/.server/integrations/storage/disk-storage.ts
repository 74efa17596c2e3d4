import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { access, constants, mkdir, open, opendir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  assertRangeWithin,
  assertValidKey,
  contentTypeOfKey,
  exactLength,
  isValidKey,
  type ObjectInfo,
  type ObjectStorage,
  type ObjectSummary,
  sizeOf,
  UPLOADS_PREFIX,
} from "./object-storage";

/**
 * Objects as files under `root` (`DATA_DIR/uploads`), served by this server (server/serve-uploads.ts).
 * The content type follows the key's extension. A file is written under a hidden name beside its
 * place and renamed, so a reader never sees half of it and a crash leaves no visible object.
 */
export function diskObjectStorage(root: string): ObjectStorage {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split("/"));
  };
  const infoOf = (key: string, size: number, mtime: Date): ObjectInfo => ({
    key,
    size,
    contentType: contentTypeOfKey(key),
    lastModified: mtime,
    // Strong: a key's bytes are written once (rename into place), so size and time name them.
    etag: `"${size.toString(16)}-${Math.floor(mtime.getTime()).toString(16)}"`,
  });

  return {
    kind: "disk",
    location: root,

    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.W_OK);
    },

    async put(key, body, meta) {
      const file = fileOf(key);
      const size = sizeOf(body, meta.size);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString("hex")}.part`,
      );
      try {
        const source = body instanceof Uint8Array ? Readable.from([Buffer.from(body)]) : body;
        await pipeline(source, exactLength(size), createWriteStream(partial, { flags: "wx" }));
        await rename(partial, file);
      } catch (error) {
        await unlink(partial).catch(() => {});
        throw error;
      }
      const stats = await stat(file);
      return infoOf(key, stats.size, stats.mtime);
    },

    async get(key, options = {}) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), "r");
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        assertRangeWithin(options.range, stats.size);
        const range = options.range ?? { start: 0, end: stats.size - 1 };
        // An empty file has no byte to read; createReadStream({end: -1}) would misread that.
        let body: Readable;
        if (stats.size === 0) {
          await handle.close();
          body = Readable.from([]);
        } else {
          body = handle.createReadStream({ start: range.start, end: range.end, autoClose: true });
        }
        return { ...infoOf(key, stats.size, stats.mtime), body, range };
      } catch (error) {
        await handle.close().catch(() => {});
        throw error;
      }
    },

    async head(key) {
      try {
        const stats = await stat(fileOf(key));
        return stats.isFile() ? infoOf(key, stats.size, stats.mtime) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error) => {
        if (!isMissing(error)) throw error;
      });
    },

    list() {
      return walk(root, "");
    },

    publicUrl(key) {
      assertValidKey(key);
      return `${UPLOADS_PREFIX}${key}`;
    },

    directUrl() {
      return null;
    },
  };
}

/** Files under `dir` whose relative path is a valid key (hidden partial files are not). */
async function* walk(dir: string, prefix: string): AsyncGenerator<ObjectSummary> {
  let entries: Awaited<ReturnType<typeof opendir>>;
  try {
    entries = await opendir(dir);
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for await (const entry of entries) {
    const key = `${prefix}${entry.name}`;
    if (entry.isDirectory()) {
      if (isValidKey(entry.name)) yield* walk(path.join(dir, entry.name), `${key}/`);
    } else if (entry.isFile() && isValidKey(key) && !/\.(part|tmp)$/.test(entry.name)) {
      yield { key, size: (await stat(path.join(dir, entry.name))).size };
    }
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
