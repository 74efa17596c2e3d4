import { Form, NavLink, Outlet } from "react-router";
import { requireViewer } from "~/.server/auth/viewer";
import { ROLE_LABELS, roleOfPath } from "~/domain/account-roles";
import type { Route } from "./+types/mypage-layout";

/**
 * The shared wrapper of the three mypage areas (spec §2): it loads the signed-in account of the
 * role the path names and sends anyone else to that role's login page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const role = roleOfPath(new URL(request.url).pathname);
  if (!role) throw new Response(null, { status: 404 });
  const viewer = await requireViewer(request, context, role);
  return { viewer: { type: viewer.type, name: viewer.name, email: viewer.email } };
}

export default function MypageLayout({ loaderData }: Route.ComponentProps) {
  const { viewer } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <div className="min-w-0">
          <p className="text-slate-500 text-xs">{ROLE_LABELS[viewer.type]}アカウント</p>
          <p className="truncate font-bold text-lg" data-testid="mypage-name">
            {viewer.name}
          </p>
        </div>
        <nav aria-label="マイページ" className="flex items-center gap-2 text-sm">
          <NavLink
            to={`/${viewer.type}/mypage`}
            end
            className={({ isActive }) =>
              `rounded-full px-3 py-2 ${isActive ? "bg-brand-50 font-bold text-brand-700" : "hover:bg-slate-100"}`
            }
          >
            ホーム
          </NavLink>
          <NavLink
            to={`/${viewer.type}/mypage/setting`}
            className={({ isActive }) =>
              `rounded-full px-3 py-2 ${isActive ? "bg-brand-50 font-bold text-brand-700" : "hover:bg-slate-100"}`
            }
          >
            設定
          </NavLink>
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="rounded-full border border-slate-300 px-3 py-2 hover:bg-slate-100"
            >
              ログアウト
            </button>
          </Form>
        </nav>
      </div>
      <Outlet />
    </div>
  );
}
