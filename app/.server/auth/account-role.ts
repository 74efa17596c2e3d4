import { type SQL, sql } from "drizzle-orm";
import type { AccountType } from "~/domain/account-roles";
import { type Db, queryRows } from "../db/client";

/**
 * The kind of an auth user: the profile table that holds its uid (`operators` for the operator).
 * Registration makes sure a user has at most one profile, and operators are made only by the
 * command line for an address that has no account yet, so an e-mail address belongs to one kind.
 */
export async function roleOfUser(db: Db, uid: string): Promise<AccountType | null> {
  const rows = await queryRows<{ role: AccountType }>(db, roleOfUserSql(sql`${uid}`));
  return rows[0]?.role ?? null;
}

/** The role query for a uid expression (a parameter, or a column of an outer query). */
export function roleOfUserSql(uid: SQL): SQL {
  return sql`select 'listener' as role from listeners where uid = ${uid}
    union all select 'liver' from livers where uid = ${uid}
    union all select 'staff' from staffs where uid = ${uid} and status = 'public'
    union all select 'operator' from operators where uid = ${uid}
    limit 1`;
}
