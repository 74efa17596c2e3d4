import { and, count, eq, sql } from "drizzle-orm";
import { DEFAULT_PUBLISHED_PROFILE } from "~/domain/options";
import { type StaffAccountInput, staffLoginEmail } from "~/domain/staff-account";
import type { Tx } from "../../db/client";
import { livers, type NewStaff, staffs, user } from "../../db/schema";
import { insertCredentialUser } from "./insert-credential-user";

export type InsertStaffAccountResult =
  | { ok: true; uid: string }
  | { ok: false; error: "limit_reached" | "login_id_taken" | "store_unavailable" };

/** Profile fields a new staff member may start with (a template copied from another staff). */
export type StaffTemplate = Partial<
  Pick<
    NewStaff,
    | "age"
    | "height"
    | "blood_type"
    | "bust_type"
    | "type_type"
    | "karaoke_type"
    | "alcohol_type"
    | "smoke_type"
    | "personality_type"
    | "introduction"
    | "published_profile"
  >
>;

/**
 * Creates a staff account of a store inside the caller's transaction (ADR 0021): the auth user
 * (login by login_id, an internal `.invalid` address, verified: there is no mailbox to verify),
 * and the `staffs` row with `order` = public staff + 1 and the store's name.
 *
 * The store row is locked first, so two creations at the same moment cannot both take the last
 * place of `limit_staff`; deleted staff do not count. Nothing is written when a check fails. A
 * login_id taken at the same moment by another transaction surfaces as a unique violation, which
 * callers map to `login_id_taken`.
 */
export async function insertStaffAccount(
  tx: Tx,
  { liverId, input, template = {} }: { liverId: string; input: StaffAccountInput; template?: StaffTemplate },
): Promise<InsertStaffAccountResult> {
  const [store] = await tx
    .select({ store_name: livers.store_name, limit_staff: livers.limit_staff, status: livers.status })
    .from(livers)
    .where(eq(livers.uid, liverId))
    .for("update");
  if (!store || store.status === "deleted" || store.status === "suspended")
    return { ok: false, error: "store_unavailable" };

  const [{ value: publicStaff } = { value: 0 }] = await tx
    .select({ value: count() })
    .from(staffs)
    .where(and(eq(staffs.liver_id, liverId), eq(staffs.status, "public")));
  if (publicStaff >= store.limit_staff) return { ok: false, error: "limit_reached" };

  const loginId = input.login_id.trim();
  const [taken] = await tx
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.username})`, loginId.toLowerCase()))
    .limit(1);
  if (taken) return { ok: false, error: "login_id_taken" };

  const uid = crypto.randomUUID();
  await insertCredentialUser(tx, {
    id: uid,
    email: staffLoginEmail(uid),
    name: input.name,
    password: input.password,
    username: loginId,
    emailVerified: true,
  });
  await tx.insert(staffs).values({
    ...template,
    published_profile: { ...DEFAULT_PUBLISHED_PROFILE, ...(template.published_profile ?? {}) },
    uid,
    liver_id: liverId,
    liver_name: store.store_name,
    slug: `cast-${uid.replace(/-/g, "").slice(0, 10)}`,
    status: "public",
    is_displayed: true,
    order: publicStaff + 1,
    name: input.name,
    name_kana: input.name_kana,
    login_id: loginId,
    login_email: staffLoginEmail(uid),
  });
  return { ok: true, uid };
}
