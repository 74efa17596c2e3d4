/**
 * The PR label of a post (ADR 0051): content that is paid for or arranged must be recognisable as
 * advertising (景品表示法, the stealth-marketing rule in force since 2023-10; docs/product.md "The
 * law"). Its words, in one place, and how a form's checkbox reads. No zod here: the post cards of
 * the public feeds import it (see feed-query.ts).
 */

export const POST_PR_TEXTS = {
  /** The badge on a card, a tile and a list row. */
  badge: "PR",
  /** Read after "PR" by a screen reader (not shown): what the two letters mean. */
  badgeNote: "（広告・タイアップを含む投稿）",
  /** The author's checkbox in the composer and the edit form. */
  checkbox: "PR（広告・タイアップ）を含む投稿",
  hint: "報酬・商品の提供を受けた紹介や依頼されたタイアップは、広告と分かるようチェックしてください（「PR」と表示されます）。",
} as const;

/** A ticked checkbox ("1", or the browser's default "on"), "true" in a multipart body, or JSON `true`. */
export function isPrTicked(value: unknown): boolean {
  return value === "1" || value === "on" || value === "true" || value === true;
}
