import { describe, expect, it } from "vitest";
import { isFreshPost, lastSourceColumn, nativePostKind, type PostSource } from "~/domain/posts";

describe("nativePostKind", () => {
  it.each([
    [0, false, "text"],
    [1, false, "image"],
    [2, false, "carousel_album"],
    [10, false, "carousel_album"],
    [0, true, "video"],
  ] as const)("%i pictures, video %s → %s", (images, video, kind) => {
    expect(nativePostKind(images, video)).toBe(kind);
  });
});

describe("lastSourceColumn", () => {
  it.each([
    ["instagram", "last_instagram_at"],
    ["tiktok", "last_tiktok_at"],
    ["youtube", "last_youtube_at"],
    ["live", "last_live_at"],
    ["native", null],
  ] as [PostSource, string | null][])("%s → %s", (source, column) => {
    expect(lastSourceColumn(source)).toBe(column);
  });
});

describe("isFreshPost", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    ["2026-11-25T11:59:00Z", true],
    ["2026-11-24T12:00:00Z", true],
    ["2026-11-24T11:59:59Z", false],
    ["2026-10-01T00:00:00Z", false],
  ])("posted %s → %s", (postedAt, fresh) => {
    expect(isFreshPost(new Date(postedAt), now)).toBe(fresh);
  });
});
