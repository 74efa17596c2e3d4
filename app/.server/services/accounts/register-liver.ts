import { and, eq } from "drizzle-orm";
import { findArea } from "~/domain/areas";
import { type RegisterLiverInput, RegisterLiverSchema } from "~/domain/liver-registration";
import type { Db, Tx } from "../../db/client";
import { livers, plans } from "../../db/schema";
import type { Env } from "../../env";
import type { Mailer } from "../../integrations/mail/mailer";
import { type RegisterAccountResult, registerAccount } from "./register-account";

export type RegisterLiverResult =
  | RegisterAccountResult
  /** The chosen plan is unknown or no longer offered: a message at `plan_id`. */
  | { ok: false; error: "plan_unavailable"; field: "plan_id" };

/**
 * A URL-safe slug from the uid ("store-1a2b3c4d"); the whole uid in the rare case that its first
 * eight characters are already some store's slug.
 */
async function slugFor(tx: Tx, uid: string): Promise<string> {
  const short = `store-${uid.replace(/-/g, "").slice(0, 8)}`;
  const [taken] = await tx.select({ uid: livers.uid }).from(livers).where(eq(livers.slug, short)).limit(1);
  return taken ? `store-${uid.replace(/-/g, "")}` : short;
}

/**
 * Registers a store (ADR 0021): the auth account and the `livers` row in one transaction, the
 * staff limit copied from the chosen plan, unlisted until the address is verified; then the verification mail,
 * whose link lands on /liver/login. The password only creates the credential.
 */
export async function registerLiver({
  db,
  env,
  mailer,
  clientIp,
  input,
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  input: RegisterLiverInput;
}): Promise<RegisterLiverResult> {
  const data = RegisterLiverSchema.parse(input);
  let plan: { id: string; limit_staff: number } | undefined;
  // Until the store sets its exact position, it is placed at the centre of its district.
  const place = findArea(data.area)?.area;
  const result = await registerAccount<"plan_unavailable">({
    db,
    env,
    mailer,
    clientIp,
    role: "liver",
    email: data.email,
    name: data.store_name,
    password: data.password,
    check: async () => {
      [plan] = await db
        .select({ id: plans.id, limit_staff: plans.limit_staff })
        .from(plans)
        .where(and(eq(plans.id, data.plan_id), eq(plans.is_active, true)))
        .limit(1);
      return plan ? { ok: true } : { ok: false, error: "plan_unavailable" };
    },
    insertProfile: async (tx, uid, email) => {
      await tx.insert(livers).values({
        uid,
        store_name: data.store_name,
        store_name_kana: data.store_name_kana,
        slug: await slugFor(tx, uid),
        // Listed once the address is verified (publish-verified-store.ts).
        status: "private",
        email,
        phone_number: data.phone_number,
        postal_code: data.postal_code,
        address: data.address,
        buildingName: data.buildingName,
        region: data.region,
        prefecture: data.prefecture,
        group: data.group,
        area: data.area,
        area_detail: data.area_detail,
        lat: place?.lat ?? null,
        lng: place?.lng ?? null,
        store_type: data.store_type,
        is_individual: data.is_individual,
        business_start_time: data.business_start_time,
        business_end_time: data.business_end_time,
        plan_id: plan!.id,
        limit_staff: plan!.limit_staff,
        services: [],
        commitments: [],
      });
    },
  });
  if (!result.ok && result.error === "plan_unavailable")
    return { ok: false, error: "plan_unavailable", field: "plan_id" };
  return result as RegisterAccountResult;
}
