import { sql } from "drizzle-orm";
import type { AccountRole } from "~/domain/account-roles";
import { type Db, queryRows } from "../db/client";

/**
 * The role of an auth user: the profile table that holds its uid. Registration makes sure a user
 * has at most one profile, so an e-mail address belongs to one kind of account.
 */
export async function roleOfUser(db: Db, uid: string): Promise<AccountRole | null> {
  const rows = await queryRows<{ role: AccountRole }>(
    db,
    sql`select 'listener' as role from listeners where uid = ${uid}
        union all select 'liver' from livers where uid = ${uid}
        union all select 'staff' from staffs where uid = ${uid} and status = 'public'
        limit 1`,
  );
  return rows[0]?.role ?? null;
}
