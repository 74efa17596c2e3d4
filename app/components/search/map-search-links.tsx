import { Link } from "react-router";
import { PinIcon } from "../ui/icons";

/** The entries to the map pages (ADR 0028): 現在地から探す (/gps) and 地図で探す (/search/sns). */
export const MAP_SEARCH_LINKS = [
  { to: "/gps", label: "現在地から探す", hint: "近くのお店を距離順に" },
  { to: "/search/sns", label: "地図で探す", hint: "最近の投稿を地図で" },
] as const;

/** Two buttons side by side; `tone` follows the background they sit on. */
export function MapSearchLinks({
  tone = "light",
  className = "",
}: {
  tone?: "light" | "dark";
  className?: string;
}) {
  const style =
    tone === "dark"
      ? "bg-white/10 text-white ring-white/25 hover:bg-white/20"
      : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-50";
  return (
    <ul className={`grid grid-cols-2 gap-2 ${className}`}>
      {MAP_SEARCH_LINKS.map((link) => (
        <li key={link.to}>
          <Link
            to={link.to}
            reloadDocument={link.to === "/gps"}
            className={`flex min-h-12 items-center gap-2 rounded-xl px-3 py-2 ring-1 ${style}`}
          >
            <PinIcon className="size-5 shrink-0 text-brand-500" />
            <span className="min-w-0">
              <span className="block font-bold text-sm">{link.label}</span>
              <span
                className={`block truncate text-[11px] ${tone === "dark" ? "text-slate-300" : "text-slate-500"}`}
              >
                {link.hint}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
