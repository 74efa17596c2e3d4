import { formatTokyoDateTime } from "~/domain/format";
import { formatYen } from "~/domain/money";
import { greetingFor, type RenderedMail, render } from "./render";

const SUBJECT_PREFIX = "【ヨルナビ】";

/** A plan renewal was declined: the store has 7 days of grace (ADR 0032). */
export function planPaymentFailedMail({
  name,
  planName,
  amountJpy,
  graceUntil,
  url,
}: {
  name: string;
  planName: string;
  amountJpy: number;
  graceUntil: Date;
  url: string;
}): RenderedMail {
  const until = formatTokyoDateTime(graceUntil);
  return render({
    subject: `${SUBJECT_PREFIX}プラン料金のお支払いができませんでした`,
    preheader: `${until}までにお支払いがない場合、店舗の掲載を停止します。`,
    greeting: greetingFor(name),
    intro: [
      `${planName}（月額 ${formatYen(amountJpy)}）の更新のお支払いができませんでした。`,
      `${until}までにお支払いを確認できない場合、店舗ページの掲載を停止します。`,
    ],
    action: {
      lead: "お支払い方法の確認・お支払いは下記のページから行えます。",
      label: "お支払い状況を確認する",
      url,
    },
    notes: ["カードの有効期限・ご利用限度額をご確認ください。"],
  });
}

/** Two days before the grace ends. */
export function planGraceReminderMail({
  name,
  graceUntil,
  url,
}: {
  name: string;
  graceUntil: Date;
  url: string;
}): RenderedMail {
  const until = formatTokyoDateTime(graceUntil);
  return render({
    subject: `${SUBJECT_PREFIX}【再送】プラン料金が未払いです（${until}に掲載停止）`,
    preheader: `${until}に店舗の掲載を停止します。`,
    greeting: greetingFor(name),
    intro: [
      "プラン料金のお支払いをまだ確認できていません。",
      `${until}までにお支払いがない場合、店舗ページの掲載を停止します。`,
    ],
    action: { lead: "お支払いは下記のページから行えます。", label: "お支払いに進む", url },
    notes: ["お支払い済みの場合は、このメールと行き違いになっております。ご容赦ください。"],
  });
}

/** The grace is over: the store is unlisted until it pays. */
export function planSuspendedMail({ name, url }: { name: string; url: string }): RenderedMail {
  return render({
    subject: `${SUBJECT_PREFIX}プラン料金の未払いにより掲載を停止しました`,
    preheader: "お支払いを確認しだい、掲載を再開します。",
    greeting: greetingFor(name),
    intro: [
      "お支払いの猶予期間（7日間）が過ぎたため、店舗ページと在籍キャストの掲載を停止しました。",
      "お支払いを確認しだい、自動で掲載を再開します。",
    ],
    action: { lead: "お支払いは下記のページから行えます。", label: "お支払いに進む", url },
    notes: ["掲載停止中もマイページはご利用いただけます。"],
  });
}

/** The unpaid plan is paid: listed again (or still held by the operator). */
export function planPaidAgainMail({
  name,
  relisted,
  stillHeld,
  url,
}: {
  name: string;
  /** The billing suspension was lifted and nothing else holds the store. */
  relisted: boolean;
  /** Another suspension (the operator's) still holds the store. */
  stillHeld: boolean;
  url: string;
}): RenderedMail {
  const lines = ["プラン料金のお支払いを確認しました。ありがとうございます。"];
  if (relisted) lines.push("店舗ページの掲載を再開しました。");
  else if (stillHeld) lines.push("店舗ページは、運営による掲載停止が解除されるまで非公開のままです。");
  return render({
    subject: relisted
      ? `${SUBJECT_PREFIX}お支払いを確認し、掲載を再開しました`
      : `${SUBJECT_PREFIX}プラン料金のお支払いを確認しました`,
    preheader: lines[1] ?? lines[0]!,
    greeting: greetingFor(name),
    intro: lines,
    action: {
      lead: "ご契約内容と請求書は下記のページでご確認いただけます。",
      label: "お支払い状況を見る",
      url,
    },
    notes: ["領収書は請求書の一覧からご覧いただけます。"],
  });
}
