import { randomUUID } from "node:crypto";
import { AGE_VERIFICATION_TEXTS, type AgeDocumentKind } from "~/domain/age-verification";
import type { ImageErrorKey } from "~/domain/images";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { ageVerifications } from "../../db/schema";
import { type ObjectStorage, PRIVATE_PREFIX } from "../../integrations/storage/object-storage";
import { processUpload } from "../shared/process-upload";
import { readAgeVerification } from "./age-verification-state";
import { sealDocument } from "./document-cipher";

export type SubmitAgeDocumentResult =
  | { ok: true; id: string }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "state"; message: string }
  | { ok: false; error: ImageErrorKey };

/** Where a verification's sealed picture is kept (never served at /uploads). */
export const documentKeyOf = (id: string) => `${PRIVATE_PREFIX}age-documents/${id}.bin`;

/**
 * A listener sends a picture of her identity document (ADR 0055): refused while another attempt is
 * pending or once she is verified; the picture is re-encoded like every upload (decoded, turned
 * upright, shrunk, written as WebP without EXIF), sealed with AES-256-GCM under the
 * verification's id and stored under `private/`; then the pending row is written. A failed write
 * removes the stored file; a second pending row is impossible (a partial unique index).
 */
export async function submitAgeDocument({
  db,
  storage,
  authSecret,
  actor,
  input,
}: {
  db: Db;
  storage: ObjectStorage;
  authSecret: string;
  actor: Viewer;
  input: { documentKind: AgeDocumentKind; data: Uint8Array };
}): Promise<SubmitAgeDocumentResult> {
  const refused = roleRefusal(actor, "age_verification.submit");
  if (refused) return { ok: false, error: "forbidden" };
  const current = await readAgeVerification(db, actor.uid);
  if (current.state === "verified")
    return { ok: false, error: "state", message: AGE_VERIFICATION_TEXTS.alreadyVerified };
  if (current.state === "pending")
    return { ok: false, error: "state", message: AGE_VERIFICATION_TEXTS.alreadyPending };

  const processed = await processUpload({ db, actor, data: input.data });
  if (!processed.ok) return processed;
  const id = randomUUID();
  const key = documentKeyOf(id);
  await storage.put(key, sealDocument(authSecret, processed.data, id), {
    contentType: "application/octet-stream",
  });
  try {
    await db.insert(ageVerifications).values({
      id,
      listener_id: actor.uid,
      method: "document",
      status: "pending",
      document_kind: input.documentKind,
      document_key: key,
    });
  } catch (error) {
    await storage.delete(key);
    // Two submissions at once: the other one is pending.
    if (isUniqueViolation(error))
      return { ok: false, error: "state", message: AGE_VERIFICATION_TEXTS.alreadyPending };
    throw error;
  }
  return { ok: true, id };
}
