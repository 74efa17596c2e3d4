import { and, eq, isNotNull, lt } from "drizzle-orm";
import { AGE_DOCUMENT_RETENTION_DAYS } from "~/domain/age-verification";
import type { Db } from "../../db/client";
import { ageVerifications } from "../../db/schema";
import type { ObjectStorage } from "../../integrations/storage/object-storage";

const DAY_MS = 86_400_000;
const BATCH = 200;

/**
 * Deletes the document pictures of verifications decided more than AGE_DOCUMENT_RETENTION_DAYS
 * ago (ADR 0055; the `age.purge` job, hourly). The file goes first, then the row forgets its key
 * and records when: a run killed in between deletes the (missing) file again next time. The
 * document kind, the birth date and the decision stay.
 */
export async function purgeAgeDocuments({
  db,
  storage,
  now = new Date(),
}: {
  db: Db;
  storage: ObjectStorage;
  now?: Date;
}): Promise<{ deleted: number }> {
  const before = new Date(now.getTime() - AGE_DOCUMENT_RETENTION_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const due = await db
      .select({ id: ageVerifications.id, key: ageVerifications.document_key })
      .from(ageVerifications)
      .where(and(isNotNull(ageVerifications.document_key), lt(ageVerifications.decided_at, before)))
      .limit(BATCH);
    for (const row of due) {
      if (row.key) await storage.delete(row.key);
      await db
        .update(ageVerifications)
        .set({ document_key: null, document_deleted_at: now })
        .where(eq(ageVerifications.id, row.id));
      deleted++;
    }
    if (due.length < BATCH) return { deleted };
  }
}
