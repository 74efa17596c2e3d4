import { Form, NavLink, Outlet } from "react-router";
import { operatorActor } from "~/.server/http/admin";
import { getAdminDashboard } from "~/.server/services/admin/get-admin-dashboard";
import { ADMIN_NAV } from "~/components/admin/admin-nav";
import type { Route } from "./+types/layout";

/**
 * The shell of `/admin` (contract §15): only an operator session passes (everyone else goes to
 * `/admin/login?from=…`); every page and action below checks again itself, since React Router
 * runs a layout's loader alongside its children's, not before them.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await operatorActor(request, context);
  const counts = await getAdminDashboard({ db: context.db, actor });
  return { operator: { email: actor.email }, counts };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { operator, counts } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 wide:grid wide:grid-cols-[15rem_1fr] wide:items-start wide:gap-6">
      <aside className="mb-6 rounded-2xl bg-night-900 text-white shadow-sm wide:sticky wide:top-20 wide:mb-0">
        <div className="flex items-center justify-between gap-3 p-4 wide:block">
          <div className="min-w-0">
            <p className="text-slate-300 text-xs">運営管理画面</p>
            <p className="truncate font-bold text-sm" data-testid="admin-operator">
              {operator.email}
            </p>
          </div>
          <Form method="post" action="/admin/logout" className="shrink-0 wide:mt-3">
            <button
              type="submit"
              className="min-h-11 rounded-full border border-white/30 px-4 text-sm hover:bg-white/10"
            >
              ログアウト
            </button>
          </Form>
        </div>
        <nav aria-label="管理メニュー" className="border-white/10 border-t">
          <ul className="flex gap-1 overflow-x-auto px-2 py-2 text-sm wide:flex-col wide:overflow-visible">
            {ADMIN_NAV.map((item) => {
              const count = item.badge ? counts[item.badge] : 0;
              return (
                <li key={item.to} className="shrink-0">
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) =>
                      `flex min-h-11 items-center justify-between gap-2 whitespace-nowrap rounded-full px-4 wide:rounded-lg ${isActive ? "bg-white font-bold text-night-900" : "text-slate-100 hover:bg-white/10"}`
                    }
                  >
                    <span>{item.label}</span>
                    {count > 0 ? (
                      <span className="rounded-full bg-brand-600 px-2 py-0.5 font-bold text-white text-xs">
                        {count}
                        <span className="sr-only">件</span>
                      </span>
                    ) : null}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
