import { useEffect, useRef, useState } from "react";
import { formatDistance } from "~/domain/geo-units";
import type { StationSuggestion } from "~/domain/stations";
import {
  ACCESS_MAX,
  FIRST_VISIT_INCLUDES_MAX,
  LINE_NAME_MAX,
  PR_TEXT_MAX,
  STATION_NAME_MAX,
  STORE_INTRO_LABELS,
  stationLabel,
  WALK_METRES_PER_MINUTE,
} from "~/domain/store-intro";
import { FieldError, fieldId } from "../form/field";
import { FormSection } from "../form/form-section";
import { MiniInput } from "../form/mini-input";
import { TextareaInput } from "../form/textarea-input";
import { type AnyField, field, fieldsetOf } from "../form/use-schema-form";
import { SMALL_BUTTON } from "../ui/kit";

const L = STORE_INTRO_LABELS;
/** The form's access rows: `access.0.*` … `access.2.*`. */
const ROW_KEYS = Array.from({ length: ACCESS_MAX }, (_, index) => String(index));

/** A line of the chooser: wraps (long line names), 44 px tall. */
const LINE_BUTTON =
  "inline-flex min-h-11 items-center rounded-lg border border-brand-300 bg-white px-3 py-1.5 text-left font-bold text-brand-800 text-sm hover:bg-brand-50";

/**
 * The store profile's 紹介文, アクセス and 初回料金 (ADR 0056), inside the profile form.
 * Access is three plain rows (駅名, 路線, 徒歩（分）) that work without JavaScript — the server
 * checks them against the station data. With JavaScript, the stations near the store's pin are
 * offered as buttons, one per line: choosing one fills the first empty row with the walk estimated
 * (80 m a minute, rounded up) and puts the focus on the minutes, which stay editable.
 */
