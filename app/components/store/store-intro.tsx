import {
  accessLabel,
  type FirstVisit,
  firstVisitLabel,
  type StationAccess,
} from "~/domain/store-intro-display";

/**
 * The top of a store page (ADR 0056): the first visit, prominently (「初回 60分 ¥3,000〜」 and
 * what it includes), the nearest stations (「新宿駅 徒歩5分（JR山手線）」) and the store's
 * introduction with its line breaks (React escapes the text; `whitespace-pre-line` keeps the
 * breaks). Nothing is shown for what the store has not filled in.
 */
export function StoreIntro({
  prText,
  access,
  firstVisit,
}: {
  prText: string;
  access: readonly StationAccess[];
  firstVisit: FirstVisit | null;
}) {
  if (!prText && access.length === 0 && !firstVisit) return null;
  return (
    <section aria-label="お店の紹介" className="mt-4 space-y-3" data-testid="store-intro">
      {firstVisit || access.length > 0 ? (
        <div className="grid gap-3 wide:grid-cols-2">
          {firstVisit ? (
            <div
              className="rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200"
              data-testid="store-intro-first-visit"
            >
              <h2 className="font-bold text-amber-900 text-xs">はじめての方へ</h2>
              <p className="mt-1 font-black text-2xl text-slate-900 tabular-nums">
                {firstVisitLabel(firstVisit)}
              </p>
              {firstVisit.includes ? (
                <p className="mt-1 text-slate-700 text-sm">{firstVisit.includes}</p>
              ) : null}
            </div>
          ) : null}
          {access.length > 0 ? (
            <div
              className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
              data-testid="store-intro-access"
            >
              <h2 className="font-bold text-slate-500 text-xs">アクセス</h2>
              <ul className="mt-1 space-y-1 text-slate-900 text-sm">
                {access.map((row) => (
                  <li key={`${row.station}|${row.line}`} className="flex items-start gap-1.5">
                    <TrainIcon />
                    <span className="min-w-0 break-words">{accessLabel(row)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      {prText ? (
        <p
          className="whitespace-pre-line break-words rounded-2xl bg-white p-4 text-slate-800 text-sm leading-relaxed shadow-sm ring-1 ring-slate-200"
          data-testid="store-intro-pr"
        >
          {prText}
        </p>
      ) : null}
    </section>
  );
}

function TrainIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="mt-0.5 inline-block size-4 shrink-0 text-slate-500"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="5" y="3" width="14" height="13" rx="3" />
      <path d="M5 10h14M9 20l-2 2M15 20l2 2M8 16l-1 4M16 16l1 4" strokeLinecap="round" />
      <circle cx="9" cy="13" r="0.8" fill="currentColor" />
      <circle cx="15" cy="13" r="0.8" fill="currentColor" />
    </svg>
  );
}
