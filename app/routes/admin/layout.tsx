import { Outlet } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { getAdminCounts } from "~/.server/services/dashboard/get-admin-dashboard";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import { AccountSidebar } from "~/components/layout/account-sidebar";
import type { Route } from "./+types/layout";

/**
 * The shell of `/admin` (ADR 0033): only an operator session passes (everyone else goes to
 * `/admin/login?from=…`); every page and action below checks again itself, since React Router
 * runs a layout's loader alongside its children's, not before them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const counts = await getAdminCounts({ db: context.db, actor });
  return { operator: { email: actor.email }, counts };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { operator, counts } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 wide:grid wide:grid-cols-[15rem_1fr] wide:items-start wide:gap-6">
      <AccountSidebar
        tone="dark"
        caption="運営管理画面"
        name={operator.email}
        nameTestId="admin-operator"
        logoutAction="/admin/logout"
        navLabel="管理メニュー"
        items={ADMIN_NAV.map((item) => ({ ...item, count: item.badge ? counts[item.badge] : 0 }))}
      />
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
