import { useId, useState } from "react";
import { FanBadge } from "~/components/fans/fan-badge";
import { CloseIcon, CrownIcon } from "~/components/ui/icons";
import { FAN_TEXTS } from "~/domain/fans";
import type { LiveRankingEvent } from "~/domain/live";
import { BottomSheet } from "./bottom-sheet";

/** Gold, silver and bronze for the first three (a coloured number: no emoji, see components/ui/icons.tsx). */
const MEDALS = ["bg-amber-400 text-white", "bg-slate-400 text-white", "bg-orange-700 text-white"];

/** Who supported this live (ADR 0043): the top 20 by coins, kept live by the `ranking` event. */
export function RankingList({ items }: { items: LiveRankingEvent["items"] }) {
  if (items.length === 0) return <p className="text-slate-500 text-sm">{FAN_TEXTS.rankingEmpty}</p>;
  return (
    <ol className="divide-y divide-slate-100" data-testid="live-ranking">
      {items.map((entry) => (
        <li key={entry.rank} className="flex items-center gap-3 py-2">
          <span
            className={`grid size-7 shrink-0 place-items-center rounded-full font-bold text-sm ${MEDALS[entry.rank - 1] ?? "text-slate-700"}`}
          >
            {entry.rank}
          </span>
          {entry.listener.image_url ? (
            <img src={entry.listener.image_url} alt="" className="h-8 w-8 rounded-full object-cover" />
          ) : (
            <span className="h-8 w-8 rounded-full bg-slate-200" aria-hidden="true" />
          )}
          <span className="min-w-0 flex-1 truncate font-bold text-sm">{entry.listener.nickname}</span>
          <FanBadge level={entry.listener.fan_level} />
          <span className="shrink-0 text-slate-600 text-sm tabular-nums">
            {entry.coins.toLocaleString("ja-JP")}コイン
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The ranking behind a button (the viewer on a phone has no room for it beside the video). */
export function RankingSheet({
  items,
  tone = "overlay",
}: {
  items: LiveRankingEvent["items"];
  tone?: "overlay" | "light";
}) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="ranking-open"
        className={`min-h-9 rounded-full px-3 font-bold text-xs ${tone === "overlay" ? "bg-black/50 text-white" : "bg-amber-100 text-amber-900"}`}
      >
        <CrownIcon className="mr-1 inline-block size-3.5 align-[-2px] text-amber-300" />
        {FAN_TEXTS.rankingTitle}
        {items[0] ? <span className="ml-1 font-normal">1位 {items[0].listener.nickname}</span> : null}
      </button>
      {open ? (
        <BottomSheet
          labelledBy={titleId}
          onClose={() => setOpen(false)}
          className="max-h-[75dvh] overflow-y-auto p-4"
        >
          <div className="mb-2 flex items-center justify-between">
            <h2 id={titleId} className="font-bold">
              {FAN_TEXTS.rankingTitle}
            </h2>
            <button
              type="button"
              onClick={() => setOpen(false)}
              className="grid min-h-9 min-w-9 place-items-center rounded-full text-slate-500"
              aria-label="閉じる"
              data-autofocus
            >
              <CloseIcon className="size-4" />
            </button>
          </div>
          <RankingList items={items} />
        </BottomSheet>
      ) : null}
    </>
  );
}
