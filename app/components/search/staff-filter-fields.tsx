import type { StaffFilters } from "~/domain/directory-search";
import {
  AGE_CHOICES,
  ALCOHOL_TYPES,
  BLOOD_TYPES,
  BUST_TYPES,
  HEIGHT_CHOICES,
  KARAOKE_TYPES,
  SMOKE_TYPES,
  TYPE_TYPES,
} from "~/domain/options";
import { AreaPicker } from "../form/area-picker";
import { CheckboxGroup } from "../form/checkbox-group";
import { SelectInput } from "../form/select-input";
import { TextInput } from "../form/text-input";

// A search needs bounds, not every value: 18–35 one by one, then every 5 years; heights every 5 cm.
// (Any number still works in the URL and the API.)
const AGE_BOUNDS = [...AGE_CHOICES.filter((n) => n <= 35), 40, 45, 50, 60];
const HEIGHT_BOUNDS = HEIGHT_CHOICES.filter((n) => n >= 140 && n <= 185 && n % 5 === 0);
const withCurrent = (bounds: number[], current: number | undefined) =>
  current === undefined || bounds.includes(current) ? bounds : [...bounds, current].sort((a, b) => a - b);
const choices = (bounds: number[], unit: string) =>
  bounds.map((n) => ({ value: String(n), label: `${n}${unit}` }));
const text = (n: number | undefined) => (n === undefined ? "" : String(n));

const RANGE_FILTERS = [
  { name: "ageFrom", label: "年齢（下限）", bounds: AGE_BOUNDS, unit: "歳" },
  { name: "ageTo", label: "年齢（上限）", bounds: AGE_BOUNDS, unit: "歳" },
  { name: "heightFrom", label: "身長（下限）", bounds: HEIGHT_BOUNDS, unit: "cm" },
  { name: "heightTo", label: "身長（上限）", bounds: HEIGHT_BOUNDS, unit: "cm" },
] as const;

const CHECKBOX_FILTERS = [
  { name: "bloodTypes", label: "血液型", options: BLOOD_TYPES },
  { name: "typeTypes", label: "体型", options: TYPE_TYPES },
  { name: "bustTypes", label: "バスト", options: BUST_TYPES },
  { name: "alcoholTypes", label: "お酒", options: ALCOHOL_TYPES },
  { name: "karaokeTypes", label: "カラオケ", options: KARAOKE_TYPES },
  { name: "smokeTypes", label: "たばこ", options: SMOKE_TYPES },
] as const;

/** The fields of the staff search (ADR 0020 names). */
export function StaffFilterFields({ filters }: { filters: Partial<StaffFilters> }) {
  const id = "staff-filter";
  return (
    <>
      <TextInput
        name="keyword"
        type="search"
        label="名前・よみがな"
        defaultValue={filters.keyword ?? ""}
        placeholder="例：みさき"
        idPrefix={id}
        enterKeyHint="search"
      />
      <AreaPicker values={filters} legend="お店のエリア" idPrefix={id} className="wide:[&>div]:grid-cols-1" />
      <fieldset>
        <legend className="mb-2 font-bold text-slate-800">年齢・身長</legend>
        <div className="grid grid-cols-2 gap-3">
          {RANGE_FILTERS.map((range) => (
            <SelectInput
              key={range.name}
              name={range.name}
              label={range.label}
              options={choices(withCurrent(range.bounds, filters[range.name]), range.unit)}
              placeholder="指定なし"
              defaultValue={text(filters[range.name])}
              idPrefix={id}
            />
          ))}
        </div>
      </fieldset>
      {CHECKBOX_FILTERS.map((group) => (
        <CheckboxGroup
          key={group.name}
          name={group.name}
          label={group.label}
          options={group.options}
          defaultValue={filters[group.name]}
          columns={group.options.length === 3 ? 3 : 2}
          idPrefix={id}
        />
      ))}
    </>
  );
}
