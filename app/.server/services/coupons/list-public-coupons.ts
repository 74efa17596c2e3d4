import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { CouponSearch } from "~/domain/directory-search";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { coupons, livers } from "../../db/schema";
import { liverSearchConditions } from "../directory/search-livers";
import type { ListPage } from "../directory/search-staffs";
import { currentCoupon } from "./coupon-query";

/** A current coupon as a card shows it, with its store. */
export interface PublicCoupon {
  coupon_id: string;
  title: string;
  conditions: string;
  discount_text: string;
  first_visit_only: boolean;
  ends_at: Date;
  store: {
    uid: string;
    store_name: string;
    store_type: string;
    prefecture: string;
    area: string;
    area_detail: string;
  };
}

const NO_LISTS = { ids: [], areas: [], storeTypes: [], services: [], commitments: [] };

/**
 * `/coupons` and a store page's coupons (ADR 0058): one page of the coupons current at `now` of
 * public stores, filtered like the store search (area tree, store type) or by one store, newest
 * start first. An expired or ended coupon is simply not current: no job is needed.
 */
export async function listPublicCoupons({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer | null;
  input: Partial<Omit<CouponSearch, "page" | "pageSize">> &
    Pick<CouponSearch, "page" | "pageSize"> & { liverId?: string };
  now?: Date;
}): Promise<ListPage<PublicCoupon>> {
  const { liverId, page, pageSize, ...filters } = input;
  if (actor && roleRefusal(actor, "directory.read")) return { items: [], total: 0, page, pageSize };
  const conditions: SQL[] = [currentCoupon(now), liverSearchConditions({ ...NO_LISTS, ...filters })];
  if (liverId) conditions.push(eq(coupons.liver_id, liverId));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        coupon_id: coupons.coupon_id,
        title: coupons.title,
        conditions: coupons.conditions,
        discount_text: coupons.discount_text,
        first_visit_only: coupons.first_visit_only,
        ends_at: coupons.ends_at,
        uid: livers.uid,
        store_name: livers.store_name,
        store_type: livers.store_type,
        prefecture: livers.prefecture,
        area: livers.area,
        area_detail: livers.area_detail,
      })
      .from(coupons)
      .innerJoin(livers, eq(livers.uid, coupons.liver_id))
      .where(where)
      .orderBy(desc(coupons.starts_at), asc(coupons.coupon_id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(coupons).innerJoin(livers, eq(livers.uid, coupons.liver_id)).where(where),
  ]);
  return {
    items: rows.map(({ uid, store_name, store_type, prefecture, area, area_detail, ...coupon }) => ({
      ...coupon,
      store: { uid, store_name, store_type, prefecture, area, area_detail },
    })),
    total: counted?.n ?? 0,
    page,
    pageSize,
  };
}
