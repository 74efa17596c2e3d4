import { and, count, eq, inArray } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type BankAccount, livers, plans as planTable, staffs } from "../../db/schema/index";
import { type WithBankNames, withBankNames } from "../shared/bank-account-names";
import { listActivePlans, type PlanChoice } from "./list-active-plans";

export interface StoreSettings {
  /** With the bank and branch names (ADR 0054). */
  account: WithBankNames<BankAccount> | null;
  /** 法人 (false) or 個人 (true): decides 源泉徴収 (ADR 0032). */
  is_individual: boolean;
  plan: PlanChoice | null;
  newPlan: PlanChoice | null;
  plans: PlanChoice[];
  staffCount: number;
  limit_staff: number;
}

/** The bank account, 法人/個人 and plan part of the store's setting page. */
export async function getStoreSettings({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<StoreSettings | null> {
  if (roleRefusal(actor, "store.read")) return null;
  const [store] = await db
    .select({
      account: livers.account,
      is_individual: livers.is_individual,
      plan_id: livers.plan_id,
      new_plan_id: livers.new_plan_id,
      limit_staff: livers.limit_staff,
    })
    .from(livers)
    .where(eq(livers.uid, actor.uid));
  if (!store) return null;
  const plans = await listActivePlans({ db });
  // The store's own plans even when they are no longer offered to new stores.
  const ids = [store.plan_id, store.new_plan_id].filter((id): id is string => Boolean(id));
  const own =
    ids.length > 0
      ? await db
          .select({
            id: planTable.id,
            name: planTable.name,
            monthly_price: planTable.monthly_price,
            limit_staff: planTable.limit_staff,
            description: planTable.description,
          })
          .from(planTable)
          .where(inArray(planTable.id, ids))
      : [];
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(staffs)
    .where(and(eq(staffs.liver_id, actor.uid), eq(staffs.status, "public")));
  return {
    account: store.account ? await withBankNames(store.account) : null,
    is_individual: store.is_individual,
    plan: own.find((p) => p.id === store.plan_id) ?? null,
    newPlan: own.find((p) => p.id === store.new_plan_id) ?? null,
    plans,
    staffCount: n,
    limit_staff: store.limit_staff,
  };
}
