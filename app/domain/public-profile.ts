/**
 * What the public sees of a staff member (ADR 0020 "Published profile"): an attribute whose
 * `published_profile` flag is false is left out of every public answer and page. A missing flag
 * means published (the default is everything public).
 */
import { normalizeMatchingInfo } from "./matching";
import {
  type MatchingInfo,
  PUBLISHED_PROFILE_KEYS,
  type PublishedProfile,
  type PublishedProfileKey,
} from "./options";

export function isPublished(
  profile: Partial<PublishedProfile> | null | undefined,
  key: PublishedProfileKey,
): boolean {
  return profile?.[key] !== false;
}

/** The attributes that can be hidden, as they are stored. */
export interface StaffProfileFields {
  age: number | null;
  height: number | null;
  birth_of_date: string | null;
  blood_type: string;
  bust_type: string;
  type_type: string;
  karaoke_type: string;
  alcohol_type: string;
  smoke_type: string;
  personality_type: string;
  followers: number | null;
  name: string;
  name_kana: string;
  instagram_id: string;
  tiktok_id: string;
  youtube_id: string;
  matching_info: unknown;
  published_profile: Partial<PublishedProfile> | null;
}

/** The public profile: hidden attributes are absent (not null), so a client cannot mistake them for "no answer". */
export interface PublicProfile {
  age?: number | null;
  height?: number | null;
  birth_of_date?: string | null;
  blood_type?: string;
  bust_type?: string;
  type_type?: string;
  karaoke_type?: string;
  alcohol_type?: string;
  smoke_type?: string;
  personality_type?: string;
  followers?: number | null;
  /** Hidden when `name` is not published (the reading goes with it). */
  name?: string;
  name_kana?: string;
  instagram_id?: string;
  tiktok_id?: string;
  youtube_id?: string;
  /** The 13 answers (defaults filled in), so a match can be explained. */
  matching_info: MatchingInfo;
}

/** Every flag but the name (which takes its reading with it, below). */
const HIDEABLE = PUBLISHED_PROFILE_KEYS.filter(
  (key): key is Exclude<PublishedProfileKey, "name"> => key !== "name",
);

export function publicProfileOf(staff: StaffProfileFields): PublicProfile {
  const out: PublicProfile = { matching_info: normalizeMatchingInfo(staff.matching_info as never) };
  const target = out as unknown as Record<string, unknown>;
  for (const key of HIDEABLE) {
    if (isPublished(staff.published_profile, key)) target[key] = staff[key];
  }
  // The birthday is published as month and day ("04-01"): its year would tell an age the staff
  // member may have chosen to hide, and a birthday is celebrated without one.
  if (typeof out.birth_of_date === "string") out.birth_of_date = monthDayOf(out.birth_of_date);
  if (isPublished(staff.published_profile, "name")) {
    out.name = staff.name;
    out.name_kana = staff.name_kana;
  }
  return out;
}

/** "2002-04-01" → "04-01"; anything else → null. */
export function monthDayOf(date: string): string | null {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(date);
  return match ? `${match[1]}-${match[2]}` : null;
}
