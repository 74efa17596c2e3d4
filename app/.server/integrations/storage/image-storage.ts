import { randomBytes } from "node:crypto";
import { keyFromPublicUrl, type ObjectStorage } from "./object-storage";

/**
 * Where processed pictures are kept: a thin layer over the object storage port that names the
 * files (a random WebP name in the owner's folder) and answers the URL rows keep (`/uploads/…`).
 */
export interface ImageStorage {
  /** Stores a WebP picture under `folder` ("livers/<uid>") and answers its public URL. */
  save(folder: string, data: Uint8Array): Promise<string>;
  /** Removes a picture by the URL `save` gave; a URL this store did not give is ignored. */
  remove(url: string): Promise<void>;
}

const SAFE_FOLDER = /^[a-z]+\/[A-Za-z0-9-]{1,64}$/;
const SAFE_URL = /^\/uploads\/[a-z]+\/[A-Za-z0-9-]{1,64}\/[A-Za-z0-9_-]{16,64}\.webp$/;

export function imageStorage(objects: ObjectStorage): ImageStorage {
  return {
    async save(folder, data) {
      if (!SAFE_FOLDER.test(folder)) throw new Error(`unsafe upload folder: ${folder}`);
      const key = `${folder}/${randomBytes(16).toString("base64url")}.webp`;
      await objects.put(key, data, { contentType: "image/webp" });
      return objects.publicUrl(key);
    },
    async remove(url) {
      // Only what `save` made: demo pictures and foreign URLs stay.
      const key = SAFE_URL.test(url) ? keyFromPublicUrl(url) : null;
      if (key) await objects.delete(key);
    },
  };
}
