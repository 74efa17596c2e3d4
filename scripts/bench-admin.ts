/**
 * The admin section of `npm run bench` (ADR 0033): what the operator's console asks of
 * the database on the large data set — the store list (unfiltered, by keyword, by status, the
 * stores waiting for a look), the staff search, a store's page, the dashboard with its 30-day
 * figures, the menu's counts and the remote configuration — each service called one at a time,
 * as one operator uses the console. Prints p50 / p95 / max in milliseconds.
 */
import { eq } from "drizzle-orm";
import type { Database } from "../app/.server/db/client";
import { livers, operators, user } from "../app/.server/db/schema";
import { getAdminCounts, getAdminDashboard } from "../app/.server/services/dashboard/get-admin-dashboard";
import { createOperator } from "../app/.server/services/operators/create-operator";
import type { SignedInOperator } from "../app/.server/services/operators/operator-actor";
import { readRemoteConfig } from "../app/.server/services/shared/remote-config";
import { listStaffForOperator } from "../app/.server/services/staff/list-staff-for-operator";
import { getStoreDetail } from "../app/.server/services/stores/get-store-detail";
import { listStores } from "../app/.server/services/stores/list-stores";

const EMAIL = "bench-operator@example.com";

export interface AdminBenchRow {
  name: string;
  p50: number;
  p95: number;
  max: number;
}

async function benchOperator(database: Database): Promise<SignedInOperator> {
  const [existing] = await database.db
    .select({ uid: operators.uid })
    .from(operators)
    .innerJoin(user, eq(user.id, operators.uid))
    .where(eq(user.email, EMAIL));
  if (existing) return { uid: existing.uid, email: EMAIL, ip: "127.0.0.1" };
  const created = await createOperator({
    db: database.db,
    input: { email: EMAIL, password: "bench-operator-pass" },
  });
  if (!created.ok) throw new Error(`bench operator: ${created.error}`);
  return { uid: created.uid, email: EMAIL, ip: "127.0.0.1" };
}

async function time(runs: number, fn: () => Promise<unknown>): Promise<Omit<AdminBenchRow, "name">> {
  await fn(); // warm-up (plans, caches)
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil((p / 100) * ms.length) - 1)] ?? 0;
  return { p50: at(50), p95: at(95), max: ms.at(-1) ?? 0 };
}

export async function benchAdmin(database: Database, runs = 50): Promise<AdminBenchRow[]> {
  const actor = await benchOperator(database);
  const db = database.db;
  const [store] = await db.select({ uid: livers.uid }).from(livers).limit(1);
  const page = (input: Partial<Parameters<typeof listStores>[0]["input"]>) =>
    listStores({ db, actor, input: { keyword: "", status: "all", review: "all", page: 1, ...input } });
  const scenarios: [string, () => Promise<unknown>][] = [
    ["stores, page 1", () => page({})],
    ["stores, page 50", () => page({ page: 50 })],
    ["stores, keyword クラブ", () => page({ keyword: "くらぶ" })],
    ["stores, e-mail keyword", () => page({ keyword: "store-0001" })],
    ["stores, status private", () => page({ status: "private" })],
    ["stores, waiting for review", () => page({ review: "waiting" })],
    [
      "staff, page 1",
      () =>
        listStaffForOperator({ db, actor, input: { keyword: "", status: "all", liverId: null, page: 1 } }),
    ],
    [
      "staff, keyword",
      () =>
        listStaffForOperator({
          db,
          actor,
          input: { keyword: "ゆい", status: "all", liverId: null, page: 1 },
        }),
    ],
    [
      "staff of one store",
      () =>
        listStaffForOperator({
          db,
          actor,
          input: { keyword: "", status: "all", liverId: store?.uid ?? null, page: 1 },
        }),
    ],
    ["a store's page", () => getStoreDetail({ db, actor, input: { liverId: store?.uid ?? "" } })],
    ["dashboard (counts + 30 days)", () => getAdminDashboard({ db, actor })],
    ["menu counts (every page)", () => getAdminCounts({ db, actor })],
    ["remote config, fresh read", () => readRemoteConfig(db, { fresh: true })],
  ];
  const rows: AdminBenchRow[] = [];
  for (const [name, fn] of scenarios) rows.push({ name, ...(await time(runs, fn)) });
  return rows;
}

export function adminTable(rows: AdminBenchRow[]): string[] {
  const ms = (n: number) => n.toFixed(1);
  return [
    "| console query | p50 ms | p95 ms | max ms |",
    "|---|---:|---:|---:|",
    ...rows.map((r) => `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} |`),
  ];
}
