import { describe, expect, it } from "vitest";
import { invitationShareMessage, lineShareUrl } from "~/domain/invitation-share";

describe("sharing an invitation link", () => {
  const url = "https://yoru.example/staff/registration?invite=abc_DEF-123";
  const message = invitationShareMessage({
    storeName: "Velvet",
    url,
    expiresAt: new Date("2026-12-08T12:30:00Z"), // 21:30 in Tokyo
  });

  it("the message names the store, says until when and ends with the link", () => {
    expect(message.split("\n")).toEqual([
      "Velvetからヨルナビのキャスト登録の招待です。",
      "下のリンクからログインIDとパスワードを決めて登録してください（期限 12/8 21:30・1回のみ有効）。",
      url,
    ]);
  });

  it.each([
    ["plain text", "abc", "https://line.me/R/share?text=abc"],
    ["Japanese", "招待", "https://line.me/R/share?text=%E6%8B%9B%E5%BE%85"],
    ["a link's ? & = and a new line", "a\nb?x=1&y=2", "https://line.me/R/share?text=a%0Ab%3Fx%3D1%26y%3D2"],
  ])("LINE's share link of %s", (_name, text, expected) => {
    expect(lineShareUrl(text)).toBe(expected);
  });

  it("the whole message survives the link", () => {
    const shared = new URL(lineShareUrl(message));
    expect(shared.origin + shared.pathname).toBe("https://line.me/R/share");
    expect(shared.searchParams.get("text")).toBe(message);
  });
});
