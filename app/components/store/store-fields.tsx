import {
  ADDRESS_MAX,
  BUILDING_NAME_MAX,
  BUSINESS_END_CHOICES,
  LIVER_FIELD_LABELS,
} from "~/domain/liver-registration";
import { TIME_CHOICES } from "~/domain/schedule-times";
import { AreaPicker } from "../form/area-picker";
import { PostalCodeInput } from "../form/postal-code-input";
import { SelectInput } from "../form/select-input";
import { TextInput } from "../form/text-input";

/**
 * Field groups of a store shared by the store registration and the store profile of the back
 * office: the address with the area pickers, and the business hours.
 */

type Values = Record<string, unknown>;
type Errors = Record<string, string | undefined>;

const text = (values: Values, name: string) =>
  typeof values[name] === "string" ? (values[name] as string) : "";

const START_OPTIONS = TIME_CHOICES.map((time) => ({ value: time, label: time }));
// "LAST" alone: the half-width select cannot show more; the hint below explains it.
const END_OPTIONS = BUSINESS_END_CHOICES.map((time) => ({ value: time, label: time }));

/** Postal code (fills the address), address, building and the cascading area pickers. */
export function StoreLocationFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <>
      <PostalCodeInput
        defaultValue={text(values, "postal_code")}
        error={errors.postal_code}
        addressField="address"
        required
      />
      <TextInput
        name="address"
        label={LIVER_FIELD_LABELS.address}
        hint="都道府県・市区町村・町名・番地（例：東京都新宿区歌舞伎町1-2-3）"
        autoComplete="street-address"
        maxLength={ADDRESS_MAX}
        defaultValue={text(values, "address")}
        error={errors.address}
        required
      />
      <TextInput
        name="buildingName"
        label={LIVER_FIELD_LABELS.buildingName}
        hint="ビル名・階数・部屋番号（例：ヨルナビビル 5F）"
        maxLength={BUILDING_NAME_MAX}
        defaultValue={text(values, "buildingName")}
        error={errors.buildingName}
        required={false}
      />
      <AreaPicker
        legend="掲載エリア"
        values={{
          region: text(values, "region"),
          prefecture: text(values, "prefecture"),
          group: text(values, "group"),
          area: text(values, "area"),
          area_detail: text(values, "area_detail"),
        }}
        errors={{
          region: errors.region,
          prefecture: errors.prefecture,
          group: errors.group,
          area: errors.area,
          area_detail: errors.area_detail,
        }}
        required={["region", "prefecture", "area"]}
      />
    </>
  );
}

/** Opening and closing time (closing may be LAST). */
export function BusinessHoursFields({ values, errors }: { values: Values; errors: Errors }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SelectInput
          name="business_start_time"
          label="開始"
          options={START_OPTIONS}
          placeholder="選択"
          defaultValue={text(values, "business_start_time")}
          error={errors.business_start_time}
          required
        />
        <SelectInput
          name="business_end_time"
          label="終了"
          options={END_OPTIONS}
          placeholder="選択"
          defaultValue={text(values, "business_end_time")}
          error={errors.business_end_time}
          required
        />
      </div>
      <p className="text-slate-500 text-xs">
        深夜0時を過ぎる場合は翌日の時刻（例：20:00〜05:00）か、LAST（閉店まで）を選んでください。
      </p>
    </>
  );
}
