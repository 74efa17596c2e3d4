import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { plans } from "../../db/schema/index";

/** A plan as a store chooses it (ADR 0006): price per month in yen, tax included. */
export interface PlanChoice {
  id: string;
  name: string;
  monthly_price: number;
  limit_staff: number;
  description: string;
}

/** The plans a store can sign up for, in the catalogue's order. */
export async function listActivePlans({ db }: { db: Db }): Promise<PlanChoice[]> {
  return db
    .select({
      id: plans.id,
      name: plans.name,
      monthly_price: plans.monthly_price,
      limit_staff: plans.limit_staff,
      description: plans.description,
    })
    .from(plans)
    .where(eq(plans.is_active, true))
    .orderBy(asc(plans.sort_order), asc(plans.id));
}
