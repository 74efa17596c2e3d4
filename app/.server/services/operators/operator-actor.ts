import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { operators } from "../../db/schema/index";

/** The signed-in operator as services see it: who, and from which address (for the audit log). */
export interface SignedInOperator {
  uid: string;
  email: string;
  ip: string;
}

export class NotAnOperatorError extends Error {
  constructor() {
    super("The actor is not an operator");
    this.name = "NotAnOperatorError";
  }
}

/** The second check (after the page guard): the actor is still an operator. */
export async function assertOperator(db: Db | Tx, actor: SignedInOperator): Promise<void> {
  const [row] = await db
    .select({ uid: operators.uid })
    .from(operators)
    .where(eq(operators.uid, actor.uid))
    .limit(1);
  if (!row) throw new NotAnOperatorError();
}
