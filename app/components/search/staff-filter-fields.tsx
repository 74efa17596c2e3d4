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

const ages = AGE_CHOICES.map((n) => ({ value: String(n), label: `${n}歳` }));
const heights = HEIGHT_CHOICES.map((n) => ({ value: String(n), label: `${n}cm` }));
const text = (n: number | undefined) => (n === undefined ? "" : String(n));

const RANGE_FILTERS = [
  { name: "ageFrom", label: "年齢（下限）", options: ages },
  { name: "ageTo", label: "年齢（上限）", options: ages },
  { name: "heightFrom", label: "身長（下限）", options: heights },
  { name: "heightTo", label: "身長（上限）", options: heights },
] as const;

const CHECKBOX_FILTERS = [
  { name: "bloodTypes", label: "血液型", options: BLOOD_TYPES },
  { name: "typeTypes", label: "体型", options: TYPE_TYPES },
  { name: "bustTypes", label: "バスト", options: BUST_TYPES },
  { name: "alcoholTypes", label: "お酒", options: ALCOHOL_TYPES },
  { name: "karaokeTypes", label: "カラオケ", options: KARAOKE_TYPES },
  { name: "smokeTypes", label: "たばこ", options: SMOKE_TYPES },
] as const;

/** The fields of the staff search (contract §5 names). */
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
      <AreaPicker values={filters} legend="お店のエリア" idPrefix={id} />
      <fieldset>
        <legend className="mb-2 font-bold text-slate-800">年齢・身長</legend>
        <div className="grid grid-cols-2 gap-3">
          {RANGE_FILTERS.map((range) => (
            <SelectInput
              key={range.name}
              name={range.name}
              label={range.label}
              options={range.options}
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
