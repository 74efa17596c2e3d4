import { Form, NavLink } from "react-router";

/**
 * The sidebar of a signed-in area: who is signed in, the logout button and the area's menu — a
 * row that scrolls sideways on a phone, a list in the sidebar from 1024 px. The three mypages
 * use it light, the operator's console dark; the markup is one.
 */

export interface SidebarItem {
  to: string;
  label: string;
  /** Active only on exactly this path (the home of the area). */
  end?: boolean;
  /** A count shown next to the label when above 0. */
  count?: number;
  /** What the count counts, for screen readers ("件の未読"). */
  countLabel?: string;
  badgeTestId?: string;
}

const TONES = {
  light: {
    aside: "bg-white ring-1 ring-slate-200",
    caption: "text-slate-500",
    name: "text-lg",
    logout: "border-slate-300 hover:bg-slate-100",
    divider: "border-slate-100",
    active: "bg-brand-50 font-bold text-brand-700",
    idle: "text-slate-700 hover:bg-slate-100",
  },
  dark: {
    aside: "bg-night-900 text-white",
    caption: "text-slate-300",
    name: "text-sm",
    logout: "border-white/30 hover:bg-white/10",
    divider: "border-white/10",
    active: "bg-white font-bold text-night-900",
    idle: "text-slate-100 hover:bg-white/10",
  },
} as const;

export function AccountSidebar({
  tone,
  caption,
  name,
  nameTestId,
  logoutAction,
  navLabel,
  items,
  hidden = false,
}: {
  tone: keyof typeof TONES;
  /** Hidden below `wide:` (a conversation on a phone takes the whole screen). */
  hidden?: boolean;
  /** The small line above the name ("店舗アカウント", "運営管理画面"). */
  caption: string;
  name: string;
  nameTestId: string;
  logoutAction: string;
  navLabel: string;
  items: readonly SidebarItem[];
}) {
  const t = TONES[tone];
  return (
    <aside
      className={`mb-6 rounded-2xl shadow-sm wide:sticky wide:top-20 wide:mb-0 ${hidden ? "hidden wide:block" : ""} ${t.aside}`}
    >
      <div className="flex items-center justify-between gap-3 p-4 wide:block">
        <div className="min-w-0">
          <p className={`text-xs ${t.caption}`}>{caption}</p>
          <p className={`truncate font-bold ${t.name}`} data-testid={nameTestId}>
            {name}
          </p>
        </div>
        <Form method="post" action={logoutAction} className="shrink-0 wide:mt-3">
          <button type="submit" className={`min-h-11 rounded-full border px-4 text-sm ${t.logout}`}>
            ログアウト
          </button>
        </Form>
      </div>
      <nav aria-label={navLabel} className={`border-t ${t.divider}`}>
        {/* `relative`: the badges' sr-only text (position: absolute) is then clipped by the row's
            scroll instead of widening the whole page on phones (it did, and Chromium zoomed out). */}
        <ul className="relative flex gap-1 overflow-x-auto px-2 py-2 text-sm wide:flex-col wide:overflow-visible">
          {items.map((item) => (
            <li key={item.to} className="shrink-0">
              <NavLink
                to={item.to}
                end={item.end}
                className={({ isActive }) =>
                  `flex min-h-11 items-center justify-between gap-2 whitespace-nowrap rounded-full px-4 wide:rounded-lg ${isActive ? t.active : t.idle}`
                }
              >
                <span>{item.label}</span>
                {item.count && item.count > 0 ? (
                  <span
                    className="min-w-5 rounded-full bg-brand-600 px-1.5 py-0.5 text-center font-bold text-white text-xs leading-none"
                    data-testid={item.badgeTestId}
                  >
                    {item.count}
                    <span className="sr-only">{item.countLabel ?? "件"}</span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
