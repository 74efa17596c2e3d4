/**
 * The paths of the message pages (ADR 0029), apart from the rest of the chat rules: the root
 * route and the public staff page use them in the browser, and must not pull in zod and the
 * contact filter with them (page weight).
 */
/** The inbox of a role's mypage (ADR 0029). */
export const messagesPath = (role: "listener" | "staff", roomId?: string) =>
  roomId ? `/${role}/mypage/message/${encodeURIComponent(roomId)}` : `/${role}/mypage/message`;

/** The room a mypage path opens (`/{role}/mypage/message/{room_id}`), else null. */
export function roomIdOfPath(pathname: string): string | null {
  const match = /^\/(?:listener|staff)\/mypage\/message\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** Whether a path is one of the message pages (their visits change the unread counts). */
export const isMessagesPath = (pathname: string) =>
  /^\/(?:listener|staff)\/mypage\/message(?:\/|$)/.test(pathname);
