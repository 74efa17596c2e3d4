/**
 * The option lists the public cards show, and the helpers every list is built with (isomorphic,
 * no dependencies): store types (業種, in their colours) and blood types. Apart from options.ts,
 * which re-exports all of it, so the public pages' first load carries these two lists and not
 * every enumeration of the product (the matching questions, the profile lists; ADR 0064).
 */

export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

/** The values of an option list as a tuple of literals (usable by `z.enum`). */
type ValuesOf<T extends readonly Option[]> = { readonly [K in keyof T]: T[K]["value"] };

export function valuesOf<const T extends readonly Option[]>(list: T): ValuesOf<T> {
  return Object.freeze(list.map((option) => option.value)) as unknown as ValuesOf<T>;
}

/** The label of `value` in `list`, or "" when the value is not one of the list's values. */
export function labelOf(list: readonly Option[], value: unknown): string {
  if (typeof value !== "string") return "";
  return list.find((option) => option.value === value)?.label ?? "";
}

/** The blank choice of an optional select (stored as ""). */
export const BLANK_CHOICE = { value: "", label: "未設定" } as const satisfies Option<"">;

/** `list` preceded by the blank choice, for the selects of optional fields. */
export function withBlank<const T extends readonly Option[]>(list: T): readonly [typeof BLANK_CHOICE, ...T] {
  return [BLANK_CHOICE, ...list];
}

/**
 * Store types (業種) in their category colours. `textOnColor` is the text colour on `hex` with a
 * WCAG contrast ratio of at least 4.5:1 (checked by the unit tests).
 */
export const STORE_TYPES = [
  { value: "girls_bar", label: "ガールズバー", color: "pink", hex: "#D81B60", textOnColor: "white" },
  { value: "hostess_bar", label: "キャバクラ・ホステス", color: "red", hex: "#DC2626", textOnColor: "white" },
  { value: "club", label: "クラブ", color: "yellow", hex: "#FACC15", textOnColor: "black" },
  { value: "lounge", label: "ラウンジ", color: "purple", hex: "#9333EA", textOnColor: "white" },
  { value: "new_club", label: "ニュークラブ", color: "lightblue", hex: "#7DD3FC", textOnColor: "black" },
  { value: "snack", label: "スナック", color: "orange", hex: "#F97316", textOnColor: "black" },
  { value: "con_cafe", label: "コンカフェ", color: "blue", hex: "#2563EB", textOnColor: "white" },
  { value: "other", label: "その他", color: "black", hex: "#1F2937", textOnColor: "white" },
] as const satisfies readonly (Option & { color: string; hex: string; textOnColor: "white" | "black" })[];
export const STORE_TYPE_VALUES = valuesOf(STORE_TYPES);
export type StoreType = (typeof STORE_TYPE_VALUES)[number];
export const STORE_TYPE_DEFAULT: StoreType = "girls_bar";

/** Blood types, a staff profile's optional `blood_type` ("" = 未設定). */
export const BLOOD_TYPES = [
  { value: "O", label: "O型" },
  { value: "A", label: "A型" },
  { value: "B", label: "B型" },
  { value: "AB", label: "AB型" },
] as const satisfies readonly Option[];
export const BLOOD_TYPE_VALUES = valuesOf(BLOOD_TYPES);
export const BLOOD_TYPE_CHOICES = withBlank(BLOOD_TYPES);
