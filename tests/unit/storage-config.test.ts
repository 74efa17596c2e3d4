import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/.server/env";
import { parseByteRange } from "~/.server/http/byte-range";
import {
  contentTypeOfKey,
  isValidKey,
  keyFromPublicUrl,
} from "~/.server/integrations/storage/object-storage";

const S3 = {
  S3_BUCKET: "yoru-uploads",
  S3_REGION: "ap-northeast-1",
  S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
  S3_SECRET_ACCESS_KEY: "secret-example",
};

describe("S3 configuration", () => {
  it("is the local disk when no S3_* variable is set", () => {
    expect(parseEnv({}).s3).toBeUndefined();
    expect(parseEnv({ S3_BUCKET: " " }).s3).toBeUndefined();
  });

  it("is S3 when S3_BUCKET and its credentials are set; endpoint and public URL are optional", () => {
    expect(parseEnv(S3).s3).toEqual({
      endpoint: undefined,
      bucket: "yoru-uploads",
      region: "ap-northeast-1",
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret-example",
      publicUrl: undefined,
    });
    expect(
      parseEnv({ ...S3, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_PUBLIC_URL: "https://cdn.yoru.example/u/" })
        .s3,
    ).toMatchObject({ endpoint: "http://127.0.0.1:9000", publicUrl: "https://cdn.yoru.example/u" });
  });

  it.each([["S3_BUCKET"], ["S3_REGION"], ["S3_ACCESS_KEY_ID"], ["S3_SECRET_ACCESS_KEY"]] as const)(
    "stops when %s is missing from an S3 set",
    (name) => {
      const source: Record<string, string> = { ...S3 };
      delete source[name];
      expect(() => parseEnv(source)).toThrow(EnvError);
      expect(() => parseEnv(source)).toThrow(new RegExp(`${name}: required`));
    },
  );

  it("stops when only the endpoint or public URL is given (a forgotten bucket)", () => {
    expect(() => parseEnv({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: required/);
    expect(() => parseEnv({ S3_PUBLIC_URL: "https://cdn.example" })).toThrow(/S3_ACCESS_KEY_ID: required/);
  });

  it.each([
    ["S3_BUCKET", "Upper_Case"],
    ["S3_ENDPOINT", "ftp://s3.example"],
    ["S3_PUBLIC_URL", "not a url"],
  ])("refuses a malformed %s", (name, value) => {
    expect(() => parseEnv({ ...S3, [name]: value })).toThrow(new RegExp(name));
  });
});

describe("parseByteRange", () => {
  it.each([
    ["absent", undefined, 100, { kind: "whole" }],
    ["the first bytes", "bytes=0-3", 100, { kind: "range", start: 0, end: 3 }],
    ["an open end", "bytes=90-", 100, { kind: "range", start: 90, end: 99 }],
    ["an end past the size (clamped)", "bytes=50-1000", 100, { kind: "range", start: 50, end: 99 }],
    ["a suffix", "bytes=-10", 100, { kind: "range", start: 90, end: 99 }],
    ["a suffix longer than the file", "bytes=-500", 100, { kind: "range", start: 0, end: 99 }],
    ["the last byte", "bytes=99-99", 100, { kind: "range", start: 99, end: 99 }],
    ["upper-case unit and spaces", " BYTES=1-2 ", 100, { kind: "range", start: 1, end: 2 }],
    ["a start past the end", "bytes=100-", 100, { kind: "unsatisfiable" }],
    ["a start far past the end", "bytes=5000-6000", 100, { kind: "unsatisfiable" }],
    ["an empty suffix", "bytes=-0", 100, { kind: "unsatisfiable" }],
    ["any range of an empty file", "bytes=0-", 0, { kind: "unsatisfiable" }],
    ["a reversed range (malformed: ignored)", "bytes=5-2", 100, { kind: "whole" }],
    ["another unit", "items=0-3", 100, { kind: "whole" }],
    ["garbage", "bytes=abc", 100, { kind: "whole" }],
    ["a lone dash", "bytes=-", 100, { kind: "whole" }],
    ["several ranges (served whole)", "bytes=0-1,5-6", 100, { kind: "whole" }],
    ["a number beyond 2^53", "bytes=0-99999999999999999999", 100, { kind: "whole" }],
  ])("%s", (_name, header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});

describe("storage keys", () => {
  it.each([
    ["livers/abc-123/x_Y-z.webp", true],
    ["demo/store-01.webp", true],
    ["livers/a/__ArKNjKocYupCYmLg5wYg.webp", true],
    ["livers/a/-x.webp", true],
    ["posts/p1/video.mp4", true],
    ["../x", false],
    ["a/../b", false],
    ["/abs", false],
    ["a//b", false],
    [".hidden", false],
    ["a/.part", false],
    ["a\\b", false],
    ["a/b c", false],
    ["", false],
  ])("%s is valid: %s", (key, valid) => {
    expect(isValidKey(key)).toBe(valid);
  });

  it("reads the key of a stored URL, and only of one", () => {
    expect(keyFromPublicUrl("/uploads/livers/a/b.webp")).toBe("livers/a/b.webp");
    expect(keyFromPublicUrl("/uploads/../auth-secret")).toBeNull();
    expect(keyFromPublicUrl("https://cdn.example/livers/a/b.webp")).toBeNull();
  });

  it("types a key by its extension", () => {
    expect(contentTypeOfKey("a/b.webp")).toBe("image/webp");
    expect(contentTypeOfKey("a/b.MP4")).toBe("video/mp4");
    expect(contentTypeOfKey("a/b.webm")).toBe("video/webm");
    expect(contentTypeOfKey("a/b")).toBe("application/octet-stream");
  });
});
