import path from "node:path";
import type { Env } from "../../env";
import { diskObjectStorage } from "./disk-storage";
import type { ObjectStorage } from "./object-storage";
import { s3ObjectStorage } from "./s3-storage";

/** The configured storage: S3 when S3_BUCKET is set, else the local disk under DATA_DIR/uploads. */
export function createObjectStorage(env: Pick<Env, "dataDir" | "s3">): ObjectStorage {
  return env.s3 ? s3ObjectStorage(env.s3) : diskObjectStorage(uploadsDir(env.dataDir));
}

/** Where the disk adapter keeps uploads (and where `npm run storage:migrate` reads them). */
export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}
