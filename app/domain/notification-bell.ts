/**
 * The header's bell (ADR 0044): its badge and words. Apart from
 * in-app-notifications.ts because every page's first JavaScript carries it (the page budget).
 */

/** The bell shows "99+" above this. */
export const BELL_COUNT_MAX = 99;

/** The bell's badge: nothing at 0, the number up to 99, then "99+". */
export function bellLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > BELL_COUNT_MAX ? `${BELL_COUNT_MAX}+` : String(unread);
}

export const BELL_TEXTS = {
  bell: "通知",
  bellUnread: (n: number) => `未読の通知 ${n}件`,
} as const;
