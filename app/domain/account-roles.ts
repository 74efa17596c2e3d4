/**
 * The three kinds of account (spec §1) and the rules that tie them to URLs (spec §2, contract §2).
 */
export const ACCOUNT_ROLES = ["listener", "liver", "staff"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const ROLE_LABELS: Record<AccountRole, string> = {
  listener: "ユーザー",
  liver: "店舗",
  staff: "キャスト",
};

export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === "string" && (ACCOUNT_ROLES as readonly string[]).includes(value);
}

/**
 * The role a path belongs to, from its first segment. Under /listener/, the public store, staff
 * and live pages (`/listener/staff/…`, `/listener/liver/…`, `/listener/live/…`) belong to nobody.
 */
export function roleOfPath(pathname: string): AccountRole | null {
  const [first, second] = pathname.split("/").filter(Boolean);
  if (!isAccountRole(first)) return null;
  if (first === "listener" && (second === "staff" || second === "liver" || second === "live")) return null;
  return first;
}

/**
 * Whether a path needs a session of its role (contract §2): everything under /listener/ except
 * the public pages and the account pages themselves, and /liver/mypage…, /staff/mypage….
 */
export function isProtectedPath(pathname: string): boolean {
  const role = roleOfPath(pathname);
  if (!role) return false;
  const [, second] = pathname.split("/").filter(Boolean);
  if (second === "mypage") return true;
  if (role === "listener") return second === "coin";
  return false;
}

/**
 * The `from` of a login URL is honoured only for same-origin relative paths ("/…", not "//…" nor
 * "/\\…", no scheme); anything else falls back to the role's mypage.
 */
export function safeRedirectPath(from: string | null | undefined, role: AccountRole): string {
  const fallback = `/${role}/mypage`;
  if (!from || typeof from !== "string") return fallback;
  if (!from.startsWith("/") || from.startsWith("//") || from.startsWith("/\\")) return fallback;
  if (from.includes("\\") || Array.from(from).some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  try {
    const url = new URL(from, "http://same.origin");
    if (url.origin !== "http://same.origin") return fallback;
    // Dot segments are resolved by the parser: "/.//evil.com" becomes "//evil.com", which a
    // browser reads as another host. Check what comes out, not only what went in.
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** `/{role}/login?from=…` for a page that needs that role. */
export function loginPath(role: AccountRole, from?: string): string {
  return from ? `/${role}/login?from=${encodeURIComponent(from)}` : `/${role}/login`;
}
