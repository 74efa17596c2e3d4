import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { mailOutbox, type OutboxMail } from "../../db/schema/index";

/** One mail of the outbox with its bodies, or null (for /dev/mail/:id). */
export async function getOutboxMail({
  db,
  input,
}: {
  db: Db;
  input: { id: string };
}): Promise<OutboxMail | null> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, input.id)).limit(1);
  return row ?? null;
}
