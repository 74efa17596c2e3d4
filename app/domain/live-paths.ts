/**
 * The viewer page of a broadcaster (ADR 0031: `{id}` is the staff member's or the store's id).
 * Apart from `live.ts` so the pages that only link to a live (the top page) do not load zod and
 * the comment rules with it.
 */
export const liveWatchPath = (broadcasterId: string) => `/listener/live/${encodeURIComponent(broadcasterId)}`;
