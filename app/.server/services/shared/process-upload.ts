import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type ProcessedImage, processImage } from "../../integrations/images/process-image";
import { hitRateLimit } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";

/** An upload of a signed-in account, counted against its hourly allowance, then re-encoded. */
export async function processUpload({
  db,
  actor,
  data,
}: {
  db: Db;
  actor: Viewer;
  data: Uint8Array;
}): Promise<ProcessedImage | { ok: false; error: "too_many_uploads" }> {
  const limited = await hitRateLimit(db, RATE_LIMITS.uploadPerAccount, actor.uid);
  if (!limited.allowed) return { ok: false, error: "too_many_uploads" };
  return processImage(data);
}
