import { describe, expect, it } from "vitest";
import {
  jpZipcodeLookup,
  type PostalAddress,
  type PostalCodeLookup,
} from "~/.server/integrations/postal-code/postal-code-lookup";
import { lookupPostalCode } from "~/.server/services/platform/lookup-postal-code";
import { cleanTownName } from "~/domain/town-name";
import { loader } from "~/routes/api/postal-codes";

describe("jpZipcodeLookup", () => {
  it.each<[string, Partial<PostalAddress>]>([
    ["1040061", { prefecture_id: "tokyo", prefecture_name: "東京都", city: "中央区", town: "銀座" }],
    ["1600021", { prefecture_id: "tokyo", prefecture_name: "東京都", city: "新宿区", town: "歌舞伎町" }],
    [
      "0600062",
      { prefecture_id: "hokkaido", prefecture_name: "北海道", city: "札幌市中央区", town: "南二条西" },
    ],
    ["5420071", { prefecture_id: "osaka", prefecture_name: "大阪府", city: "大阪市中央区", town: "道頓堀" }],
    [
      "9071801",
      { prefecture_id: "okinawa", prefecture_name: "沖縄県", city: "八重山郡与那国町", town: "与那国" },
    ],
    // Japan Post's 以下に掲載がない場合: the whole city, no town
    ["1000000", { prefecture_id: "tokyo", prefecture_name: "東京都", city: "千代田区", town: "" }],
  ])("%s → %j", async (code, expected) => {
    const [first, ...rest] = await jpZipcodeLookup.lookup(code);
    expect(rest).toEqual([]);
    expect(first).toEqual({ postal_code: code, ...expected });
  });

  it("returns every address of a code shared by two prefectures (三重県 is in our 関西)", async () => {
    const items = await jpZipcodeLookup.lookup("4980000");
    expect(items.map((a) => [a.prefecture_id, a.prefecture_name, a.city, a.town])).toEqual([
      ["aichi", "愛知県", "弥富市", ""],
      ["mie", "三重県", "桑名郡木曽岬町", ""],
    ]);
  });

  it.each(["0000000", "1040000", "104006", "10400611", "abcdefg", ""])("%j → []", async (code) => {
    expect(await jpZipcodeLookup.lookup(code)).toEqual([]);
  });
});

describe("cleanTownName", () => {
  it.each([
    ["銀座", "銀座"],
    ["以下に掲載がない場合", ""],
    ["小菅村の次に１～６６３番地がくる場合", ""],
    ["大通西（１～１９丁目）", "大通西"],
    ["一円", "一円"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(cleanTownName(input)).toBe(expected);
  });
});

describe("lookupPostalCode", () => {
  it.each(["1040061", "104-0061", "１０４－００６１", " 104ー0061 ", "１０４００６１"])(
    "accepts %j",
    async (postal_code) => {
      const result = await lookupPostalCode({ input: { postal_code } });
      expect(result).toEqual({
        ok: true,
        postal_code: "1040061",
        items: [
          {
            postal_code: "1040061",
            prefecture_id: "tokyo",
            prefecture_name: "東京都",
            city: "中央区",
            town: "銀座",
          },
        ],
      });
    },
  );

  it.each(["123", "", "104-00612", "104_0061", "abc-defg", "10-40061"])(
    "%j is invalid",
    async (postal_code) => {
      expect(await lookupPostalCode({ input: { postal_code } })).toEqual({ ok: false, error: "invalid" });
    },
  );

  it.each(["0000000", "999-9999"])("%j is not found", async (postal_code) => {
    expect(await lookupPostalCode({ input: { postal_code } })).toEqual({ ok: false, error: "not_found" });
  });

  it("asks the port with the 7 digits only", async () => {
    const asked: string[] = [];
    const fake: PostalCodeLookup = {
      async lookup(code7) {
        asked.push(code7);
        return [];
      },
    };
    await lookupPostalCode({ lookup: fake, input: { postal_code: "１６０－００２１" } });
    expect(asked).toEqual(["1600021"]);
  });
});

describe("GET /api/postal-codes/:code", () => {
  type LoaderArgs = Parameters<typeof loader>[0];
  const call = (code: string) =>
    loader({
      params: { code },
      request: new Request(`http://localhost/api/postal-codes/${encodeURIComponent(code)}`),
    } as unknown as LoaderArgs);

  it("200 with the items, cached for a day", async () => {
    const response = await call("1600021");
    expect(response.init?.status ?? 200).toBe(200);
    expect(new Headers(response.init?.headers).get("Cache-Control")).toBe("public, max-age=86400");
    expect(response.data).toEqual({
      items: [
        {
          postal_code: "1600021",
          prefecture_id: "tokyo",
          prefecture_name: "東京都",
          city: "新宿区",
          town: "歌舞伎町",
        },
      ],
    });
  });

  it("400 invalid-argument for a malformed code", async () => {
    const response = await call("123");
    expect(response.init?.status).toBe(400);
    expect(response.data).toEqual({
      error: { code: "invalid-argument", message: "郵便番号は7桁の数字で入力してください" },
    });
  });

  it("404 not-found for an unknown code", async () => {
    const response = await call("0000000");
    expect(response.init?.status).toBe(404);
    expect(response.data).toEqual({ error: { code: "not-found", message: "該当する住所が見つかりません" } });
  });
});
