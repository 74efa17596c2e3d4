import { and, eq, gt, isNotNull } from "drizzle-orm";
import { redirect } from "react-router";
import { type AccountRole, type AccountType, loginPath, OPERATOR } from "~/domain/account-roles";
import type { Db } from "../db/client";
import { operatorSessions } from "../db/schema";
import { roleOfUser } from "./account-role";
import type { Auth } from "./create-auth";

/** The signed-in account as pages see it. */
export interface Viewer<T extends AccountType = AccountType> {
  type: T;
  uid: string;
  name: string;
  email: string;
}

interface ViewerContext {
  db: Db;
  auth: Auth;
}

/** The account of the request's session cookie, or null. Cached per request. */
export async function getViewer(request: Request, context: ViewerContext): Promise<Viewer | null> {
  const cached = viewerCache.get(request);
  if (cached) return cached;
  const promise = loadViewer(request, context);
  viewerCache.set(request, promise);
  return promise;
}

const viewerCache = new WeakMap<Request, Promise<Viewer | null>>();

async function loadViewer(request: Request, { db, auth }: ViewerContext): Promise<Viewer | null> {
  if (!request.headers.get("cookie")) return null;
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const role = await roleOfUser(db, session.user.id);
  if (!role) return null;
  // An operator's session counts only when it passed the TOTP step and is within its short life
  // (operator_sessions); any other session of that user is no session at all.
  if (role === OPERATOR && !(await isVerifiedOperatorSession(db, session.session.id))) return null;
  return { type: role, uid: session.user.id, name: session.user.name, email: session.user.email };
}

async function isVerifiedOperatorSession(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: operatorSessions.session_id })
    .from(operatorSessions)
    .where(
      and(
        eq(operatorSessions.session_id, sessionId),
        isNotNull(operatorSessions.verified_at),
        gt(operatorSessions.expires_at, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * The guard of every protected page (contract §2): without a session of `role` — signed out, or
 * signed in as another kind — the visitor is sent to that kind's login page with
 * `from={path and query}` (`/{role}/login`, the operator's `/admin/login`).
 */
export async function requireViewer<T extends AccountType>(
  request: Request,
  context: ViewerContext,
  role: T,
): Promise<Viewer<T>> {
  const viewer = await getViewer(request, context);
  if (viewer?.type === role) return viewer as Viewer<T>;
  const url = new URL(request.url);
  throw redirect(loginPath(role, `${url.pathname}${url.search}`));
}

/** The guard of every `/admin` loader and action. */
export function requireOperator(request: Request, context: ViewerContext): Promise<Viewer<typeof OPERATOR>> {
  return requireViewer(request, context, OPERATOR);
}

export type MemberViewer = Viewer<AccountRole>;
