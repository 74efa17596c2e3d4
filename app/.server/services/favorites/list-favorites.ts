import { and, asc, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { FavoriteKind } from "~/domain/favorites";
import { roleRefusal } from "~/domain/permissions";
import { businessDate } from "~/domain/shift-status";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { favorites, livers, staffs } from "../../db/schema";
import type { ListPage } from "../directory/search-staffs";
import { listenerContextOf } from "../shared/listener-context";
import { liverColumns, type PublicLiver, toPublicLiver } from "../shared/liver-query";
import {
  listedStaff,
  type PublicStaff,
  type StaffListContext,
  selectStaffRows,
  toPublicStaff,
} from "../shared/staff-query";

export interface FavoriteItem {
  favorite_id: string;
  uid: string;
  staff_id: string | null;
  liver_id: string | null;
  created_at: Date;
  updated_at: Date;
  /** The followed staff member as the public sees them; null while they are not publicly listed. */
  staff: PublicStaff | null;
  /** The followed store; null while it is not public. */
  liver: PublicLiver | null;
}

export type ListFavoritesResult = ({ ok: true } & ListPage<FavoriteItem>) | { ok: false; error: "forbidden" };

/** `GET /api/favorites` and `/listener/mypage/follow`: the listener's own follows, newest first. */
export async function listFavorites({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { kind?: FavoriteKind; page: number; pageSize: number };
  now?: Date;
}): Promise<ListFavoritesResult> {
  const refused = roleRefusal(actor, "favorite.list");
  if (refused) return { ok: false, error: refused };
  const where = and(
    eq(favorites.uid, actor.uid),
    input.kind === "staff" ? isNotNull(favorites.staff_id) : undefined,
    input.kind === "liver" ? isNotNull(favorites.liver_id) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(favorites)
      .where(where)
      .orderBy(desc(favorites.created_at), asc(favorites.favorite_id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(favorites).where(where),
  ]);

  const context: StaffListContext = {
    today: businessDate(now),
    now,
    listener: await listenerContextOf(db, actor),
  };
  const staffIds = rows.flatMap((r) => (r.staff_id ? [r.staff_id] : []));
  const liverIds = rows.flatMap((r) => (r.liver_id ? [r.liver_id] : []));
  const [staffRows, liverRows] = await Promise.all([
    staffIds.length > 0
      ? selectStaffRows(db, context).where(and(listedStaff, inArray(staffs.uid, staffIds)))
      : Promise.resolve([]),
    liverIds.length > 0
      ? db
          .select(liverColumns({ uid: actor.uid }))
          .from(livers)
          .where(and(eq(livers.status, "public"), inArray(livers.uid, liverIds)))
      : Promise.resolve([]),
  ]);
  const staffById = new Map(staffRows.map((row) => [row.uid, toPublicStaff(row, context)]));
  const liverById = new Map(liverRows.map((row) => [row.uid, toPublicLiver(row, { uid: actor.uid })]));
  return {
    ok: true,
    items: rows.map((row) => ({
      ...row,
      staff: row.staff_id ? (staffById.get(row.staff_id) ?? null) : null,
      liver: row.liver_id ? (liverById.get(row.liver_id) ?? null) : null,
    })),
    total: counted?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}
