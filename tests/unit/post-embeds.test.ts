import { describe, expect, it } from "vitest";
import { tabOfSources } from "~/domain/feed-query";
import { captionIsLong, embedPlayerUrl, livePageUrl, safeExternalUrl } from "~/domain/post-embeds";

describe("post embeds", () => {
  it.each([
    [
      { source: "youtube", external_id: "dQw4w9WgXcQ" },
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&playsinline=1&rel=0",
    ],
    [{ source: "youtube", external_id: "bad id<script>" }, null],
    [
      { source: "tiktok", external_id: "7300000000000000001" },
      "https://www.tiktok.com/player/v1/7300000000000000001?autoplay=1&rel=0",
    ],
    [{ source: "tiktok", external_id: "abc" }, null],
    [{ source: "instagram", external_id: "17900000000000000" }, null],
    [{ source: "native", external_id: "x" }, null],
  ] as const)("embedPlayerUrl(%j) = %s", (post, expected) => {
    expect(embedPlayerUrl(post)).toBe(expected);
  });

  it("links only http(s) out, and lives to their page", () => {
    expect(safeExternalUrl("https://www.instagram.com/p/abc/")).toBe("https://www.instagram.com/p/abc/");
    expect(safeExternalUrl("javascript:alert(1)")).toBeNull();
    expect(safeExternalUrl("/relative")).toBeNull();
    expect(livePageUrl({ external_id: "a/b" })).toBe("/listener/live/a%2Fb");
    expect(livePageUrl({ external_id: "live-1", permalink: "/listener/live/cast-1" })).toBe(
      "/listener/live/cast-1",
    );
    expect(livePageUrl({ external_id: "live-1", permalink: "https://evil.example/listener/live/x" })).toBe(
      "/listener/live/live-1",
    );
  });

  it("folds long captions (characters or lines)", () => {
    expect(captionIsLong("短い")).toBe(false);
    expect(captionIsLong("あ".repeat(141))).toBe(true);
    expect(captionIsLong("1\n2\n3\n4")).toBe(false);
    expect(captionIsLong("1\n2\n3\n4\n5")).toBe(true);
  });

  it("shows one source as its tab, anything else as すべて", () => {
    expect(tabOfSources([])).toBe("all");
    expect(tabOfSources(["youtube"])).toBe("youtube");
    expect(tabOfSources(["youtube", "tiktok"])).toBe("all");
  });
});
