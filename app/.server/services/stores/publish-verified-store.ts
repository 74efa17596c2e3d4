import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema/index";

/**
 * A store registers unlisted and is listed once its operator has confirmed the e-mail address:
 * nobody can put a store in front of customers with an address that is not theirs. Runs when an
 * account's address is verified for the first time (a store cannot sign in before that, so it
 * cannot have chosen `private` itself yet).
 */
export async function publishVerifiedStore({ db, uid }: { db: Db; uid: string }): Promise<boolean> {
  const rows = await db
    .update(livers)
    .set({ status: "public", updated_at: new Date() })
    .where(and(eq(livers.uid, uid), eq(livers.status, "private")))
    .returning({ uid: livers.uid });
  return rows.length > 0;
}
