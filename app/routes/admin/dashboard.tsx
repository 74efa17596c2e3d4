import { Link } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { getAdminDashboard } from "~/.server/services/admin/get-admin-dashboard";
import { PageHeader } from "~/components/mypage/ui";
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
  const tiles = [
    {
      to: "/admin/shop_entry",
      label: "未対応の掲載リクエスト",
      count: loaderData.newShopEntryRequests,
      body: "掲載を希望する店舗からのリクエスト",
      testId: "count-shop-entry",
    },
    {
      to: "/admin/contact",
      label: "未対応のお問い合わせ",
      count: loaderData.newContactMessages,
      body: "お問い合わせフォームからのメッセージ",
      testId: "count-contact",
    },
    {
      to: "/admin/mail?status=failed",
      label: "送信に失敗したメール",
      count: loaderData.failedMails,
      body: "届かなかったメールは再送信できます",
      testId: "count-failed-mails",
    },
  ];
  const total = tiles.reduce((sum, tile) => sum + tile.count, 0);
  return (
    <>
      <PageHeader
        title="ダッシュボード"
        lead={total > 0 ? `対応が必要な項目が ${total} 件あります。` : "対応が必要な項目はありません。"}
      />
      <ul className="grid gap-3 sm:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link
              to={tile.to}
              className="group flex h-full flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500"
              data-testid={tile.testId}
            >
              <span className="font-bold text-slate-700 text-sm group-hover:text-brand-700">
                {tile.label}
              </span>
              <span className="mt-2 flex items-baseline gap-1">
                <span
                  className={`font-black text-4xl ${tile.count > 0 ? "text-brand-600" : "text-slate-400"}`}
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
    </>
  );
}
