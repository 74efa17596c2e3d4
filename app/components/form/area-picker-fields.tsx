import { useEffect, useRef, useState } from "react";
import type { AreaPath } from "~/domain/areas";
import { AREA_LEVEL_LABELS, AREA_LEVELS, type AreaLevel } from "./area-levels";
import {
  type AreaSelection,
  allChoices,
  choicesFor,
  nextAreaSelection,
  selectionFrom,
} from "./area-picker-state";
import { Field, INPUT_CLASS, inputStateClass } from "./field";

/**
 * The blank choice of each level: what "" means when enabled, what to pick first when disabled, and
 * (group, detail) that the chosen parent has none.
 */
const BLANK: Record<AreaLevel, { enabled: string; disabled: string; none?: string }> = {
  region: { enabled: "選択してください", disabled: "選択してください" },
  prefecture: { enabled: "選択してください", disabled: "先に地方を選択" },
  group: { enabled: "指定しない（すべてのエリア）", disabled: "先に都道府県を選択", none: "該当なし" },
  area: { enabled: "選択してください", disabled: "先に都道府県を選択" },
  area_detail: { enabled: "指定しない", disabled: "先にエリアを選択", none: "該当なし" },
};

/** The levels that may have nothing to choose under a chosen parent, and that parent. */
const PARENT: Partial<Record<AreaLevel, AreaLevel>> = { group: "prefecture", area_detail: "area" };

export interface AreaPickerProps {
  /** The stored or submitted ids; missing parents are inferred, inconsistent levels dropped. */
  values?: AreaPath | null;
  /** The server's messages, keyed by level name. */
  errors?: Partial<Record<AreaLevel, string | undefined>>;
  /** The levels that must be chosen (badge 必須); the others get 任意. Default none (no badges). */
  required?: readonly AreaLevel[];
  /** Legend of the fieldset (default エリア). */
  legend?: string;
  idPrefix?: string;
  className?: string;
  /** Called after each change with the whole selection. */
  onChange?: (selection: AreaSelection) => void;
  /**
   * A change from outside the pickers (the postal code lookup of the store forms): each new object
   * is applied once to the current selection.
   */
  preset?: { apply: (current: AreaSelection) => AreaSelection } | null;
  /**
   * What the selects list before the picker has hydrated, and so without JavaScript. `every` (the
   * default: the back office's and registration's store forms) lists every choice of every level,
   * grouped by parent, so a path the server just refused is shown as it was sent. `cascade` (the
   * public searches, area-picker.tsx) lists every region and prefecture, and below them only what
   * the chosen prefecture and area hold, as the hydrated picker does: the lists of all 279 areas
   * and their details were a third of the elements of the top page and of the search pages.
   * Without JavaScript a visitor then searches by prefecture, and the results page's picker lists
   * that prefecture's areas.
   */
  beforeHydration?: "every" | "cascade";
}

/** The levels whose every choice a `cascade` picker lists before it has hydrated. */
const LISTED_BEFORE_HYDRATION: ReadonlySet<AreaLevel> = new Set(["region", "prefecture"]);

/**
 * The area picker with the area tree (~11.5 kB gzip): what `AreaPicker` (area-picker.tsx) loads on
 * demand on the public pages, and what the back office's store forms use directly.
 *
 * Five cascading selects named `region`, `prefecture`, `group`, `area`, `area_detail` (docs/product.md).
 *
 * The server render (and so the page without JavaScript) shows all five selects: with
 * `beforeHydration: "every"` each enabled, listing every choice grouped by parent; with `"cascade"`
 * the region and prefecture so, and the levels below what the chosen prefecture and area hold
 * (disabled until then). Either way the form can be filled in without JavaScript, and the server
 * checks the path with `isValidAreaPath`. Once hydrated the selects cascade: a level is enabled
 * only when its parent is chosen, changing a level clears those below it; the group and detail selects say 「該当なし」 for a
 * prefecture without groups and an area without details. All five selects stay on the page from the
 * server's render on: the form does not move under the visitor's finger when the picker takes over
 * (on the public pages at the first touch, area-picker.tsx). A disabled level is still submitted,
 * as "", through a hidden input.
 */
