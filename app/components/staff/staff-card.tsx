import { Link } from "react-router";
import type { PublicStaff } from "~/.server/services/shared/staff-query";
import { areaLabel } from "~/domain/areas";
import { displayName } from "~/domain/display-name";
import { MATCHING_TEXTS, matchingAnswerHref } from "~/domain/matching-texts";
import { BLOOD_TYPES, labelOf } from "~/domain/option-basics";
import { FollowButton } from "../directory/follow-button";
import { type ImagePriority, imageLoading } from "../directory/image-priority";
import { StoreTypeBadge } from "../store/store-type-badge";
import { PinIcon } from "../ui/icons";
import { MatchingScoreBadge } from "./matching-score-badge";
import { ShiftBadge } from "./shift-badge";

/**
 * What a card shows: the loaders send only this (the pages embed their data in the HTML), made by
 * `toStaffCard` on the server.
 */
export type StaffCardData = Pick<
  PublicStaff,
  | "uid"
  | "image_urls"
  | "today_shift"
  | "matching_score"
  | "name"
  | "age"
  | "height"
  | "blood_type"
  | "follower_number"
  | "favorite_id"
> & {
  store: Omit<PublicStaff["store"], "region" | "area_detail" | "slug" | "uid"> & {
    /** "東京都 歌舞伎町", made by the server (the area tree stays out of the page's scripts). */
    area_label?: string;
  };
};

export function toStaffCard(staff: PublicStaff): StaffCardData {
  const { region: _r, area_detail: _d, slug: _s, uid: _u, ...store } = staff.store;
  return {
    uid: staff.uid,
    image_urls: staff.image_urls.slice(0, 1),
    today_shift: staff.today_shift,
    matching_score: staff.matching_score,
    name: staff.name,
    age: staff.age,
    height: staff.height,
    blood_type: staff.blood_type,
    follower_number: staff.follower_number,
    favorite_id: staff.favorite_id,
    store: { ...store, area_label: areaLabel({ prefecture: store.prefecture, area: store.area }) },
  };
}

/** "24歳・158cm・A型" from what the staff member publishes. */
export function staffSummary(staff: Pick<PublicStaff, "age" | "height" | "blood_type">): string {
  const parts = [
    staff.age != null ? `${staff.age}歳` : "",
    staff.height != null ? `${staff.height}cm` : "",
    staff.blood_type ? labelOf(BLOOD_TYPES, staff.blood_type) : "",
  ];
  return parts.filter(Boolean).join("・");
}

/** A staff member in a list: picture, name, store, today's shift, matching score and follow button. */
export function StaffCard({
  staff,
  now,
  showStore = true,
  imagePriority = "lazy",
}: {
  staff: StaffCardData;
  now: string;
  showStore?: boolean;
  /** "high"/"eager" for the first cards above the fold (see image-priority.ts). */
  imagePriority?: ImagePriority;
}) {
  const name = displayName(staff);
  const summary = staffSummary(staff);
  const area = staff.store.area_label;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
      <Link to={`/listener/staff/${staff.uid}`} className="block flex-1">
        <div className="relative aspect-[3/4] overflow-hidden bg-slate-200">
          {staff.image_urls[0] ? (
            <img
              src={staff.image_urls[0]}
              alt=""
              {...imageLoading(imagePriority)}
              decoding="async"
              width={360}
              height={480}
              className="size-full object-cover transition duration-300 group-hover:scale-105"
            />
          ) : (
            <div className="grid size-full place-items-center bg-gradient-to-br from-night-800 to-brand-700 font-bold text-white">
              NO IMAGE
            </div>
          )}
          <ShiftBadge
            shift={staff.today_shift}
            store={staff.store}
            now={now}
            className="absolute top-2 left-2 shadow"
          />
          <MatchingScoreBadge score={staff.matching_score} className="absolute top-2 right-2" />
        </div>
        <div className="p-3 pb-1">
          <h3 className="line-clamp-1 font-bold text-base group-hover:text-brand-600">{name}</h3>
          {summary && <p className="text-slate-600 text-xs">{summary}</p>}
          {showStore && (
            <div className="mt-1.5 space-y-1 text-slate-600 text-xs">
              <p className="flex items-center gap-1">
                <StoreTypeBadge value={staff.store.store_type} className="shrink-0 !text-[10px] !leading-4" />
                <span className="line-clamp-1">{staff.store.store_name}</span>
              </p>
              {area && (
                <p className="flex items-center gap-1">
                  <PinIcon />
                  <span className="line-clamp-1">{area}</span>
                </p>
              )}
            </div>
          )}
        </div>
      </Link>
      {staff.matching_score === null && (
        // Instead of a score before her first answer (ADR 0060): outside the card's link (no link
        // in a link), over the foot of the picture (its top corners carry the shift badge).
        <div className="pointer-events-none absolute inset-x-0 top-0 aspect-[3/4]">
          <Link
            to={matchingAnswerHref()}
            className="pointer-events-auto absolute right-0 bottom-0 flex min-h-11 items-end p-2"
            data-testid="matching-answer-link"
          >
            <span className="rounded-full bg-white/95 px-2 py-0.5 font-bold text-[11px] text-brand-700 leading-5 shadow ring-1 ring-brand-200">
              {MATCHING_TEXTS.answer}
            </span>
          </Link>
        </div>
      )}
      <div className="px-3 pb-3">
        <FollowButton
          kind="staff"
          targetId={staff.uid}
          targetName={name}
          favoriteId={staff.favorite_id}
          followerNumber={staff.follower_number}
        />
      </div>
    </article>
  );
}
