import { describe, expect, it } from "vitest";
import { fillTemplate, sameMail } from "~/.server/integrations/mail/mail-template";
import { notificationMail } from "~/.server/integrations/mail/notification-templates";
import {
  buildNotificationMail,
  notificationTemplate,
} from "~/.server/services/notifications/notification-mail";
import {
  createUnsubscribeToken,
  readUnsubscribeToken,
} from "~/.server/services/notifications/unsubscribe-token";
import { notificationSetting } from "~/domain/notifications";

const env = { authSecret: "unit-test-secret-0123456789abcdef0123" };

describe("unsubscribe tokens", () => {
  it("name the account, its role and one setting, and read back only under the same secret", () => {
    const token = createUnsubscribeToken({ role: "liver", setting: "item_to_staff", uid: "u:1" }, env);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readUnsubscribeToken(token, env)).toEqual({ role: "liver", setting: "item_to_staff", uid: "u:1" });
    expect(readUnsubscribeToken(token, { authSecret: `${env.authSecret}x` })).toBeNull();
  });

  it("refuse a changed body, a changed signature, a flag the role does not have, and junk", () => {
    const token = createUnsubscribeToken({ role: "listener", setting: "following_live", uid: "abc" }, env);
    const [body, signature] = token.split(".") as [string, string];
    const other = Buffer.from("v1:listener:official_information:abc").toString("base64url");
    expect(readUnsubscribeToken(`${other}.${signature}`, env)).toBeNull();
    expect(readUnsubscribeToken(`${body}.${signature.slice(0, -1)}A`, env)).toBeNull();
    // The same signature bytes spelled another way (the last character's unused low bits set).
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) + 1]}`;
    expect(Buffer.from(respelled, "base64url")).toEqual(Buffer.from(signature, "base64url"));
    expect(readUnsubscribeToken(`${body}.${respelled}`, env)).toBeNull();
    const wrongRole = Buffer.from("v1:listener:item_to_staff:abc").toString("base64url");
    const signed = createUnsubscribeToken({ role: "liver", setting: "item_to_staff", uid: "abc" }, env);
    expect(readUnsubscribeToken(`${wrongRole}.${signed.split(".")[1]}`, env)).toBeNull();
    for (const junk of ["", ".", "a.b.c", "x".repeat(600), body])
      expect(readUnsubscribeToken(junk, env)).toBeNull();
    expect(notificationSetting("staff", "official_information")).toBeNull();
  });
});

describe("notification templates", () => {
  const base = {
    name: "<b>太郎</b>",
    settingsUrl: "https://yoru.example/listener/mypage/setting",
    unsubscribeUrl: "https://yoru.example/unsubscribe/a.b",
    settingLabel: "フォロー中のInstagram投稿",
  };
  const entry = (i: number) => ({
    actor: "みさき",
    at: new Date(`2026-11-25T0${i % 10}:00:00Z`),
    url: `https://yoru.example/p/${i}`,
  });

  it("the prompt mail names who and when, links the page and the unsubscribe URL, escapes names", () => {
    const mail = notificationMail({
      ...base,
      kind: "following_instagram",
      entries: [entry(1)],
      summary: false,
    });
    expect(mail.subject).toBe("【ヨルナビ】みさきさんがInstagramに新しい投稿をしました");
    expect(mail.text).toContain("https://yoru.example/p/1");
    expect(mail.text).toContain("このお知らせの配信停止: https://yoru.example/unsubscribe/a.b");
    expect(mail.html).toContain('href="https://yoru.example/unsubscribe/a.b"');
    expect(mail.html).not.toContain("<b>太郎</b>");
    expect(mail.html).toContain("&lt;b&gt;太郎&lt;/b&gt;");
  });

  it("the summary lists every waiting event as 他 N 件", () => {
    const entries = Array.from({ length: 11 }, (_, i) => entry(i));
    const mail = notificationMail({ ...base, kind: "following_instagram", entries, summary: true });
    expect(mail.subject).toContain("他 11 件の新しい投稿");
    for (const e of entries) expect(mail.text).toContain(e.url);
  });

  it("store mails say who wrote to which staff member and when, never a content", () => {
    const mail = notificationMail({
      ...base,
      kind: "item_to_staff",
      entries: [
        {
          actor: "けんた",
          staff: "りな",
          item: "シャンパン",
          at: new Date("2026-11-25T11:05:00Z"),
          url: "https://yoru.example/liver/mypage",
        },
      ],
      summary: false,
    });
    expect(mail.text).toContain("けんたさんからりなさんに「シャンパン」が届きました（11/25 20:05）");
  });
});

