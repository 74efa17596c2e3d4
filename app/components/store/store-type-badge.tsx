import { STORE_TYPES } from "~/domain/option-basics";

export function storeTypeOf(value: string) {
  return STORE_TYPES.find((type) => type.value === value) ?? STORE_TYPES[STORE_TYPES.length - 1]!;
}

/** The store type in its category colour (docs/product.md). */
export function StoreTypeBadge({ value, className = "" }: { value: string; className?: string }) {
  const type = storeTypeOf(value);
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 font-bold text-[11px] leading-5 ${className}`}
      style={{ backgroundColor: type.hex, color: type.textOnColor }}
    >
      {type.label}
    </span>
  );
}
