import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { redirect } from "react-router";
import { type AccountType, loginPath, OPERATOR } from "~/domain/account-roles";
import type { MatchingInfo } from "~/domain/options";
import { type Db, rowsByShape } from "../db/client";
import { operatorSessions } from "../db/schema";
import { accountHeldSql, holdsOn } from "./account-hold";
import { roleOfUser, roleOfUserSql } from "./account-role";
import type { Auth } from "./create-auth";
import { signedCookieValue } from "./session-cookie";

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

/**
 * One statement instead of better-auth's `getSession` (session, then user) and the role lookup
 * after it: a signed-in request pays one round trip for its account (ADR 0034). The cookie is
 * verified the way better-auth verifies it; a session that is due for better-auth's sliding
 * refresh (once a day), and anything unexpected, goes through `getSession` as before.
 */
async function loadViewer(request: Request, { db, auth }: ViewerContext): Promise<Viewer | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  const settings = await sessionSettingsOf(auth);
  const token = signedCookieValue(cookie, settings.cookieName, settings.secret);
  if (!token) return null;
  // Prepared (ADR 0040) and built once (ADR 0041): every signed-in request sends this same text,
  // planned once per connection.
  const [row] = await rowsByShape<SessionRow>(
    db,
    "viewer",
    () => sql`select u.id as uid, u.name, u.email,
          s.expires_at <= now() as expired,
          s.expires_at - make_interval(secs => ${sql.placeholder("expiresIn")}) + make_interval(secs => ${sql.placeholder("updateAge")}) <= now() as due,
          (${roleOfUserSql(sql`u.id`)}) as role,
          exists (select 1 from operator_sessions o
                  where o.session_id = s.id and o.verified_at is not null and o.expires_at > now()) as verified_operator,
          (select l.matching_info from listeners l where l.uid = u.id) as matching_info,
          ${accountHeldSql(sql`u.id`, sql`now()`)} as held
        from session s join "user" u on u.id = s.user_id
        where s.token = ${sql.placeholder("token")}`,
  ).execute({ expiresIn: settings.expiresIn, updateAge: settings.updateAge, token });
  // A block or suspension (ADR 0039) deleted the account's sessions when it was placed; one that
  // was created at that very moment (a sign-in racing the operator) is no session either.
  if (!row || row.expired || row.held) return null;
  if (row.due) return loadViewerThroughAuth(request, { db, auth });
  const viewer = viewerOf(row.role, row.verified_operator, row);
  if (viewer?.type === "listener" && row.matching_info) listenerAnswers.set(viewer, row.matching_info);
  return viewer;
}

/**
 * A signed-in listener's matching answers, read with the session (every public list and page a
 * listener opens needs them for the score): `listenerContextOf` takes them from here instead of
 * asking again. Keyed by the viewer object, so it lives exactly as long as the request's viewer.
 */
const listenerAnswers = new WeakMap<Viewer, Partial<MatchingInfo>>();

export function preloadedAnswersOf(viewer: Viewer): Partial<MatchingInfo> | undefined {
  return listenerAnswers.get(viewer);
}

interface SessionRow {
  uid: string;
  name: string;
  email: string;
  expired: boolean;
  due: boolean;
  role: AccountType | null;
  verified_operator: boolean;
  matching_info: Partial<MatchingInfo> | null;
  held: boolean;
}

/** The slow path: better-auth reads (and, when due, extends) the session. */
async function loadViewerThroughAuth(request: Request, { db, auth }: ViewerContext): Promise<Viewer | null> {
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  if ((await holdsOn(db, session.user.id, new Date())).length > 0) return null;
  const role = await roleOfUser(db, session.user.id);
  return viewerOf(role, role === OPERATOR && (await isVerifiedOperatorSession(db, session.session.id)), {
    uid: session.user.id,
    name: session.user.name,
    email: session.user.email,
  });
}

/**
 * An operator's session counts only when it passed the TOTP step and is within its short life
 * (operator_sessions); any other session of that user is no session at all.
 */
function viewerOf(
  role: AccountType | null,
  verifiedOperator: boolean,
  account: { uid: string; name: string; email: string },
): Viewer | null {
  if (!role) return null;
  if (role === OPERATOR && !verifiedOperator) return null;
  return { type: role, uid: account.uid, name: account.name, email: account.email };
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

interface SessionSettings {
  cookieName: string;
  secret: string;
  expiresIn: number;
  updateAge: number;
}

const settingsCache = new WeakMap<Auth, Promise<SessionSettings>>();

/** better-auth's cookie name, secret and session ages, read once per auth instance. */
function sessionSettingsOf(auth: Auth): Promise<SessionSettings> {
  let settings = settingsCache.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      cookieName: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresIn: context.sessionConfig.expiresIn,
      updateAge: context.sessionConfig.updateAge,
    }));
    settingsCache.set(auth, settings);
  }
  return settings;
}

/**
 * The guard of every protected page (docs/product.md): without a session of `role` — signed out, or
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
