import type { AccountType } from "./account-roles";

/**
 * The permission map of the site: who (an anonymous visitor or one of the four kinds of account)
 * may do what (an action) to which object (their own, or another's). Services ask it instead of
 * comparing `actor.type` by hand; the table test in tests/unit/permissions.test.ts reads the same
 * map. ADR 0022.
 *
 * One rule for the answer when the action is refused, checked in this order:
 *
 * 1. An anonymous visitor asking for anything but a public action: `unauthenticated` (401; pages
 *    redirect to the login of the kind they need).
 * 2. A kind of account that may never do the action: `forbidden` (403). The answer does not look
 *    at the object, so it tells nothing about whether an id exists.
 * 3. A kind that may do the action, but the object is not theirs (another account's, or no such
 *    object): `not_found` (404). Another account's things are indistinguishable from nothing.
 */

export const ACTOR_KINDS = ["anonymous", "listener", "liver", "staff", "operator"] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** Whose object the action touches. Actions on the actor's own account are always `own`. */
export type Ownership = "own" | "other";

export type Decision = "allowed" | "unauthenticated" | "forbidden" | "not_found";
export type Refusal = Exclude<Decision, "allowed">;

/**
 * `any`: every object of the kind (public things); `own`: only the actor's own (their account,
 * the store's staff, the staff member themself, their follows, their invitations).
 */
type Scope = "any" | "own";

interface Rule {
  /** What the action does, for the ADR and the table test's names. */
  what: string;
  /** Open to anonymous visitors too. */
  public?: true;
  who: Partial<Record<AccountType, Scope>>;
}

const ALL_ANY: Rule["who"] = { listener: "any", liver: "any", staff: "any", operator: "any" };
const STORE = { liver: "own" } as const;
const STORE_OR_STAFF_ITSELF = { liver: "own", staff: "own" } as const;

