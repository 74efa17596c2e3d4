import { type AccountRole, isAccountRole } from "~/domain/account-roles";

/**
 * The last role used to sign in (docs/product.md `loginUserType`), for pages whose path names no role:
 * the header's login link goes to that role's login page. An unknown value is cleared.
 */
const NAME = "loginUserType";

export function readLoginUserType(request: Request): { role: AccountRole | null; invalid: boolean } {
  const match = (request.headers.get("cookie") ?? "").match(/(?:^|;\s*)loginUserType=([^;]*)/);
  if (!match) return { role: null, invalid: false };
  const value = decodeURIComponent(match[1] ?? "");
  return isAccountRole(value) ? { role: value, invalid: false } : { role: null, invalid: true };
}

export function writeLoginUserType(role: AccountRole): string {
  return `${NAME}=${role}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

export function clearLoginUserType(): string {
  return `${NAME}=; Path=/; Max-Age=0; SameSite=Lax`;
}
