/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Favorites: who follows which staff and stores.
 */
import type { Random } from "../random";
import { between, type NewFavorite } from "./common";

export interface FollowTarget {
  uid: string;
  created_at: Date;
}

/**
 * Follows of one listener: `staffCount` staff and `storeCount` stores, distinct, chosen with a
 * skew so that a few targets are popular (targets earlier in the list are more likely).
 */
export function generateFavoritesFor(
  random: Random,
  input: {
    listener: { uid: string; created_at: Date };
    staff: readonly FollowTarget[];
    stores: readonly FollowTarget[];
    staffCount: number;
    storeCount: number;
    now: Date;
    /** Targets this listener follows whatever the draw (demo accounts). */
    always?: { staff?: readonly FollowTarget[]; stores?: readonly FollowTarget[] };
  },
): NewFavorite[] {
  const rows: NewFavorite[] = [];
  const skewed = <T>(list: readonly T[], count: number, forced: readonly T[], key: (t: T) => string) => {
    const picked = new Map<string, T>();
    for (const t of forced) picked.set(key(t), t);
    const wanted = Math.min(list.length, count + forced.length);
    let guard = 0;
    while (picked.size < wanted && guard++ < wanted * 20) {
      const t = list[Math.floor(list.length * random.next() ** 2.2)]!;
      picked.set(key(t), t);
    }
    return [...picked.values()];
  };
  const make = (target: FollowTarget, kind: "staff" | "store"): NewFavorite => {
    const from = Math.max(input.listener.created_at.getTime(), target.created_at.getTime());
    const created = between(random, from, input.now.getTime());
    return {
      favorite_id: random.id(),
      uid: input.listener.uid,
      staff_id: kind === "staff" ? target.uid : null,
      liver_id: kind === "store" ? target.uid : null,
      created_at: created,
      updated_at: created,
    };
  };
  for (const t of skewed(input.staff, input.staffCount, input.always?.staff ?? [], (x) => x.uid)) {
    rows.push(make(t, "staff"));
  }
  for (const t of skewed(input.stores, input.storeCount, input.always?.stores ?? [], (x) => x.uid)) {
    rows.push(make(t, "store"));
  }
  return rows;
}
