import { describe, expect, it } from "vitest";
import {
  emailChangeMail,
  resetPasswordMail,
  verifyEmailMail,
} from "~/.server/integrations/mail/account-templates";
import {
  contactAutoReplyMail,
  contactOperatorMail,
  formatReceivedAt,
  operatorReceiptRows,
  shopEntryAutoReplyMail,
  shopEntryOperatorMail,
} from "~/.server/integrations/mail/inquiry-templates";
import { escapeHtml } from "~/.server/integrations/mail/render";

const URL_PLAIN = "https://yoru-navi.example/listener/login?verify=abc.DEF_123-xyz";
const URL_HOSTILE = 'https://yoru-navi.example/x?a=1&b="><script>alert(1)</script>';
const NAME_HOSTILE = '<script>alert("name")</script>';

const templates = [
  {
    name: "verifyEmailMail",
    subject: "【ヨルナビ】メールアドレスの確認",
    render: (name: string, url: string) => verifyEmailMail({ name, url, roleLabel: "ユーザー" }),
  },
  {
    name: "resetPasswordMail",
    subject: "【ヨルナビ】パスワード再設定のご案内",
    render: (name: string, url: string) => resetPasswordMail({ name, url }),
  },
  {
    name: "emailChangeMail",
    subject: "【ヨルナビ】メールアドレス変更の確認",
    render: (name: string, url: string) => emailChangeMail({ name, url }),
  },
];

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});

describe.each(templates)("$name", ({ subject, render }) => {
  it("has the specified subject", () => {
    expect(render(NAME_HOSTILE, URL_PLAIN).subject).toBe(subject);
  });

  it("contains the URL in the text and in the HTML (button and copyable text)", () => {
    const mail = render("山田 花子", URL_PLAIN);
    expect(mail.text.split("\n")).toContain(URL_PLAIN);
    expect(mail.html).toContain(`href="${URL_PLAIN}"`);
    expect(mail.html.split(URL_PLAIN).length - 1).toBeGreaterThanOrEqual(3);
  });

  it("escapes names and URLs in the HTML, and keeps them verbatim in the text", () => {
    const mail = render(NAME_HOSTILE, URL_HOSTILE);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).toContain(escapeHtml(NAME_HOSTILE));
    expect(mail.html).toContain(`href="${escapeHtml(URL_HOSTILE)}"`);
    expect(mail.text).toContain(NAME_HOSTILE);
    expect(mail.text).toContain(URL_HOSTILE);
  });

  it("is a complete HTML document in Japanese with the site's signature", () => {
    const mail = render("山田 花子", URL_PLAIN);
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="ja">/);
    expect(mail.html).toContain("</html>");
    expect(mail.text).toContain("ヨルナビ");
    expect(mail.text).toContain("お心当たりのない場合は、このメールを破棄してください");
    expect(mail.text).toContain("https://yoru-navi.example");
  });
});

describe("wording", () => {
  it("greets by name, states the 24-hour validity of a verification link", () => {
    const mail = verifyEmailMail({ name: "山田 花子", url: URL_PLAIN, roleLabel: "店舗" });
    expect(mail.text.startsWith("山田 花子 様\n")).toBe(true);
    expect(mail.text).toContain("店舗アカウント");
    expect(mail.text).toContain("このリンクの有効期限は24時間です");
    expect(mail.html).toContain("山田 花子 様");
    expect(mail.html).toContain("このリンクの有効期限は24時間です");
  });

  it("says a reset link is valid for 1 hour and once", () => {
    const mail = resetPasswordMail({ name: "太郎", url: URL_PLAIN });
    expect(mail.text).toContain("このリンクの有効期限は1時間です");
    expect(mail.text).toContain("一度だけ");
  });

  it("falls back to お客様 without a name", () => {
    expect(resetPasswordMail({ name: "  ", url: URL_PLAIN }).text.startsWith("お客様 様\n")).toBe(true);
  });

  it("does not make a non-web URL clickable", () => {
    const mail = resetPasswordMail({ name: "x", url: "javascript:alert(1)" });
    expect(mail.html).not.toContain('href="javascript:');
    expect(mail.html).toContain("javascript:alert(1)");
  });
});

describe("inquiry mails", () => {
  const rows = [
    { label: "お名前", value: NAME_HOSTILE },
    { label: "お問い合わせ内容", value: "1行目\n<img src=x onerror=alert(1)>\n3行目" },
    { label: "空欄", value: "" },
  ];
  const mails = [
    contactAutoReplyMail({ name: NAME_HOSTILE, rows, faqUrl: "https://yoru-navi.example/faq" }),
    contactOperatorMail({
      name: "A\r\nBcc: x@example.com",
      categoryLabel: "その他",
      rows,
      origin: "https://yoru-navi.example",
    }),
    shopEntryAutoReplyMail({
      contactName: "北 花子",
      rows,
      registrationUrl: "https://yoru-navi.example/liver/registration",
    }),
    shopEntryOperatorMail({ storeName: "Club\nルミエール", rows, origin: "https://yoru-navi.example" }),
  ];

  it.each(mails.map((mail) => [mail.subject, mail]))(
    "%s: one-line subject, escaped details, text complete",
    (_s, mail) => {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.html).not.toContain("<img");
      expect(mail.html).not.toContain("<script");
      expect(mail.html).toContain(escapeHtml("<img src=x onerror=alert(1)>"));
      expect(mail.text).toContain("■お問い合わせ内容\n1行目\n<img src=x onerror=alert(1)>\n3行目");
      expect(mail.text).toContain("■空欄\n（なし）");
      expect(mail.text).toContain("https://yoru-navi.example");
    },
  );

  it("replies to the sender from a no-reply address with a link, and tells the operator how to answer", () => {
    const [reply, operator, ack, operatorShop] = mails;
    expect(reply?.text).toContain("送信専用");
    expect(reply?.html).toContain('href="https://yoru-navi.example/faq"');
    expect(ack?.html).toContain('href="https://yoru-navi.example/liver/registration"');
    for (const mail of [operator, operatorShop]) {
      expect(mail?.text).not.toContain("送信専用");
      expect(mail?.html).not.toContain("ボタンが押せない場合");
      expect(mail?.text).toContain("上記のメールアドレス宛てに");
    }
    expect(operator?.subject).toBe("【ヨルナビ】お問い合わせ：その他（A Bcc: x@example.com 様）");
  });

  it("dates receipts in Asia/Tokyo and frames the operator's rows with number, time and address", () => {
    const at = new Date("2026-11-23T15:05:00Z");
    expect(formatReceivedAt(at)).toBe("2026年11月24日 00:05");
    const framed = operatorReceiptRows({
      id: "r-1",
      receivedAt: at,
      clientIp: "203.0.113.9",
      rows: rows.slice(0, 1),
    });
    expect(framed.map((row) => row.label)).toEqual(["受付番号", "受付日時", "お名前", "送信元IPアドレス"]);
  });
});