export const PERMISSIONS = {
  "directory.read": { what: "read public stores, staff and shifts", public: true, who: ALL_ANY },
  "account.read": {
    what: "read the signed-in account",
    who: { listener: "own", liver: "own", staff: "own", operator: "own" },
  },
  "account.password.change": {
    what: "change one's own password",
    who: { listener: "own", liver: "own", staff: "own" },
  },
  "account.email.change": { what: "change one's login e-mail", who: { listener: "own", liver: "own" } },
  "account.mail_settings.update": {
    what: "change one's mail settings",
    who: { listener: "own", liver: "own" },
  },
  "listener.profile.update": {
    what: "change nickname, picture, matching answers",
    who: { listener: "own" },
  },
  "listener.matching.read": { what: "read one's matching answers", who: { listener: "own" } },
  "favorite.follow": { what: "follow a public store or staff member", who: { listener: "any" } },
  "favorite.list": { what: "list one's follows", who: { listener: "own" } },
  "favorite.unfollow": { what: "remove a follow", who: { listener: "own" } },
  "feed.following.read": { what: "read the posts of one's follows", who: { listener: "own" } },
  "room.list": { what: "list one's chat rooms", who: { listener: "own", staff: "own" } },
  "room.open": { what: "open (or find) the chat room with a listed staff member", who: { listener: "any" } },
  "room.read": {
    what: "read a room's messages, mark them read, count one's unread",
    who: { listener: "own", staff: "own" },
  },
  "room.write": {
    what: "send a message to a room one is a member of",
    who: { listener: "own", staff: "own" },
  },
  "room.block": { what: "block the counterpart of one's room", who: { listener: "own", staff: "own" } },
  "room.report": { what: "report one's room to the operator", who: { listener: "own", staff: "own" } },
  "store.read": { what: "read the store's back office (dashboard, profile, settings)", who: STORE },
  "store.update": { what: "change the store's profile, prices, bank account, plan", who: STORE },
  "store.gallery.edit": { what: "add, remove, move the store's pictures", who: STORE },
  "staff.list": { what: "read the store's staff management page", who: STORE },
  "staff.create": { what: "create a staff account", who: STORE },
  "staff.manage": { what: "show/hide, delete, reorder a staff member, set her password", who: STORE },
  "staff.profile.read": { what: "read a staff member's editable profile", who: STORE_OR_STAFF_ITSELF },
  "staff.profile.update": { what: "change a staff member's profile", who: STORE_OR_STAFF_ITSELF },
  "staff.gallery.edit": { what: "add, remove, move a staff member's pictures", who: STORE_OR_STAFF_ITSELF },
  "staff.schedules.read": { what: "read a staff member's shifts (back office)", who: STORE_OR_STAFF_ITSELF },
  "staff.schedules.replace": { what: "replace a staff member's shifts", who: STORE_OR_STAFF_ITSELF },
  "staff.dashboard.read": { what: "read the staff member's own home", who: { staff: "own" } },
  "invitation.issue": { what: "issue a staff invitation link", who: STORE },
  "invitation.list": { what: "list the store's invitations", who: STORE },
  "invitation.revoke": { what: "withdraw an invitation", who: STORE },
  // Coupons (ADR 0058); reading the current ones is `directory.read`.
  "coupon.list": { what: "list the store's coupons, ended and expired ones too", who: STORE },
  "coupon.create": { what: "create a coupon of the store", who: STORE },
  "coupon.update": { what: "edit a coupon of the store that has not ended", who: STORE },
  "coupon.end": { what: "end a coupon of the store before its time", who: STORE },
  "news.read": {
    what: "read the official news for one's kind of account, mark it read",
    who: { listener: "own", liver: "own", staff: "own" },
  },
  "post.create": { what: "write a native post (own, or as the store)", who: STORE_OR_STAFF_ITSELF },
  "post.list": {
    what: "list one's own native posts (a store: its own and its staff's)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "post.update": {
    what: "edit one's own native post: its caption and its PR label (ADR 0051)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "post.delete": {
    what: "delete one's own native post, or (a store) its staff's",
    who: STORE_OR_STAFF_ITSELF,
  },
  "sns.links.read": {
    what: "see one's linked Instagram / TikTok / YouTube accounts",
    who: STORE_OR_STAFF_ITSELF,
  },
  "sns.link": { what: "link one's own Instagram / TikTok / YouTube account", who: STORE_OR_STAFF_ITSELF },
  "sns.unlink": { what: "remove one's own linked account", who: STORE_OR_STAFF_ITSELF },
  // Live streaming (ADR 0031): a staff member's live is hers and her store's.
  "live.start": { what: "go live (as oneself: a staff member or a store)", who: STORE_OR_STAFF_ITSELF },
  "live.end": { what: "end one's live, or (a store) its staff's", who: STORE_OR_STAFF_ITSELF },
  "live.moderate": {
    what: "delete comments of one's live and block its viewers (a store: also its staff's lives)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "live.comment": { what: "comment in a live", who: { listener: "any" } },
  // The live room (ADR 0043).
  "live.talk": {
    what: "comment in one's own live as its broadcaster (shown with 配信者)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "live.summary.read": {
    what: "read the summary of one's live (a store: also its staff's lives)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "fans.read": {
    what: "list the month's fans (a store: its own and its staff's)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "fans.own.read": { what: "read one's own fan level for a broadcaster", who: { listener: "own" } },
  // In-app notifications (ADR 0044).
  "notification.read": {
    what: "read one's own notifications and mark them read",
    who: { listener: "own", liver: "own", staff: "own" },
  },
  "notification.settings": {
    what: "turn push on or off for one's devices and choose which kinds come by push (ADR 0045)",
    who: { listener: "own", liver: "own", staff: "own" },
  },
  "live.report": { what: "report a live comment to the operator", who: { listener: "any" } },
  // Coins, items, gifts and payouts (ADR 0032).
  "coin.buy": { what: "buy coin packs, read one's coins and history", who: { listener: "own" } },
  "item.buy": { what: "buy items with one's coins", who: { listener: "own" } },
  "gift.send": { what: "gift one's items to a listed staff member or store", who: { listener: "any" } },
  "items.received.read": {
    what: "read the items received (a store: its own and its staff's)",
    who: STORE_OR_STAFF_ITSELF,
  },
  "items.convert": { what: "convert the store's received items to points", who: STORE },
  "payout.request": { what: "request a payout of the store's points", who: STORE },
  "admin.live_reports.read": { what: "read the queue of reported live comments", who: { operator: "any" } },
  "admin.reports.read": {
    what: "read the queue of chat and live reports with their conversations",
    who: { operator: "any" },
  },
  "admin.reports.handle": {
    what: "decide a report: dismiss, warn, block or suspend the reported account (ADR 0030, 0039)",
    who: { operator: "any" },
  },
  "admin.suspensions.read": {
    what: "read the accounts blocked or suspended, and the history (ADR 0039)",
    who: { operator: "any" },
  },
  "admin.suspensions.lift": {
    what: "lift a block or suspension of an account, with a reason (ADR 0039)",
    who: { operator: "any" },
  },
  "age_verification.submit": {
    what: "send one's identity document for age verification (ADR 0055)",
    who: { listener: "own" },
  },
  "admin.age_verifications.read": {
    what: "read the age verification queue and view a document picture, each view audited (ADR 0055)",
    who: { operator: "any" },
  },
  "admin.age_verifications.decide": {
    what: "approve an age verification with the birth date, or reject it with a reason (ADR 0055)",
    who: { operator: "any" },
  },
  "admin.posts.label": {
    what: "mark any post 「PR」 or take the label off, audited (ADR 0051)",
    who: { operator: "any" },
  },
  "admin.transfer_account.read": {
    what: "read the platform's transfer account of the 全銀 files and where it comes from (ADR 0053)",
    who: { operator: "any" },
  },
  "admin.transfer_account.update": {
    what: "save the platform's transfer account while no ZENGIN_* variable is set, audited (ADR 0053)",
    who: { operator: "any" },
  },
  "admin.use": { what: "use the operator console", who: { operator: "any" } },
} as const satisfies Record<string, Rule>;

export type Action = keyof typeof PERMISSIONS;
export const ACTIONS = Object.keys(PERMISSIONS) as Action[];

/** The decision for `kind` doing `action` to an object that is `ownership` (default: its own). */
export function decide(kind: ActorKind, action: Action, ownership: Ownership = "own"): Decision {
  const rule: Rule = PERMISSIONS[action];
  if (kind === "anonymous") return rule.public ? "allowed" : "unauthenticated";
  const scope = rule.who[kind];
  if (!scope) return rule.public ? "allowed" : "forbidden";
  if (scope === "any" || ownership === "own") return "allowed";
  return "not_found";
}

/** An account as the policy sees it (the services' `Viewer` fits). */
export interface PolicyActor {
  type: AccountType;
  uid: string;
}

/**
 * Step 2 alone, before any object is looked up: `forbidden` when the actor's kind may never do
 * `action`, null when it may (ownership is then the object's business, see `staffOwnership`
 * below; a follow or an invitation is the actor's when its owner column is the actor's uid,
 * which the services put in the WHERE clause, so another's is simply not found).
 */
export function roleRefusal(actor: PolicyActor, action: Action): "forbidden" | null {
  return decide(actor.type, action, "own") === "allowed" ? null : "forbidden";
}

/** A staff member belongs to her store, and to herself. */
export function staffOwnership(actor: PolicyActor, staff: { uid: string; liver_id: string }): Ownership {
  if (actor.type === "liver") return staff.liver_id === actor.uid ? "own" : "other";
  if (actor.type === "staff") return staff.uid === actor.uid ? "own" : "other";
  return "other";
}

/**
 * A post belongs to its author; for `post.delete` a store's staff member's post is the store's too
 * (ADR 0024: a store can delete its staff's posts, not edit their words).
 */
export function postOwnership(
  actor: PolicyActor,
  post: { author_type: "staff" | "liver"; staff_id: string | null; liver_id: string },
  action: "post.update" | "post.delete",
): Ownership {
  if (actor.type === "staff")
    return post.author_type === "staff" && post.staff_id === actor.uid ? "own" : "other";
  if (actor.type === "liver") {
    if (post.liver_id !== actor.uid) return "other";
    return post.author_type === "liver" || action === "post.delete" ? "own" : "other";
  }
  return "other";
}

/**
 * A live belongs to its broadcaster, and a staff member's live to her store too (the store can end
 * it and moderate it, ADR 0031 leaves that to the store as the one answerable for its staff).
 */
export function liveOwnership(
  actor: PolicyActor,
  live: { broadcaster_type: "staff" | "liver"; broadcaster_id: string; liver_id: string },
): Ownership {
  if (actor.type === "liver") return live.liver_id === actor.uid ? "own" : "other";
  if (actor.type === "staff")
    return live.broadcaster_type === "staff" && live.broadcaster_id === actor.uid ? "own" : "other";
  return "other";
}

/** The broadcaster alone speaks as the broadcaster: her store moderates her live but does not talk in it. */
export function liveBroadcasterOwnership(
  actor: PolicyActor,
  live: { broadcaster_type: "staff" | "liver"; broadcaster_id: string },
): Ownership {
  if (actor.type !== "liver" && actor.type !== "staff") return "other";
  return live.broadcaster_type === actor.type && live.broadcaster_id === actor.uid ? "own" : "other";
}

/**
 * A chat room belongs to its two members. ADR 0029 says a room is a 404 to everyone else —
 * also to the kinds that may never use rooms (a store, an operator): so for one room the answer
 * is `not_found` for every refusal but the anonymous visitor's, and a room id tells nothing.
 */
export function roomDecision(
  actor: PolicyActor,
  action: "room.read" | "room.write" | "room.block" | "room.report",
  room: { member_ids: readonly string[] } | null | undefined,
): Decision {
  const ownership: Ownership = room?.member_ids.includes(actor.uid) ? "own" : "other";
  const decision = decide(actor.type, action, ownership);
  return decision === "forbidden" ? "not_found" : decision;
}

/** The HTTP status of a decision (pages and the JSON API alike). */
export const DECISION_STATUS: Record<Decision, 200 | 401 | 403 | 404> = {
  allowed: 200,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
};
