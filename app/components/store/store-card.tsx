import type { ReactNode } from "react";
import { Link } from "react-router";
import type { StoreCardData } from "~/.server/services/stores/list-newest-stores";
import { formatNumber } from "~/domain/format";
import { firstVisitLabel } from "~/domain/store-intro-display";
import { type ImagePriority, imageLoading } from "../directory/image-priority";
import { ClockIcon, HeartIcon, PinIcon } from "../ui/icons";
import { StoreTypeBadge, storeTypeOf } from "./store-type-badge";

/** A store as a card shows it; `area_label` made by the server (`withAreaLabel` of domain/areas). */
export type StoreCardStore = Omit<StoreCardData, "created_at"> & {
  created_at: Date | string;
  area_label?: string;
};

type Props = {
  store: StoreCardStore;
  /** Shown under the card's link (a follow button); the follower count then moves there. */
  footer?: ReactNode;
  /** "high"/"eager" for the first cards above the fold (see image-priority.ts). */
  imagePriority?: ImagePriority;
  /** How far the store is from the visitor ("350 m"), on /gps. */
  distance?: string;
};

export function StoreCard({ store, footer, imagePriority = "lazy", distance }: Props) {
  const area = store.area_label;
  const hours =
    store.business_start_time && store.business_end_time
      ? `${store.business_start_time}〜${store.business_end_time}`
      : "";
  return (
    <article
      data-store-type={store.store_type}
      className="group flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md"
    >
      <Link to={`/listener/liver/${store.uid}`} className="block flex-1">
        <div className="relative aspect-[4/3] overflow-hidden bg-slate-200">
          {store.image_url ? (
            <img
              src={store.image_url}
              alt=""
              {...imageLoading(imagePriority)}
              decoding="async"
              width={480}
              height={360}
              className="size-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : (
            <div
              className="grid size-full place-items-center font-bold"
              style={{
                backgroundColor: storeTypeOf(store.store_type).hex,
                color: storeTypeOf(store.store_type).textOnColor,
              }}
            >
              NO IMAGE
            </div>
          )}
          <StoreTypeBadge value={store.store_type} className="absolute top-2 left-2 shadow" />
          {distance ? (
            <span
              className="absolute right-2 bottom-2 rounded-full bg-night-900/85 px-2 py-0.5 font-bold text-white text-xs tabular-nums"
              data-testid="store-distance"
            >
              <span className="sr-only">現在地から</span>
              {distance}
            </span>
          ) : null}
        </div>
        <div className="p-3">
          <h3 className="line-clamp-1 font-bold text-base group-hover:text-brand-600">{store.store_name}</h3>
          <p className="line-clamp-1 text-slate-500 text-xs">{store.store_name_kana}</p>
          {store.first_visit ? (
            <p
              className="mt-1.5 inline-block rounded bg-amber-100 px-1.5 py-0.5 font-bold text-amber-950 text-xs tabular-nums"
              data-testid="store-first-visit"
            >
              {firstVisitLabel(store.first_visit)}
            </p>
          ) : null}
          <dl className="mt-2 space-y-0.5 text-slate-600 text-xs">
            {area && (
              <div className="flex items-center gap-1">
                <dt>
                  <PinIcon />
                  <span className="sr-only">エリア</span>
                </dt>
                <dd className="line-clamp-1">{area}</dd>
              </div>
            )}
            {hours && (
              <div className="flex items-center gap-1">
                <dt>
                  <ClockIcon />
                  <span className="sr-only">営業時間</span>
                </dt>
                <dd>{hours}</dd>
              </div>
            )}
            {footer ? null : (
              <div className="flex items-center gap-1 text-brand-600">
                <dt>
                  <HeartIcon />
                  <span className="sr-only">フォロワー</span>
                </dt>
                <dd>{formatNumber(store.follower_number)}</dd>
              </div>
            )}
          </dl>
        </div>
      </Link>
      {footer ? <div className="px-3 pb-3">{footer}</div> : null}
    </article>
  );
}
