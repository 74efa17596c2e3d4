import { eq, sql } from "drizzle-orm";
import type { AccountRole } from "~/domain/account-roles";
import { roleOfUser } from "../../auth/account-role";
import type { Db } from "../../db/client";
import { user } from "../../db/schema";

export interface AccountRecord {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** The account of a role by e-mail (listener, liver) or login_id (staff); null when there is none. */
export async function findAccount(
  db: Db,
  role: AccountRole,
  identifier: string,
): Promise<AccountRecord | null> {
  const key = identifier.trim().toLowerCase();
  if (!key) return null;
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .where(role === "staff" ? eq(sql`lower(${user.username})`, key) : eq(sql`lower(${user.email})`, key))
    .limit(1);
  if (!row || (await roleOfUser(db, row.id)) !== role) return null;
  return row;
}
