/**
 * The public store object: what anyone may see of a public store (no bank account, login e-mail,
 * points, plan or mail settings), plus the signed-in listener's follow.
 */

import { sql } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { PriceSystem } from "~/domain/price-system";
import { favorites, livers } from "../../db/schema";

export function liverColumns(listener: { uid: string } | null) {
  return {
    uid: livers.uid,
    store_name: livers.store_name,
    store_name_kana: livers.store_name_kana,
    slug: livers.slug,
    status: livers.status,
    created_at: livers.created_at,
    updated_at: livers.updated_at,
    region: livers.region,
    prefecture: livers.prefecture,
    group: livers.group,
    area: livers.area,
    area_detail: livers.area_detail,
    store_type: livers.store_type,
    services: livers.services,
    commitments: livers.commitments,
    is_individual: livers.is_individual,
    order: livers.order,
    follower_number: livers.follower_number,
    postal_code: livers.postal_code,
    address: livers.address,
    buildingName: livers.buildingName,
    lat: livers.lat,
    lng: livers.lng,
    business_start_time: livers.business_start_time,
    business_end_time: livers.business_end_time,
    holidays: livers.holidays,
    image_urls: livers.image_urls,
    phone_number: livers.phone_number,
    price_system: livers.price_system,
    pr_text: livers.pr_text,
    access: livers.access,
    first_visit: livers.first_visit,
    favorite_id: listener
      ? sql<
          string | null
        >`(select ${favorites.favorite_id} from ${favorites} where ${favorites.uid} = ${listener.uid} and ${favorites.liver_id} = ${livers.uid})`
      : sql<null>`null`,
  };
}

type Columns = ReturnType<typeof liverColumns>;
type LiverRow = SelectResultFields<Columns>;

export interface PublicLiver extends Omit<LiverRow, "favorite_id" | "price_system"> {
  price_system: PriceSystem | null;
  /** Only when a listener is signed in: their follow of this store, or null. */
  favorite_id?: string | null;
}

export function toPublicLiver(row: LiverRow, listener: { uid: string } | null): PublicLiver {
  const { favorite_id, ...store } = row;
  return listener ? { ...store, favorite_id: favorite_id ?? null } : store;
}
