import { tokyoDays } from "~/domain/admin-dashboard";
import type { Db } from "../../db/client";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { ADMIN_ACTION_COUNTS, ADMIN_DAILY_FIGURES } from "./dashboard-providers";

/** The counts of what waits for the operator, by key (the menu's badges). */
export async function getAdminCounts({
  db,
  actor,
}: {
  db: Db;
  actor: SignedInOperator;
}): Promise<Record<string, number>> {
  await assertOperator(db, actor);
  const counts = await Promise.all(ADMIN_ACTION_COUNTS.map((provider) => provider.count(db)));
  return Object.fromEntries(ADMIN_ACTION_COUNTS.map((provider, i) => [provider.key, counts[i] ?? 0]));
}

/**
 * The dashboard (ADR 0033): every count that needs action, and every daily figure with today's
 * value and the last 30 days (Asia/Tokyo calendar days, today last).
 */
export async function getAdminDashboard({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  now?: Date;
}) {
  await assertOperator(db, actor);
  const range = tokyoDays(now);
  const [counts, perDay] = await Promise.all([
    Promise.all(ADMIN_ACTION_COUNTS.map((provider) => provider.count(db))),
    Promise.all(ADMIN_DAILY_FIGURES.map((figure) => figure.perDay(db, range))),
  ]);
  return {
    actions: ADMIN_ACTION_COUNTS.map(({ count: _, ...provider }, i) => ({
      ...provider,
      count: counts[i] ?? 0,
    })),
    figures: ADMIN_DAILY_FIGURES.map(({ perDay: _, ...figure }, i) => {
      const series = range.days.map((day) => ({ day, value: perDay[i]?.get(day) ?? 0 }));
      return { ...figure, today: series.at(-1)?.value ?? 0, series };
    }),
    today: range.days.at(-1) ?? "",
  };
}
