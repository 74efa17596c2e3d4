import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ageVerifications } from "../../db/schema";
import type { ObjectStorage } from "../../integrations/storage/object-storage";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";
import { openDocument } from "./document-cipher";

/**
 * The decrypted picture of a verification's document, for the operator's page only (ADR 0055):
 * every view is one audit row (`age_verification.view`), written before the bytes are given; null
 * when there is no such verification or its picture is deleted.
 */
export async function readAgeDocument({
  db,
  storage,
  authSecret,
  actor,
  input,
}: {
  db: Db;
  storage: ObjectStorage;
  authSecret: string;
  actor: SignedInOperator;
  input: { id: string };
}): Promise<{ data: Buffer; contentType: "image/webp" } | null> {
  await assertOperator(db, actor);
  const [row] = await db
    .select({ key: ageVerifications.document_key, listenerId: ageVerifications.listener_id })
    .from(ageVerifications)
    .where(eq(ageVerifications.id, input.id));
  if (!row?.key) return null;
  const stored = await storage.get(row.key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.from(chunk as Uint8Array));
  const data = openDocument(authSecret, Buffer.concat(chunks), input.id);
  await writeAudit(db, actor, {
    action: "age_verification.view",
    targetType: "age_verification",
    targetId: input.id,
    details: { listener_id: row.listenerId },
  });
  return { data, contentType: "image/webp" };
}
