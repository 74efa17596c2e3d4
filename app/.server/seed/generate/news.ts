import type { NewsAudience } from "../../../domain/news";
import type { Random } from "../random";

export interface GeneratedNews {
  news_id: string;
  title: string;
  body: string;
  audience: NewsAudience;
  published_at: Date;
  send_mail: boolean;
  mail_requested_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo news: a few published ones per audience (days before `now`) and one scheduled. */
const DEMO_NEWS: { title: string; body: string; audience: NewsAudience; daysAgo: number; mail?: true }[] = [
  {
    title: "年末年始のサポート窓口について",
    body: "いつもご利用いただきありがとうございます。\n年末年始（12月29日〜1月3日）はお問い合わせへの返信にお時間をいただきます。\nよくある質問は https://example.com/faq をご覧ください。",
    audience: "all",
    daysAgo: 1,
    mail: true,
  },
  {
    title: "相性診断がリニューアルしました",
    body: "リスナーの皆さまへ。\n相性診断の質問が見直され、より自分に合ったキャストが見つかりやすくなりました。\nマイページの「相性診断」からお試しください。",
    audience: "listener",
    daysAgo: 3,
  },
  {
    title: "フォロー機能の使い方",
    body: "気になるキャストやお店をフォローすると、マイページの「フォロー中」からすぐに見られます。",
    audience: "listener",
    daysAgo: 10,
  },
  {
    title: "料金システムの表示項目が増えました",
    body: "店舗の皆さまへ。\n料金システムに延長料金とサービス料の欄を追加しました。\n詳しくはマニュアル https://example.com/manual/price をご確認ください。",
    audience: "liver",
    daysAgo: 2,
    mail: true,
  },
  {
    title: "掲載写真のガイドライン",
    body: "店舗画像は横長（4:3）で、明るい店内の写真がおすすめです。",
    audience: "liver",
    daysAgo: 12,
  },
  {
    title: "出勤スケジュールの入力をお願いします",
    body: "キャストの皆さまへ。\n出勤予定を入力すると、お店のページとトップページの「本日出勤」に表示されます。",
    audience: "staff",
    daysAgo: 2,
  },
  {
    title: "プロフィール写真の差し替え方",
    body: "マイページの「プロフィール」から写真を追加・並べ替えできます。",
    audience: "staff",
    daysAgo: 9,
  },
  {
    title: "メンテナンスのお知らせ",
    body: "システムメンテナンスのため、一部の機能が一時的にご利用いただけなくなります。\n時間は前後することがあります。",
    audience: "all",
    daysAgo: -3,
    mail: true,
  },
];

/** A UUID-shaped id from the seeded generator (the pages take news ids as UUIDs). */
function uuidOf(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

export function generateNews(random: Random, { now }: { now: Date }): GeneratedNews[] {
  return DEMO_NEWS.map((item) => {
    const published = new Date(now.getTime() - item.daysAgo * DAY_MS);
    const created = new Date(Math.min(now.getTime(), published.getTime()) - DAY_MS);
    const sendMail = item.mail === true;
    return {
      news_id: uuidOf(random),
      title: item.title,
      body: item.body,
      audience: item.audience,
      published_at: published,
      send_mail: sendMail,
      // Demo news already published count as mailed: the first tick must not mail them now.
      mail_requested_at: sendMail && item.daysAgo > 0 ? published : null,
      created_at: created,
      updated_at: created,
    };
  });
}
