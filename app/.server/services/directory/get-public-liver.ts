import { and, asc, eq } from "drizzle-orm";
import { businessDate } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers } from "../../db/schema";
import { liverColumns, type PublicLiver, toPublicLiver } from "../shared/liver-query";
import { type LookupKey, lookupCondition } from "../shared/staff-query";

export type GetPublicLiverResult =
  | { ok: true; store: PublicLiver; today: string }
  | { ok: false; error: "not_found" };

/** One public store by id or slug (`either`: the id first, as page URLs accept both). */
export async function getPublicLiver({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: LookupKey;
  now?: Date;
}): Promise<GetPublicLiverResult> {
  const listener = actor?.type === "listener" ? { uid: actor.uid } : null;
  const rows = await db
    .select(liverColumns(listener))
    .from(livers)
    .where(and(eq(livers.status, "public"), lookupCondition(livers.uid, livers.slug, input)))
    .orderBy(asc(livers.uid))
    .limit(2);
  const row = rows.find((r) => r.uid === input.key) ?? rows[0];
  if (!row) return { ok: false, error: "not_found" };
  return { ok: true, store: toPublicLiver(row, listener), today: businessDate(now) };
}