export function AreaPickerFields({
  values,
  errors = {},
  required = [],
  legend = "エリア",
  idPrefix,
  className,
  onChange,
  preset,
  beforeHydration = "every",
}: AreaPickerProps) {
  const [selection, setSelection] = useState<AreaSelection>(() => selectionFrom(values));
  const [hydrated, setHydrated] = useState(false);
  const selects = useRef<Partial<Record<AreaLevel, HTMLSelectElement | null>>>({});

  useEffect(() => {
    // Keep what was picked before the script ran (the selects were usable from the first paint).
    const fromDom = Object.fromEntries(AREA_LEVELS.map((l) => [l, selects.current[l]?.value ?? ""]));
    setSelection((initial) => {
      const picked = selectionFrom(fromDom);
      return AREA_LEVELS.some((l) => picked[l] !== initial[l]) ? picked : initial;
    });
    setHydrated(true);
  }, []);

  useEffect(() => {
    if (preset) setSelection((current) => preset.apply(current));
  }, [preset]);

  const choices = choicesFor(selection);
  // Before hydration (and without JavaScript) a level that lists every choice shows the value as
  // it was submitted, even of an inconsistent path the server just rejected; missing parents are
  // filled in. The other levels show the cascade's.
  const listsEvery = (level: AreaLevel) =>
    !hydrated && (beforeHydration === "every" || LISTED_BEFORE_HYDRATION.has(level));
  const shown = (level: AreaLevel) =>
    listsEvery(level) ? values?.[level] || selection[level] : selection[level];
  const hasBadges = required.length > 0;

  function change(level: AreaLevel, value: string) {
    const next = nextAreaSelection(selection, level, value);
    if (next === selection) return;
    setSelection(next);
    onChange?.(next);
  }

  return (
    <fieldset className={className}>
      <legend className="mb-2 font-bold text-slate-800">{legend}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        {AREA_LEVELS.map((level) => {
          const levelChoices = choices[level];
          const error = errors[level];
          const everyChoice = listsEvery(level);
          const enabled = everyChoice || levelChoices.enabled;
          const parent = PARENT[level];
          const blank = enabled
            ? BLANK[level].enabled
            : parent && selection[parent] && !levelChoices.visible
              ? (BLANK[level].none ?? BLANK[level].disabled)
              : BLANK[level].disabled;
          return (
            <Field
              key={level}
              name={level}
              label={AREA_LEVEL_LABELS[level]}
              required={hasBadges ? required.includes(level) : undefined}
              error={error}
              idPrefix={idPrefix}
            >
              {(control) => (
                <>
                  <select
                    {...control}
                    ref={(element) => {
                      selects.current[level] = element;
                    }}
                    // A disabled select is not submitted: the hidden input below stands in for it.
                    name={enabled ? control.name : undefined}
                    disabled={!enabled}
                    value={shown(level)}
                    onChange={(event) => change(level, event.currentTarget.value)}
                    className={`${INPUT_CLASS} ${inputStateClass(error)} pr-8`}
                  >
                    <option value="">{blank}</option>
                    {!everyChoice
                      ? levelChoices.options.map((option) => (
                          <option key={option.value} value={option.value}>
                            {option.label}
                          </option>
                        ))
                      : allChoices(level).map((group) =>
                          group.label === "" ? (
                            group.options.map((option) => (
                              <option key={option.value} value={option.value}>
                                {option.label}
                              </option>
                            ))
                          ) : (
                            <optgroup key={group.key} label={group.label}>
                              {group.options.map((option) => (
                                <option key={option.value} value={option.value}>
                                  {option.label}
                                </option>
                              ))}
                            </optgroup>
                          ),
                        )}
                  </select>
                  {enabled ? null : <input type="hidden" name={level} value="" />}
                </>
              )}
            </Field>
          );
        })}
      </div>
    </fieldset>
  );
}
