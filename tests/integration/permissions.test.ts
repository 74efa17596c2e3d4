import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { parseEnv } from "~/.server/env";
import { listOwnRooms } from "~/.server/services/chat/list-own-rooms";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { listFavorites } from "~/.server/services/favorites/list-favorites";
import { unfollowTarget } from "~/.server/services/favorites/unfollow-target";
import { listStaffSchedules } from "~/.server/services/schedules/list-staff-schedules";
import { replaceStaffSchedules } from "~/.server/services/schedules/replace-staff-schedules";
import { issueStaffInvitation } from "~/.server/services/staff/issue-staff-invitation";
import { revokeStaffInvitation } from "~/.server/services/staff/revoke-staff-invitation";
import { setStaffDisplay } from "~/.server/services/staff/set-staff-display";
import { updatePriceSystem } from "~/.server/services/stores/update-price-system";
import { type Action, type Decision, decide, type Ownership } from "~/domain/permissions";
import { PriceSystemSchema } from "~/domain/price-system";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator } from "../support/operators";

/**
 * A sample of the permission table (tests/unit/permissions.test.ts) through the real services:
 * every kind of account, on its own object and on another's, gets from the service exactly what
 * `decide` says — allowed, 403 (`forbidden`) or 404 (`not_found`) — on both databases.
 */

const env = parseEnv({
  AUTH_SECRET: "integration-test-secret-0123456789abcdef",
  BASE_URL: "https://yoru.example",
});
type Kind = "listener" | "liver" | "staff" | "operator";
const KINDS: Kind[] = ["listener", "liver", "staff", "operator"];

const outcome = (result: { ok: true } | { ok: false; error: string }): string =>
  result.ok ? "allowed" : result.error;

describe.each(drivers)("the permission table through the services on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  /** One of each kind, and for each the account whose objects are "another's". */
  let actors: Record<Kind, { me: Viewer; other: Viewer }>;
  /** Staff members: the actor's own (for a store: of its store; for staff: herself) and another's. */
  let staffOf: Record<Kind, { own: string; other: string }>;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "permissions" });
    const storeA = await makeLiver(db(), { store_name: "店舗A" });
    const storeB = await makeLiver(db(), { store_name: "店舗B" });
    const castA1 = await makeStaff(db(), storeA.uid);
    const castA2 = await makeStaff(db(), storeA.uid);
    const castB1 = await makeStaff(db(), storeB.uid);
    const listener1 = await makeListener(db());
    const listener2 = await makeListener(db());
    const op1 = await makeOperator(db(), { authSecret: env.authSecret });
    const op2 = await makeOperator(db(), { authSecret: env.authSecret });
    const operator = (o: typeof op1): Viewer => ({
      type: "operator",
      uid: o.uid,
      name: "運営",
      email: o.email,
    });
    actors = {
      listener: { me: listener1, other: listener2 },
      liver: { me: storeA, other: storeB },
      staff: { me: castA1, other: castA2 },
      operator: { me: operator(op1), other: operator(op2) },
    };
    staffOf = {
      listener: { own: castA1.uid, other: castB1.uid },
      liver: { own: castA1.uid, other: castB1.uid },
      staff: { own: castA1.uid, other: castA2.uid },
      operator: { own: castA1.uid, other: castB1.uid },
    };
  });
  afterAll(async () => {
    await database?.close();
  });

  /** Each action: how to try it as `actor` on an object that is `ownership` to them. */
  const scenarios: Record<
    string,
    {
      action: Action;
      /** The object is always the actor's own (its account, its list): no "another's" case. */
      selfOnly?: true;
      run: (kind: Kind, ownership: Ownership) => Promise<string>;
    }
  > = {
    "show/hide a staff member": {
      action: "staff.manage",
      run: async (kind, ownership) =>
        outcome(
          await setStaffDisplay({
            db: db(),
            actor: actors[kind].me,
            input: { staffId: staffOf[kind][ownership], displayed: true },
          }),
        ),
    },
    "read a staff member's shifts": {
      action: "staff.schedules.read",
      run: async (kind, ownership) =>
        outcome(
          await listStaffSchedules({
            db: db(),
            actor: actors[kind].me,
            staffId: staffOf[kind][ownership],
            input: { start: "2026-12-01", end: "2026-12-07" },
          }),
        ),
    },
    "replace a staff member's shifts": {
      action: "staff.schedules.replace",
      run: async (kind, ownership) =>
        outcome(
          await replaceStaffSchedules({
            db: db(),
            actor: actors[kind].me,
            staffId: staffOf[kind][ownership],
            input: { start: "2026-12-01", end: "2026-12-07", items: [] },
          }),
        ),
    },
    "remove a follow": {
      action: "favorite.unfollow",
      run: async (kind, ownership) => {
        // A fresh follow each time, held by the actor (own) or by someone else (other).
        const store = await makeLiver(db());
        const holder =
          kind === "listener" && ownership === "own" ? actors.listener.me : await makeListener(db());
        const followed = await followTarget({
          db: db(),
          actor: holder,
          input: { kind: "liver", id: store.uid },
        });
        if (!followed.ok) throw new Error(followed.error);
        const favorite_id = followed.favorite.favorite_id;
        return outcome(await unfollowTarget({ db: db(), actor: actors[kind].me, input: { favorite_id } }));
      },
    },
    "follow a public store": {
      action: "favorite.follow",
      run: async (kind) => {
        const store = await makeLiver(db());
        return outcome(
          await followTarget({ db: db(), actor: actors[kind].me, input: { kind: "liver", id: store.uid } }),
        );
      },
    },
    "list one's follows": {
      action: "favorite.list",
      selfOnly: true,
      run: async (kind) =>
        outcome(await listFavorites({ db: db(), actor: actors[kind].me, input: { page: 1, pageSize: 10 } })),
    },
    "list one's chat rooms": {
      action: "room.list",
      selfOnly: true,
      run: async (kind) =>
        outcome(await listOwnRooms({ db: db(), actor: actors[kind].me, input: { page: 1, pageSize: 10 } })),
    },
    "withdraw an invitation": {
      action: "invitation.revoke",
      run: async (kind, ownership) => {
        const issuer = ownership === "own" && kind === "liver" ? actors.liver.me : actors.liver.other;
        const issued = await issueStaffInvitation({ db: db(), env, actor: issuer, input: { note: "" } });
        if (!issued.ok) throw new Error(issued.error);
        return outcome(
          await revokeStaffInvitation({ db: db(), actor: actors[kind].me, input: { id: issued.id } }),
        );
      },
    },
    "change the store's prices": {
      action: "store.update",
      selfOnly: true,
      run: async (kind) =>
        outcome(
          await updatePriceSystem({
            db: db(),
            actor: actors[kind].me,
            input: PriceSystemSchema.parse({ sets: {}, drinks: {}, payment_methods: [], note: "" }),
          }),
        ),
    },
  };

  const cases = Object.entries(scenarios).flatMap(([name, scenario]) =>
    KINDS.flatMap((kind) =>
      (scenario.selfOnly ? (["own"] as const) : (["own", "other"] as const)).map((ownership) => ({
        name,
        kind,
        ownership,
        scenario,
      })),
    ),
  );

  it.each(cases)(
    "$kind · $name · $ownership → as the policy decides",
    async ({ kind, ownership, scenario }) => {
      const decision: Decision = decide(kind, scenario.action, ownership);
      expect(await scenario.run(kind, ownership)).toBe(decision);
    },
  );
});
