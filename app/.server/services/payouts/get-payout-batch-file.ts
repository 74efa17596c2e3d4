import { eq } from "drizzle-orm";
import { zenginFileName } from "~/domain/zengin";
import type { Db } from "../../db/client";
import { payoutBatches } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";

/** A 全銀 file as it was exported (the same bytes every time), or null. */
export async function getPayoutBatchFile({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: SignedInOperator;
  input: { batchId: string };
}): Promise<{ fileName: string; bytes: Uint8Array } | null> {
  await assertOperator(db, actor);
  const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.batch_id, input.batchId));
  if (!batch) return null;
  return {
    fileName: zenginFileName(batch.transfer_date, batch.batch_id),
    bytes: new Uint8Array(Buffer.from(batch.file_base64, "base64")),
  };
}
