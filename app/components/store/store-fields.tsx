import { useState } from "react";
import { areaPresetOf, mergeAreaPreset } from "~/domain/address-area";
import {
  ADDRESS_MAX,
  BUILDING_NAME_MAX,
  BUSINESS_END_CHOICES,
  LIVER_FIELD_LABELS,
} from "~/domain/liver-registration";
import { TIME_CHOICES } from "~/domain/schedule-times";
import { AreaPickerFields, type AreaPickerProps } from "../form/area-picker-fields";
import { selectionFrom } from "../form/area-picker-state";
import { type PostalCodeAddress, PostalCodeInput } from "../form/postal-code-input";
import { SelectInput } from "../form/select-input";
import { TextInput } from "../form/text-input";
import { type AnyField, field } from "../form/use-schema-form";

/**
 * Field groups of a store shared by the store registration and the store profile of the back
 * office: the address with the area pickers, and the business hours.
 */

/** The fields of the page's `useSchemaForm` (the registration's or the store profile's schema). */
type Fields = Record<string, AnyField>;

const bind = (fields: Fields, name: string) => field(fields[name]!);

const START_OPTIONS = TIME_CHOICES.map((time) => ({ value: time, label: time }));
// "LAST" alone: the half-width select cannot show more; the hint below explains it.
const END_OPTIONS = BUSINESS_END_CHOICES.map((time) => ({ value: time, label: time }));

/**
 * Postal code, address, building and the cascading area pickers. A found postal code fills the
 * address and presets the region, the prefecture and, when one district clearly matches, the area
 * (domain/address-area.ts).
 */
export function StoreLocationFields({ fields }: { fields: Fields }) {
  const [preset, setPreset] = useState<AreaPickerProps["preset"]>(null);
  const presetArea = (address: PostalCodeAddress) =>
    setPreset({ apply: (current) => selectionFrom(mergeAreaPreset(current, areaPresetOf(address))) });
  const area = Object.fromEntries(
    (["region", "prefecture", "group", "area", "area_detail"] as const).map((name) => [
      name,
      bind(fields, name),
    ]),
  ) as Record<"region" | "prefecture" | "group" | "area" | "area_detail", ReturnType<typeof field>>;
  return (
    <>
      <PostalCodeInput {...bind(fields, "postal_code")} addressField="address" onAddress={presetArea} />
      <TextInput
        {...bind(fields, "address")}
        label={LIVER_FIELD_LABELS.address}
        hint="都道府県・市区町村・町名・番地（例：東京都新宿区歌舞伎町1-2-3）"
        autoComplete="street-address"
        maxLength={ADDRESS_MAX}
      />
      <TextInput
        {...bind(fields, "buildingName")}
        label={LIVER_FIELD_LABELS.buildingName}
        hint="ビル名・階数・部屋番号（例：ヨルナビビル 5F）"
        maxLength={BUILDING_NAME_MAX}
        required={false}
      />
      <AreaPickerFields
        legend="掲載エリア"
        values={{
          region: area.region.defaultValue ?? "",
          prefecture: area.prefecture.defaultValue ?? "",
          group: area.group.defaultValue ?? "",
          area: area.area.defaultValue ?? "",
          area_detail: area.area_detail.defaultValue ?? "",
        }}
        errors={{
          region: area.region.error,
          prefecture: area.prefecture.error,
          group: area.group.error,
          area: area.area.error,
          area_detail: area.area_detail.error,
        }}
        required={["region", "prefecture", "area"]}
        preset={preset}
      />
    </>
  );
}

/** Opening and closing time (closing may be LAST). */
export function BusinessHoursFields({ fields }: { fields: Fields }) {
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SelectInput
          {...bind(fields, "business_start_time")}
          label="開始"
          options={START_OPTIONS}
          placeholder="選択"
        />
        <SelectInput
          {...bind(fields, "business_end_time")}
          label="終了"
          options={END_OPTIONS}
          placeholder="選択"
        />
      </div>
      <p className="text-slate-500 text-xs">
        深夜0時を過ぎる場合は翌日の時刻（例：20:00〜05:00）か、LAST（閉店まで）を選んでください。
      </p>
    </>
  );
}
