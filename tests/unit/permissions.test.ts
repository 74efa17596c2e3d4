import { describe, expect, it } from "vitest";
import {
  ACTIONS,
  ACTOR_KINDS,
  type Action,
  type ActorKind,
  DECISION_STATUS,
  type Decision,
  decide,
  postOwnership,
  roomDecision,
  staffOwnership,
} from "~/domain/permissions";

/**
 * The permission table (ADR 0022), written out by hand: who may do what to whose object.
 * A cell says what each kind gets —
 *   any: allowed on its own and on another's object
 *   own: allowed on its own object, 404 on another's (or on none)
 *   403: refused for the kind, whatever the object
 *   401: signed out
 */
type Cell = "any" | "own" | "403" | "401";
const TABLE = `
action                         anonymous listener liver staff operator
directory.read                 any       any      any   any   any
account.read                   401       own      own   own   own
account.password.change        401       own      own   own   403
account.email.change           401       own      own   403   403
account.mail_settings.update   401       own      own   403   403
listener.profile.update        401       own      403   403   403
listener.matching.read         401       own      403   403   403
favorite.follow                401       any      403   403   403
favorite.list                  401       own      403   403   403
favorite.unfollow              401       own      403   403   403
feed.following.read            401       own      403   403   403
room.list                      401       own      403   own   403
room.open                      401       any      403   403   403
room.read                      401       own      403   own   403
room.write                     401       own      403   own   403
room.block                     401       own      403   own   403
room.report                    401       own      403   own   403
store.read                     401       403      own   403   403
store.update                   401       403      own   403   403
store.gallery.edit             401       403      own   403   403
staff.list                     401       403      own   403   403
staff.create                   401       403      own   403   403
staff.manage                   401       403      own   403   403
staff.profile.read             401       403      own   own   403
staff.profile.update           401       403      own   own   403
staff.gallery.edit             401       403      own   own   403
staff.schedules.read           401       403      own   own   403
staff.schedules.replace        401       403      own   own   403
staff.dashboard.read           401       403      403   own   403
invitation.issue               401       403      own   403   403
invitation.list                401       403      own   403   403
invitation.revoke              401       403      own   403   403
coupon.list                    401       403      own   403   403
coupon.create                  401       403      own   403   403
coupon.update                  401       403      own   403   403
coupon.end                     401       403      own   403   403
news.read                      401       own      own   own   403
post.create                    401       403      own   own   403
post.list                      401       403      own   own   403
post.update                    401       403      own   own   403
post.delete                    401       403      own   own   403
sns.links.read                 401       403      own   own   403
sns.link                       401       403      own   own   403
sns.unlink                     401       403      own   own   403
live.start                     401       403      own   own   403
live.end                       401       403      own   own   403
live.moderate                  401       403      own   own   403
live.comment                   401       any      403   403   403
live.talk                      401       403      own   own   403
live.summary.read              401       403      own   own   403
fans.read                      401       403      own   own   403
fans.own.read                  401       own      403   403   403
notification.read              401       own      own   own   403
notification.settings          401       own      own   own   403
live.report                    401       any      403   403   403
coin.buy                       401       own      403   403   403
item.buy                       401       own      403   403   403
gift.send                      401       any      403   403   403
items.received.read            401       403      own   own   403
items.convert                  401       403      own   403   403
payout.request                 401       403      own   403   403
age_verification.submit        401       own      403   403   403
admin.age_verifications.read   401       403      403   403   any
admin.age_verifications.decide 401       403      403   403   any
admin.live_reports.read        401       403      403   403   any
admin.reports.read             401       403      403   403   any
admin.reports.handle           401       403      403   403   any
admin.suspensions.read         401       403      403   403   any
admin.suspensions.lift         401       403      403   403   any
admin.posts.label              401       403      403   403   any
admin.transfer_account.read    401       403      403   403   any
admin.transfer_account.update  401       403      403   403   any
admin.use                      401       403      403   403   any
`;

const [header, ...rows] = TABLE.trim().split("\n");
const kinds = header!.trim().split(/\s+/).slice(1) as ActorKind[];
const table = new Map<Action, Record<ActorKind, Cell>>(
  rows.map((row) => {
    const [action, ...cells] = row.trim().split(/\s+/);
    return [
      action as Action,
      Object.fromEntries(kinds.map((kind, i) => [kind, cells[i] as Cell])) as Record<ActorKind, Cell>,
    ] as const;
  }),
);

function expected(cell: Cell, ownership: "own" | "other"): Decision {
  if (cell === "401") return "unauthenticated";
  if (cell === "403") return "forbidden";
  if (cell === "any" || ownership === "own") return "allowed";
  return "not_found";
}