describe("the fan-out's mail template", () => {
  const env = { baseUrl: "https://yoru.example", authSecret: "unit-test-secret-0123456789abcdef0123" };
  const names = ['<b>"A&B"</b>', "  二重  空白\nと改行 ", "", "$1 \\ %s $& {{name}}", "けんた"];
  const entry = {
    details: {
      actor: "年末年始の<営業時間>のお知らせ",
      listenerPath: "/listener/mypage/news/n-1",
      liverPath: "/liver/mypage/news/n-1",
    },
    at: new Date("2026-11-25T11:05:00Z"),
  };

  it("filled for a recipient is exactly that recipient's fully rendered mail, for every kind", () => {
    const cases = [
      ["listener", "official_information"],
      ["listener", "following_live"],
      ["liver", "official_information"],
      ["liver", "message_to_staff"],
    ] as const;
    for (const [type, kind] of cases) {
      const { template, fill } = notificationTemplate(env, type, kind, entry);
      for (const [i, name] of names.entries()) {
        const recipient = { type, id: `u-${i}`, email: ` r${i}@example.com `, name };
        const filled = fillTemplate(template, fill(recipient));
        const full = buildNotificationMail(env, recipient, kind, [entry], false);
        expect(filled).toEqual(full);
        expect(sameMail(filled, full)).toBe(true);
      }
    }
  });

  it("leaves no marker behind and gives each recipient its own unsubscribe token", () => {
    const { template, fill } = notificationTemplate(env, "listener", "official_information", entry);
    expect(template.markers).toHaveLength(2);
    for (const marker of template.markers) {
      expect(marker).toMatch(/^[A-Za-z0-9]+$/);
      expect(template.text).toContain(marker);
      expect(template.html).toContain(marker);
    }
    const a = fillTemplate(template, fill({ type: "listener", id: "a", email: "a@example.com", name: "A" }));
    const b = fillTemplate(template, fill({ type: "listener", id: "b", email: "b@example.com", name: "B" }));
    for (const marker of template.markers)
      expect(`${a.text}${a.html}${a.headers?.["List-Unsubscribe"]}`).not.toContain(marker);
    const token = (mail: typeof a) =>
      /unsubscribe\/([\w.-]+)>/.exec(mail.headers?.["List-Unsubscribe"] ?? "")?.[1] ?? "";
    expect(readUnsubscribeToken(token(a), env)).toEqual({
      role: "listener",
      setting: "official_information",
      uid: "a",
    });
    expect(readUnsubscribeToken(token(b), env)?.uid).toBe("b");
    expect(a.text).toContain(`/unsubscribe/${token(a)}`);
    expect(a.html).toContain(`/unsubscribe/${token(a)}"`);
  });

  it("a filled mail that differs from the full rendering is noticed", () => {
    const { template, fill } = notificationTemplate(env, "listener", "official_information", entry);
    const recipient = { type: "listener" as const, id: "a", email: "a@example.com", name: "A" };
    const full = buildNotificationMail(env, recipient, "official_information", [entry], false);
    expect(sameMail(fillTemplate({ ...template, html: `${template.html} ` }, fill(recipient)), full)).toBe(
      false,
    );
    expect(sameMail(fillTemplate(template, { ...fill(recipient), meta: {} }), full)).toBe(false);
  });
});
