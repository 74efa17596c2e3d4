import { redirect } from "react-router";
import { type AccountRole, loginPath } from "~/domain/account-roles";
import type { Db } from "../db/client";
import { roleOfUser } from "./account-role";
import type { Auth } from "./create-auth";

/** The signed-in account as pages see it. */
export interface Viewer {
  type: AccountRole;
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
  return { type: role, uid: session.user.id, name: session.user.name, email: session.user.email };
}

/**
 * The guard of every protected page (contract §2): without a session of `role` — signed out, or
 * signed in as another role — the visitor is sent to `/{role}/login?from={path and query}`.
 */
export async function requireViewer(
  request: Request,
  context: ViewerContext,
  role: AccountRole,
): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (viewer?.type === role) return viewer;
  const url = new URL(request.url);
  throw redirect(loginPath(role, `${url.pathname}${url.search}`));
}
