import { normalizePostalCode } from "~/domain/format";
import {
  jpZipcodeLookup,
  type PostalAddress,
  type PostalCodeLookup,
} from "../../integrations/postal-code/postal-code-lookup";

export type LookupPostalCodeResult =
  | { ok: true; postal_code: string; items: PostalAddress[] }
  | { ok: false; error: "invalid" | "not_found" };

export const POSTAL_CODE_MESSAGES = {
  invalid: "郵便番号は7桁の数字で入力してください",
  not_found: "該当する住所が見つかりません",
} as const;

/**
 * The addresses of a postal code as typed ("104-0061", "1040061", "１０４－００６１"). Not 7 digits →
 * `invalid`; no address → `not_found`.
 */
export async function lookupPostalCode({
  lookup = jpZipcodeLookup,
  input,
}: {
  lookup?: PostalCodeLookup;
  input: { postal_code: string };
}): Promise<LookupPostalCodeResult> {
  const code7 = normalizePostalCode(input.postal_code);
  if (!code7) return { ok: false, error: "invalid" };
  const items = await lookup.lookup(code7);
  if (items.length === 0) return { ok: false, error: "not_found" };
  return { ok: true, postal_code: code7, items };
}
