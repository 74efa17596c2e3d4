import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { hasPrices } from "~/domain/price-system";
import { businessDate } from "~/domain/shift-status";
import type { StoreSuspensionSource } from "~/domain/store-suspension";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, logs, plans, schedules, staffs, storeSuspensions } from "../../db/schema/index";
import { todaysShifts } from "../shared/todays-shifts";

export interface StoreDashboard {
  store: {
    store_name: string;
    status: string;
    slug: string | null;
    follower_number: number;
    imageCount: number;
    hasPriceSystem: boolean;
    limit_staff: number;
  };
  plan: { name: string; monthly_price: number; limit_staff: number } | null;
  newPlan: { name: string } | null;
  staffCount: number;
  displayedCount: number;
  today: string;
  todayShifts: {
    staff_id: string;
    name: string;
    image_url: string | null;
    start_time: string;
    end_time: string;
  }[];
  recentLogs: { log_id: string; created_at: Date; description: string }[];
  /**
   * The suspensions holding the store now, oldest first (ADR 0033, ADR 0037): the dashboard's
   * banner says why the store is not listed (ADR 0053). Empty while it is not suspended.
   */
  suspensions: { source: StoreSuspensionSource; reason: string; suspended_at: Date }[];
}

/** The store's home (`/liver/mypage`): status, plan and staff against the limit, today's shifts, followers. */
export async function getStoreDashboard({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  now?: Date;
}): Promise<StoreDashboard | null> {
  if (roleRefusal(actor, "store.read")) return null;
  const [store] = await db.select().from(livers).where(eq(livers.uid, actor.uid));
  if (!store) return null;
  const planRows = await db
    .select({
      id: plans.id,
      name: plans.name,
      monthly_price: plans.monthly_price,
      limit_staff: plans.limit_staff,
    })
    .from(plans);
  const plan = planRows.find((p) => p.id === store.plan_id) ?? null;
  const newPlan = planRows.find((p) => p.id === store.new_plan_id) ?? null;

  const own = and(eq(staffs.liver_id, actor.uid), eq(staffs.status, "public"));
  const [counts = { total: 0, displayed: 0 }] = await db
    .select({
      total: count(),
      displayed: sql<number>`count(*) filter (where ${staffs.is_displayed})`.mapWith(Number),
    })
    .from(staffs)
    .where(own);

  // Today's business date, and last night's shift while it still runs (ADR 0010, ADR 0059).
  const today = businessDate(now);
  const shifts = await db
    .select({
      staff_id: staffs.uid,
      name: staffs.name,
      image_urls: staffs.image_urls,
      start_time: schedules.start_time,
      end_time: schedules.end_time,
    })
    .from(schedules)
    .innerJoin(staffs, eq(staffs.uid, schedules.staff_id))
    .where(and(own, todaysShifts(today, now)))
    // OPEN (no instant) first, then by the real start (a small-hours start after 23:00), then order.
    .orderBy(sql`${schedules.starts_at} asc nulls first`, asc(staffs.order));

  const recentLogs = await db
    .select({ log_id: logs.log_id, created_at: logs.created_at, description: logs.description })
    .from(logs)
    .where(eq(logs.liver_id, actor.uid))
    .orderBy(desc(logs.created_at))
    .limit(5);

  const suspensions =
    store.status === "suspended"
      ? await db
          .select({
            source: storeSuspensions.source,
            reason: storeSuspensions.reason,
            suspended_at: storeSuspensions.suspended_at,
          })
          .from(storeSuspensions)
          .where(and(eq(storeSuspensions.liver_id, actor.uid), isNull(storeSuspensions.lifted_at)))
          .orderBy(asc(storeSuspensions.suspended_at))
      : [];

  return {
    store: {
      store_name: store.store_name,
      status: store.status,
      slug: store.slug,
      follower_number: store.follower_number,
      imageCount: store.image_urls.length,
      hasPriceSystem: hasPrices(store.price_system),
      limit_staff: store.limit_staff,
    },
    plan: plan ? { name: plan.name, monthly_price: plan.monthly_price, limit_staff: plan.limit_staff } : null,
    newPlan: newPlan ? { name: newPlan.name } : null,
    staffCount: counts.total,
    displayedCount: counts.displayed,
    today,
    todayShifts: shifts.map(({ image_urls, ...shift }) => ({ ...shift, image_url: image_urls[0] ?? null })),
    recentLogs,
    suspensions,
  };
}
