import { SITE_NAME } from "../site";
import { formatMonthDayTime } from "./relative-time";

/**
 * Sharing a staff invitation link (`/liver/mypage/staff`, ADR 0011): the message a store sends its
 * performer, and LINE's share link for it (https://line.me/R/share?text=…, documented by LINE for
 * sharing text with a URL from a web page; it opens the LINE app on a phone, LINE's page elsewhere).
 * Pure.
 */

export const INVITATION_SHARE_TEXTS = {
  share: "共有する",
  line: "LINEで送る",
  copy: "コピー",
  copied: "コピーしました",
  title: (storeName: string) => `${storeName}からの招待`,
} as const;

/** The message with the link, as the performer reads it in a chat. */
export function invitationShareMessage({
  storeName,
  url,
  expiresAt,
}: {
  storeName: string;
  url: string;
  expiresAt: Date | string;
}): string {
  return [
    `${storeName}から${SITE_NAME}のキャスト登録の招待です。`,
    `下のリンクからログインIDとパスワードを決めて登録してください（期限 ${formatMonthDayTime(expiresAt)}・1回のみ有効）。`,
    url,
  ].join("\n");
}

/** LINE's share link for `message` (the whole text, link included, percent-encoded as UTF-8). */
export function lineShareUrl(message: string): string {
  return `https://line.me/R/share?text=${encodeURIComponent(message)}`;
}
