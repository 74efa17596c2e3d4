import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NewsBody } from "~/components/news/news-ui";
import {
  audiencesOf,
  bodyParts,
  dateToTokyoLocal,
  newsExcerpt,
  newsIdOfPath,
  tokyoLocalToDate,
} from "~/domain/news";

describe("the Tokyo date-time of the picker", () => {
  it.each([
    ["2026-11-25T18:30", "2026-11-25T09:30:00.000Z"],
    ["2026-01-01T00:00", "2025-12-31T15:00:00.000Z"],
    ["2028-02-29T08:05", "2028-02-28T23:05:00.000Z"],
  ])("%s in Tokyo is %s", (local, iso) => {
    expect(tokyoLocalToDate(local)?.toISOString()).toBe(iso);
    expect(dateToTokyoLocal(iso)).toBe(local);
  });

  it.each(["", "2026-02-30T10:00", "2026-11-25T24:00", "2026-11-25 18:30", "2026-11-25T18:30:00", "x"])(
    "refuses %j",
    (value) => {
      expect(tokyoLocalToDate(value)).toBeNull();
    },
  );
});

describe("the body as text, links and line breaks", () => {
  it("turns http(s) addresses into links and keeps the text around them", () => {
    expect(bodyParts("詳しくは https://example.com/a?b=1 をご覧ください。\n2行目")).toEqual([
      { type: "text", text: "詳しくは " },
      { type: "link", href: "https://example.com/a?b=1" },
      { type: "text", text: " をご覧ください。" },
      { type: "break" },
      { type: "text", text: "2行目" },
    ]);
  });

  it("stops a link at Japanese punctuation and leaves trailing dots out", () => {
    expect(bodyParts("（http://example.com/x）。https://example.com.")).toEqual([
      { type: "text", text: "（" },
      { type: "link", href: "http://example.com/x" },
      { type: "text", text: "）。" },
      { type: "link", href: "https://example.com" },
      { type: "text", text: "." },
    ]);
  });

  it("links nothing but http and https", () => {
    const parts = bodyParts("javascript:alert(1) data:text/html,x ftp://example.com mailto:a@b.c");
    expect(parts.every((p) => p.type === "text")).toBe(true);
  });

  it("renders markup as text: everything escaped, only safe links are elements", () => {
    const html = renderToStaticMarkup(
      createElement(NewsBody, {
        body: '<script>alert(1)</script>\n<a href="javascript:x">x</a> https://example.com/"onmouseover=1',
      }),
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain('href="javascript');
    expect(html).toContain(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow"',
    );
    expect(html).toContain("<br/>");
  });
});

describe("readers", () => {
  it("each kind reads its own audience and everyone's", () => {
    expect(audiencesOf("listener")).toEqual(["listener", "all"]);
    expect(audiencesOf("liver")).toEqual(["liver", "all"]);
    expect(audiencesOf("staff")).toEqual(["staff", "all"]);
  });

  it("reads the news id of a detail path only", () => {
    expect(newsIdOfPath("/listener/mypage/news/abc")).toBe("abc");
    expect(newsIdOfPath("/staff/mypage/news/abc/")).toBe("abc");
    expect(newsIdOfPath("/listener/mypage/news")).toBeNull();
    expect(newsIdOfPath("/admin/news/abc")).toBeNull();
  });

  it("shortens excerpts by characters", () => {
    expect(newsExcerpt("あ".repeat(70), 60)).toBe(`${"あ".repeat(60)}…`);
    expect(newsExcerpt("一行目\n二行目")).toBe("一行目 二行目");
  });
});
