import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { operators } from "../../db/schema/index";

/** Whether a login throttle key (`uid:…`, see login-throttle.ts) names an operator. */
export async function isOperatorAccount(db: Db, accountKey: string): Promise<boolean> {
  if (!accountKey.startsWith("uid:")) return false;
  const [row] = await db
    .select({ uid: operators.uid })
    .from(operators)
    .where(eq(operators.uid, accountKey.slice(4)))
    .limit(1);
  return Boolean(row);
}
