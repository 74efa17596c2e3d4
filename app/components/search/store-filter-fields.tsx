import type { LiverFilters } from "~/domain/directory-search";
import { STORE_TYPES, VENUE_FEATURES, VENUE_TYPES } from "~/domain/options";
import { AreaPicker } from "../form/area-picker";
import { CheckboxGroup } from "../form/checkbox-group";
import { SelectInput } from "../form/select-input";
import { TextInput } from "../form/text-input";

/** The fields of the store search (ADR 0020 names). */
export function StoreFilterFields({ filters }: { filters: Partial<LiverFilters> }) {
  const id = "store-filter";
  return (
    <>
      <TextInput
        name="keyword"
        type="search"
        label="店名・よみがな"
        defaultValue={filters.keyword ?? ""}
        placeholder="例：ミナミ ガールズバー"
        idPrefix={id}
        enterKeyHint="search"
      />
      <AreaPicker values={filters} idPrefix={id} className="wide:[&>div]:grid-cols-1" />
      <SelectInput
        name="store_type"
        label="業種"
        options={STORE_TYPES}
        placeholder="すべての業種"
        defaultValue={filters.store_type ?? ""}
        idPrefix={id}
      />
      <CheckboxGroup
        name="services"
        label="お店のタイプ"
        options={VENUE_TYPES}
        defaultValue={filters.services}
        idPrefix={id}
      />
      <CheckboxGroup
        name="commitments"
        label="こだわり"
        options={VENUE_FEATURES}
        defaultValue={filters.commitments}
        idPrefix={id}
      />
    </>
  );
}
