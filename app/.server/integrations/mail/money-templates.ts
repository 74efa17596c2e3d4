import { greetingFor, type RenderedMail, render } from "./render";

const SUBJECT_PREFIX = "【ヨルナビ】";

const TOKYO_DATE = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** 14 days before paid coins expire (資金決済法: the listener is told what expires when). */
export function coinExpiryNoticeMail({
  name,
  coins,
  expiresAt,
  url,
}: {
  name: string;
  coins: number;
  expiresAt: Date;
  url: string;
}): RenderedMail {
  const when = TOKYO_DATE.format(expiresAt);
  return render({
    subject: `${SUBJECT_PREFIX}有償コインの有効期限が近づいています`,
    preheader: `${coins.toLocaleString("ja-JP")}コインの有効期限は${when}です。`,
    greeting: greetingFor(name),
    intro: [
      `お持ちの有償コインのうち ${coins.toLocaleString("ja-JP")}コイン の有効期限は ${when} です。`,
      "期限を過ぎたコインは失効し、ご利用いただけなくなります（払い戻しはできません）。",
    ],
    action: {
      lead: "保有コインと有効期限は、下記のページでご確認いただけます。",
      label: "コインを確認する",
      url,
    },
    notes: ["このメールは有効期限の14日前にお送りしています。"],
  });
}
