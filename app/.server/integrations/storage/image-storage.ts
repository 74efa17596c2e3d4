import { randomBytes } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where processed pictures are kept. The default keeps them on the local disk under
 * `DATA_DIR/uploads`, served at `/uploads/…` by the Express app; an S3-compatible store can take
 * its place behind the same port when the site runs on more than one machine.
 */
export interface ImageStorage {
  /** Stores a WebP picture under `folder` ("livers/<uid>") and answers its public URL. */
  save(folder: string, data: Uint8Array): Promise<string>;
  /** Removes a picture by the URL `save` gave; a URL this store did not give is ignored. */
  remove(url: string): Promise<void>;
}

const PUBLIC_PREFIX = "/uploads/";
const SAFE_FOLDER = /^[a-z]+\/[A-Za-z0-9-]{1,64}$/;
const SAFE_URL = /^\/uploads\/[a-z]+\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{16,64}\.webp$/;

export function localImageStorage(dataDir: string): ImageStorage {
  const root = path.join(dataDir, "uploads");
  return {
    async save(folder, data) {
      if (!SAFE_FOLDER.test(folder)) throw new Error(`unsafe upload folder: ${folder}`);
      const name = `${randomBytes(16).toString("base64url")}.webp`;
      const dir = path.join(root, folder);
      await mkdir(dir, { recursive: true });
      // Written beside and renamed: a reader never sees half a file.
      const target = path.join(dir, name);
      const partial = `${target}.${process.pid}.part`;
      await writeFile(partial, data);
      await rename(partial, target);
      return `${PUBLIC_PREFIX}${folder}/${name}`;
    },
    async remove(url) {
      if (!SAFE_URL.test(url)) return;
      await unlink(path.join(root, url.slice(PUBLIC_PREFIX.length))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error;
      });
    },
  };
}
