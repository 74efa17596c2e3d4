import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { getAdminDashboard } from "~/.server/services/dashboard/get-admin-dashboard";
import { DailyChart } from "~/components/admin/daily-chart";
import { Card, PageHeader } from "~/components/ui/kit";
import { monthDay } from "~/domain/admin-dashboard";
import { formatNumber, formatYen } from "~/domain/format";
import { pageTitle } from "~/site";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  return getAdminDashboard({ db: context.db, actor });
}

export function meta() {
  return [{ title: pageTitle("管理画面") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { actions, figures, today } = loaderData;
  const total = actions.reduce((sum, tile) => sum + tile.count, 0);
  return (
    <>
      <PageHeader
        title="ダッシュボード"
        lead={total > 0 ? `対応が必要な項目が ${total} 件あります。` : "対応が必要な項目はありません。"}
      />
      <section aria-labelledby="dashboard-actions">
        <h2 id="dashboard-actions" className="sr-only">
          対応が必要な項目
        </h2>
        <ul className="grid grid-cols-2 gap-3 wide:grid-cols-4">
          {actions.map((tile) => (
            <li key={tile.key}>
              <Link
                to={tile.to}
                className="group flex h-full flex-col rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500 sm:p-4"
                data-testid={tile.testId}
              >
                <span className="font-bold text-slate-700 text-sm group-hover:text-brand-700">
                  {tile.label}
                </span>
                <span className="mt-2 flex items-baseline gap-1">
                  <span
                    className={`font-black text-3xl tabular-nums sm:text-4xl ${tile.count > 0 ? "text-brand-600" : "text-slate-400"}`}
                  >
                    {tile.count}
                  </span>
                  <span className="text-slate-500 text-sm">件</span>
                </span>
                <span className="mt-2 text-slate-500 text-xs">{tile.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Card
        title={`今日の数字（${monthDay(today)}）`}
        lead="日付は日本時間で区切っています。グラフは過去30日、右端が今日です。"
        className="mt-6"
        testId="daily-figures"
      >
        <ul className="grid gap-6 wide:grid-cols-2">
          {figures.map((figure) => (
            <li key={figure.key} data-testid={`figure-${figure.key}`}>
              <p className="flex items-baseline justify-between gap-2">
                <span className="font-bold text-slate-700 text-sm">{figure.label}</span>
                <span className="font-black text-2xl tabular-nums">
                  {figure.unit === "yen" ? (
                    formatYen(figure.today)
                  ) : (
                    <>
                      {formatNumber(figure.today)}
                      <span className="ml-0.5 font-normal text-slate-500 text-sm">{figure.unit}</span>
                    </>
                  )}
                </span>
              </p>
              <DailyChart label={figure.label} unit={figure.unit} series={figure.series} />
            </li>
          ))}
        </ul>
      </Card>
    </>
  );
}