describe("the permission table", () => {
  it("names every action of the policy and every kind of actor, nothing more", () => {
    expect(kinds).toEqual([...ACTOR_KINDS]);
    expect([...table.keys()].sort()).toEqual([...ACTIONS].sort());
  });

  const cases = [...table].flatMap(([action, cells]) =>
    kinds.flatMap((kind) =>
      (["own", "other"] as const).map((ownership) => ({
        action,
        kind,
        ownership,
        decision: expected(cells[kind], ownership),
      })),
    ),
  );

  it.each(cases)(
    "$kind · $action · $ownership object → $decision",
    ({ action, kind, ownership, decision }) => {
      expect(decide(kind, action, ownership)).toBe(decision);
    },
  );
});

describe("the one rule for 401 / 403 / 404", () => {
  it("maps decisions to statuses", () => {
    expect(DECISION_STATUS).toEqual({ allowed: 200, unauthenticated: 401, forbidden: 403, not_found: 404 });
  });

  it("never answers 404 to a kind that may not act at all, and never 403 to one that may", () => {
    for (const action of ACTIONS)
      for (const kind of ACTOR_KINDS) {
        const own = decide(kind, action, "own");
        const other = decide(kind, action, "other");
        if (own === "forbidden") expect(other).toBe("forbidden");
        if (own === "allowed") expect(other === "allowed" || other === "not_found").toBe(true);
        if (kind !== "anonymous") expect(own).not.toBe("unauthenticated");
      }
  });

  it("the operator reaches none of the listener, store and staff actions (ADR 0033)", () => {
    const memberActions = ACTIONS.filter(
      (a) => !a.startsWith("admin.") && a !== "directory.read" && a !== "account.read",
    );
    for (const action of memberActions) expect(decide("operator", action)).toBe("forbidden");
  });
});

describe("ownership", () => {
  const store = { type: "liver", uid: "store-a" } as const;
  const cast = { type: "staff", uid: "cast-1" } as const;
  const listener = { type: "listener", uid: "listener-1" } as const;

  it.each([
    { actor: store, staff: { uid: "cast-1", liver_id: "store-a" }, ownership: "own" },
    { actor: store, staff: { uid: "cast-9", liver_id: "store-b" }, ownership: "other" },
    { actor: cast, staff: { uid: "cast-1", liver_id: "store-a" }, ownership: "own" },
    { actor: cast, staff: { uid: "cast-2", liver_id: "store-a" }, ownership: "other" },
    { actor: listener, staff: { uid: "cast-1", liver_id: "store-a" }, ownership: "other" },
  ])(
    "a staff member belongs to her store and herself: $actor.type $actor.uid → $staff.uid is $ownership",
    ({ actor, staff, ownership }) => {
      expect(staffOwnership(actor, staff)).toBe(ownership);
    },
  );

  const staffPost = { author_type: "staff", staff_id: "cast-1", liver_id: "store-a" } as const;
  const storePost = { author_type: "liver", staff_id: null, liver_id: "store-a" } as const;
  it.each([
    { actor: cast, post: staffPost, action: "post.update", ownership: "own" },
    { actor: cast, post: staffPost, action: "post.delete", ownership: "own" },
    { actor: { type: "staff", uid: "cast-2" }, post: staffPost, action: "post.delete", ownership: "other" },
    { actor: cast, post: storePost, action: "post.delete", ownership: "other" },
    { actor: store, post: storePost, action: "post.update", ownership: "own" },
    { actor: store, post: staffPost, action: "post.update", ownership: "other" },
    { actor: store, post: staffPost, action: "post.delete", ownership: "own" },
    { actor: { type: "liver", uid: "store-b" }, post: staffPost, action: "post.delete", ownership: "other" },
    { actor: { type: "liver", uid: "store-b" }, post: storePost, action: "post.update", ownership: "other" },
    { actor: listener, post: staffPost, action: "post.delete", ownership: "other" },
  ] as const)(
    "a post is its author's, and for deleting its store's too: $actor.type $actor.uid $action → $ownership",
    ({ actor, post, action, ownership }) => {
      expect(postOwnership(actor, post, action)).toBe(ownership);
    },
  );
});

describe("a chat room (ADR 0029: 404 to everyone but its two members)", () => {
  const room = { member_ids: ["listener-1", "cast-1"] };
  it.each([
    { actor: { type: "listener", uid: "listener-1" }, decision: "allowed" },
    { actor: { type: "staff", uid: "cast-1" }, decision: "allowed" },
    { actor: { type: "listener", uid: "listener-2" }, decision: "not_found" },
    { actor: { type: "staff", uid: "cast-2" }, decision: "not_found" },
    { actor: { type: "liver", uid: "store-a" }, decision: "not_found" },
    { actor: { type: "operator", uid: "op-1" }, decision: "not_found" },
  ] as const)("$actor.type $actor.uid → $decision", ({ actor, decision }) => {
    for (const action of ["room.read", "room.write", "room.block", "room.report"] as const)
      expect(roomDecision(actor, action, room)).toBe(decision);
    expect(roomDecision(actor, "room.read", null)).toBe(decision === "allowed" ? "not_found" : decision);
  });
});
