import { describe, expect, it } from "vitest";
import { chooseEncoding } from "../../server/precompressed";

describe("chooseEncoding (server/precompressed.ts)", () => {
  const both = ["br", "gzip"];
  it.each<[string, string | undefined, readonly string[], string | undefined]>([
    ["Chrome's header: br, though listed after gzip", "gzip, deflate, br, zstd", both, "br"],
    ["Safari's header", "gzip, deflate, br", both, "br"],
    ["gzip only", "gzip", both, "gzip"],
    ["only gzip built", "gzip, deflate, br", ["gzip"], "gzip"],
    ["a higher weight wins over our order", "br;q=0.5, gzip", both, "gzip"],
    ["q=0 refuses an encoding", "br;q=0, gzip;q=0.1", both, "gzip"],
    ["the wildcard stands for the encodings not named", "gzip;q=0.2, *", both, "br"],
    ["the wildcard refused", "*;q=0", both, undefined],
    ["identity only", "identity", both, undefined],
    ["no header: as the file is", undefined, both, undefined],
    ["empty header", "", both, undefined],
    ["case and spaces", " GZIP ; q=0.8 , Br;Q=0.9", both, "br"],
    ["a malformed weight counts as refused", "br;q=abc, gzip", both, "gzip"],
  ])("%s", (_name, header, offered, expected) => {
    expect(chooseEncoding(header, offered)).toBe(expected);
  });
});
