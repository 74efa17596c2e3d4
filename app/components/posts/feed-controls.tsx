import { useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import type { RegionChoice } from "~/domain/areas";
import { FEED_TAB_LABELS, FEED_TABS, type FeedTab } from "~/domain/feed-query";

/** すべて / Instagram / TikTok / ライブ / YouTube / 投稿: links that keep the other state. */
export function SourceTabs({ current, hrefFor }: { current: FeedTab; hrefFor: (tab: FeedTab) => string }) {
  return (
    <nav aria-label="投稿の種類" className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none]">
      <ul className="flex gap-2 text-sm">
        {FEED_TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={hrefFor(tab)}
              aria-current={tab === current ? "page" : undefined}
              className={`flex min-h-10 items-center whitespace-nowrap rounded-full px-4 ring-1 ${
                tab === current
                  ? "bg-brand-600 font-bold text-white ring-brand-600"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
              }`}
            >
              {FEED_TAB_LABELS[tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const SELECT =
  "min-h-10 w-full rounded-xl border border-slate-300 bg-white px-3 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200";

/**
 * 地方 and 都道府県 (`choices`: the directory's regions and prefectures by name, from the loader). A
 * GET form: without JavaScript the button sends it; with JavaScript a change sends it at once
 * (choosing a region clears a prefecture outside it). `keep` are the other parameters of the URL
 * (source, sort).
 */
export function FeedAreaPicker({
  action,
  choices,
  region,
  prefecture,
  keep,
}: {
  action: string;
  choices: RegionChoice[];
  region?: string;
  prefecture?: string;
  keep: Record<string, string | undefined>;
}) {
  const submit = useSubmit();
  const [chosenRegion, setChosenRegion] = useState(region ?? "");
  const regions = chosenRegion ? choices.filter((r) => r.id === chosenRegion) : choices;
  const send = (form: HTMLFormElement | null) => {
    if (!form) return;
    const data = new FormData(form);
    for (const [name, value] of [...data.entries()]) if (value === "") data.delete(name);
    submit(data, { action, method: "get", preventScrollReset: true });
  };
  return (
    <Form method="get" action={action} className="flex items-end gap-2" aria-label="エリアで絞り込む">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label className="min-w-0 flex-1 text-slate-600 text-xs">
        地方
        <select
          name="region"
          defaultValue={region ?? ""}
          className={SELECT}
          onChange={(event) => {
            setChosenRegion(event.currentTarget.value);
            const form = event.currentTarget.form;
            const pref = form?.elements.namedItem("prefecture") as HTMLSelectElement | null;
            if (pref) pref.value = "";
            send(form);
          }}
        >
          <option value="">すべての地方</option>
          {choices.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </label>
      <label className="min-w-0 flex-1 text-slate-600 text-xs">
        都道府県
        <select
          name="prefecture"
          defaultValue={prefecture ?? ""}
          className={SELECT}
          onChange={(event) => send(event.currentTarget.form)}
        >
          <option value="">すべての都道府県</option>
          {regions.map((r) => (
            <optgroup key={r.id} label={r.name}>
              {r.prefectures.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="min-h-10 rounded-xl bg-brand-600 px-3 font-bold text-sm text-white">
          絞り込む
        </button>
      </noscript>
    </Form>
  );
}
