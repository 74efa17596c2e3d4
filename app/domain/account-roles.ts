/**
 * The three kinds of account of the site (docs/product.md) and the rules that tie them to URLs (docs/product.md,
 * docs/product.md). They register, sign in at `/{role}/login` and work under `/{role}/mypage`.
 */
export const ACCOUNT_ROLES = ["listener", "liver", "staff"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

/**
 * The fourth kind (ADR 0033): the operator. Created from the command line only, signs in at
 * `/admin/login` with a TOTP code and works under `/admin`; it never reaches the pages of the
 * three roles above, nor they `/admin`.
 */
export const OPERATOR = "operator";
export type AccountType = AccountRole | typeof OPERATOR;

/** The URL area of the operator. */
export const ADMIN_PATH = "/admin";

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

/** The kind of account a path belongs to: a role's area, or `/admin…` for the operator. */
export function accountTypeOfPath(pathname: string): AccountType | null {
  const [first] = pathname.split("/").filter(Boolean);
  if (first === "admin") return OPERATOR;
  return roleOfPath(pathname);
}

/** `/admin/login` and what belongs to it (the TOTP enrolment) are open to a signed-out visitor. */
function isAdminLoginPath(pathname: string): boolean {
  const [, second] = pathname.split("/").filter(Boolean);
  return second === "login";
}

/**
 * Whether a path needs a session of its kind (docs/product.md, ADR 0033): everything under /listener/
 * except the public pages and the account pages themselves, /liver/mypage…, /staff/mypage…, and
 * everything under /admin but its login.
 */
export function isProtectedPath(pathname: string): boolean {
  if (accountTypeOfPath(pathname) === OPERATOR) return !isAdminLoginPath(pathname);
  const role = roleOfPath(pathname);
  if (!role) return false;
  const [, second] = pathname.split("/").filter(Boolean);
  if (second === "mypage") return true;
  if (role === "listener") return second === "coin";
  return false;
}

/** Where an account of a kind lands after login: its mypage, or the operator's dashboard. */
export function homePath(type: AccountType): string {
  return type === OPERATOR ? ADMIN_PATH : `/${type}/mypage`;
}

/**
 * The `from` of a login URL is honoured only for same-origin relative paths ("/…", not "//…" nor
 * "/\\…", no scheme); anything else falls back to the role's mypage. An operator returns only to
 * a page under /admin (nothing else of the site is theirs to open after that login).
 */
export function safeRedirectPath(from: string | null | undefined, role: AccountType): string {
  const path = sameOriginPath(from, homePath(role));
  if (role === OPERATOR && accountTypeOfPath(new URL(path, "http://same.origin").pathname) !== OPERATOR)
    return ADMIN_PATH;
  return path;
}

/**
 * `value` when it is a same-origin relative path by the rules of `from` above, else null: the
 * coin page's `return=` (ADR 0043) is checked by the same rules as the login's `from`.
 */
export function sameOriginPathOf(value: string | null | undefined): string | null {
  return sameOriginPath(value, null);
}

function sameOriginPath<F extends string | null>(from: string | null | undefined, fallback: F): string | F {
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

/** `/{role}/login?from=…` (the operator's: `/admin/login?from=…`) for a page that needs that kind. */
export function loginPath(role: AccountType, from?: string): string {
  const login = role === OPERATOR ? `${ADMIN_PATH}/login` : `/${role}/login`;
  return from ? `${login}?from=${encodeURIComponent(from)}` : login;
}