export function StoreIntroFields({
  fields,
  suggestions,
  hasPin,
}: {
  fields: { pr_text: AnyField; access: AnyField; first_visit: AnyField };
  /** The stations nearest the stored pin (the loader's). */
  suggestions: readonly StationSuggestion[];
  hasPin: boolean;
}) {
  const access = fieldsetOf(fields.access);
  const firstVisit = fieldsetOf(fields.first_visit);
  const accessGroup = field(fields.access);
  return (
    <>
      <FormSection title="お店の紹介">
        <TextareaInput
          {...field(fields.pr_text)}
          label={L.pr_text}
          hint="店舗ページの一番上に表示されます。お店の雰囲気やおすすめを書いてください。改行はそのまま表示されます"
          maxLength={PR_TEXT_MAX}
          rows={6}
          required={false}
        />
      </FormSection>

      <FormSection title={L.access}>
        <p className="text-slate-600 text-sm">
          最寄り駅を{ACCESS_MAX}つまで登録できます。店舗ページに「新宿駅
          徒歩5分（JR山手線）」のように表示されます。
        </p>
        <StationChooser suggestions={suggestions} hasPin={hasPin} />
        <FieldError
          id={`${fieldId(accessGroup.name, accessGroup.idPrefix)}-error`}
          error={accessGroup.error}
        />
        <ol className="space-y-3" data-testid="access-rows">
          {ROW_KEYS.map((key, index) => {
            const row = fieldsetOf(access[key]!);
            return (
              <li
                key={key}
                className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200"
                data-access-row={index}
              >
                <fieldset>
                  <legend className="mb-2 font-bold text-slate-600 text-xs">最寄り駅 {index + 1}</legend>
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-[1fr_1.4fr_6.5rem]">
                    <MiniInput {...field(row.station!)} label={L.station} maxLength={STATION_NAME_MAX} />
                    <MiniInput {...field(row.line!)} label={L.line} maxLength={LINE_NAME_MAX} />
                    <MiniInput {...field(row.walk_minutes!)} label={L.walk_minutes} numeric suffix="分" />
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
        <p className="text-slate-500 text-xs">
          駅名は「駅」を付けずに、路線は候補のとおりに入力してください（例：新宿／JR山手線）。使わない行は空欄のままにしてください。
        </p>
      </FormSection>

      <FormSection title={L.first_visit}>
        <p className="text-slate-600 text-sm">
          初めてのお客様向けの料金です。店舗ページと検索結果に「初回 60分
          ¥3,000〜」のように表示されます。ない場合は空欄にしてください。
        </p>
        <div className="grid grid-cols-2 gap-3">
          <MiniInput
            {...field(firstVisit.price_jpy!)}
            label={L["first_visit.price_jpy"]}
            numeric
            prefixText="¥"
          />
          <MiniInput {...field(firstVisit.minutes!)} label={L["first_visit.minutes"]} numeric suffix="分" />
          <MiniInput
            {...field(firstVisit.includes!)}
            label={L["first_visit.includes"]}
            hint="例：飲み放題・チャージ込み（TAX別）"
            maxLength={FIRST_VISIT_INCLUDES_MAX}
            className="col-span-2"
          />
        </div>
      </FormSection>
    </>
  );
}

/**
 * The stations near the pin. Without JavaScript a list to read (the rows are typed by hand); with
 * it, a button per line fills a row, and 「ピンの位置で探し直す」 asks `GET /api/stations` for the
 * pin the form holds now (the store may have moved it before saving).
 */
function StationChooser({
  suggestions,
  hasPin,
}: {
  suggestions: readonly StationSuggestion[];
  hasPin: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const [items, setItems] = useState(suggestions);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => setItems(suggestions), [suggestions]);

  const form = () => box.current?.closest("form") ?? null;
  const input = (name: string) => form()?.elements.namedItem(name) as HTMLInputElement | null;

  const choose = (station: string, line: string, minutes: number) => {
    const rows = Array.from({ length: ACCESS_MAX }, (_, index) => index);
    const same = rows.find(
      (index) =>
        input(`access.${index}.station`)?.value === station && input(`access.${index}.line`)?.value === line,
    );
    if (same !== undefined) {
      setStatus(`${stationLabel(station)}（${line}）は最寄り駅 ${same + 1}に入っています`);
      input(`access.${same}.walk_minutes`)?.focus();
      return;
    }
    const free = rows.find((index) => (input(`access.${index}.station`)?.value ?? "").trim() === "");
    if (free === undefined) {
      setStatus(`最寄り駅は${ACCESS_MAX}つまでです。入れ替えるときは、どれかの行の駅名を消してください`);
      return;
    }
    const set = (name: string, value: string) => {
      const element = input(`access.${free}.${name}`);
      if (!element) return;
      element.value = value;
      element.dispatchEvent(new Event("input", { bubbles: true }));
    };
    set("station", station);
    set("line", line);
    set("walk_minutes", String(minutes));
    setStatus(
      `${stationLabel(station)}（${line}）を最寄り駅 ${free + 1}に入れました。徒歩${minutes}分は目安です。違っていたら直してください`,
    );
    input(`access.${free}.walk_minutes`)?.focus();
  };

  const searchAgain = async () => {
    const lat = input("lat")?.value.trim() ?? "";
    const lng = input("lng")?.value.trim() ?? "";
    if (lat === "" || lng === "") {
      setStatus("地図上の位置（緯度・経度）を入れてから探してください");
      return;
    }
    setBusy(true);
    setStatus("駅を探しています…");
    try {
      const response = await fetch(`/api/stations?${new URLSearchParams({ lat, lng })}`);
      const body = (await response.json()) as { items?: StationSuggestion[]; error?: { message: string } };
      if (!response.ok || !body.items) {
        setStatus(body.error?.message ?? "駅を探せませんでした。もう一度お試しください");
        return;
      }
      setItems(body.items);
      setStatus(
        body.items.length > 0
          ? `ピンの近くの駅が${body.items.length}件見つかりました`
          : "ピンから歩ける範囲に駅が見つかりませんでした",
      );
    } catch {
      setStatus("駅を探せませんでした。通信状態を確かめてもう一度お試しください");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div ref={box} className="rounded-xl bg-white p-3 ring-1 ring-slate-200" data-testid="station-chooser">
      <h3 className="font-bold text-slate-800 text-sm">お店の近くの駅</h3>
      <p className="mt-0.5 text-slate-500 text-xs">
        {hydrated ? "路線を選ぶと、空いている行に入ります。" : ""}
        徒歩の分数は地図上の直線距離を分速{WALK_METRES_PER_MINUTE}mで割った目安（切り上げ）です。
      </p>
      {items.length > 0 ? (
        <ul className="mt-2 space-y-3" data-testid="station-suggestions">
          {items.map((item) => (
            <li key={`${item.station}|${item.lines[0]}`}>
              <p className="text-sm">
                <span className="font-bold">{stationLabel(item.station)}</span>{" "}
                <span className="text-slate-600 tabular-nums">
                  約{formatDistance(item.distance_m).replace(" ", "")}・徒歩{item.walk_minutes}分
                </span>
              </p>
              {hydrated ? (
                <ul className="mt-1 flex flex-wrap gap-2">
                  {item.lines.map((line) => (
                    <li key={line}>
                      <button
                        type="button"
                        className={LINE_BUTTON}
                        onClick={() => choose(item.station, line, item.walk_minutes)}
                      >
                        {line}
                        <span className="sr-only">（{stationLabel(item.station)}を最寄り駅に入れる）</span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-slate-600 text-xs">{item.lines.join("、")}</p>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-600 text-sm">
          {hasPin
            ? "お店の位置から歩ける範囲に駅が見つかりませんでした。駅名と路線を入力してください。"
            : "地図上の位置を保存すると、近くの駅が表示されます。"}
        </p>
      )}
      {hydrated ? (
        <button type="button" className={`${SMALL_BUTTON} mt-3`} onClick={searchAgain} disabled={busy}>
          ピンの位置で探し直す
        </button>
      ) : null}
      <p role="status" aria-live="polite" className="mt-2 text-brand-800 text-sm empty:hidden">
        {status}
      </p>
      <p className="mt-2 text-[11px] text-slate-500">駅データ：駅データ.jp（2017年5月時点）</p>
    </div>
  );
}
