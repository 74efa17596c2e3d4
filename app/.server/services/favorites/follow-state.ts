import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";

/**
 * A broadcaster's follower count and the signed-in listener's follow of her (the follow button of
 * the live room, ADR 0043): `favorite_id` null when not following or not a listener.
 */
export async function followStateOf(
  db: Db,
  input: { kind: "staff" | "liver"; targetId: string; listenerId: string | null },
): Promise<{ favorite_id: string | null; follower_number: number }> {
  const table = input.kind === "staff" ? sql`staffs` : sql`livers`;
  const column = input.kind === "staff" ? sql`staff_id` : sql`liver_id`;
  const [row] = await queryRows<{ follower_number: number | string | null; favorite_id: string | null }>(
    db,
    sql`select (select follower_number from ${table} where uid = ${input.targetId}) as follower_number,
               (select favorite_id from favorites
                 where uid = ${input.listenerId ?? ""} and ${column} = ${input.targetId}) as favorite_id`,
  );
  return { favorite_id: row?.favorite_id ?? null, follower_number: Number(row?.follower_number ?? 0) };
}
