import { pageTitle, SITE_NAME } from "~/site";

/**
 * The information pages (docs/product.md): path, title and description of each, in one place; the
 * footer lists them through `nav-links.ts`, the route table and the tests through this list.
 */
export interface InfoPageMeta {
  path: string;
  title: string;
  description: string;
  /** 制定・改定日 of the legal texts. */
  updated?: string;
}

const LEGAL_DATE = "2026年11月24日";

export const INFO_PAGES = {
  about: {
    path: "/about",
    title: `${SITE_NAME}について`,
    description: `${SITE_NAME}は、ガールズバー・キャバクラ・ラウンジ・スナック・コンカフェなどの店舗とキャストを、エリアや相性診断から探せるナイトワーク情報サイトです。運営方針と安心してご利用いただくための取り組みをご紹介します。`,
  },
  terms: {
    path: "/terms",
    title: "利用規約",
    description: `${SITE_NAME}をご利用いただく際の利用規約です。18歳以上のご利用、コイン（前払式支払手段）の有効期限と払戻し、禁止事項などを定めています。`,
    updated: LEGAL_DATE,
  },
  termsStore: {
    path: "/terms-store",
    title: "店舗利用規約",
    description: `${SITE_NAME}に店舗・キャストを掲載する事業者さま向けの利用規約です。風営法等の法令遵守、正確な料金表示、色恋営業の禁止、料金プランなどを定めています。`,
    updated: LEGAL_DATE,
  },
  privacy: {
    path: "/privacy-policy",
    title: "プライバシーポリシー",
    description: `${SITE_NAME}における個人情報の取扱い（利用目的、安全管理措置、第三者提供、開示等のご請求の手続き）についてご説明します。`,
    updated: LEGAL_DATE,
  },
  commercial: {
    path: "/specified-commercial",
    title: "特定商取引法に基づく表記",
    description: `${SITE_NAME}の特定商取引法に基づく表記です。販売事業者、所在地、連絡先、販売価格、支払方法、キャンセル・返金について記載しています。`,
    updated: LEGAL_DATE,
  },
  account: {
    path: "/account",
    title: "アカウントについて",
    description: `${SITE_NAME}のユーザー・店舗・キャストの3種類のアカウントの違いと、登録・ログイン・パスワード再設定・退会の方法をご案内します。`,
  },
  messages: {
    path: "/messages",
    title: "メッセージのルール",
    description: `${SITE_NAME}のメッセージ機能を安心してご利用いただくためのルールです。連絡先の交換や勧誘の禁止、困ったときの通報方法をご案内します。`,
  },
  faq: {
    path: "/faq",
    title: "よくある質問",
    description: `${SITE_NAME}のよくある質問。ユーザー・店舗・キャストの方から多く寄せられるご質問と回答をまとめています。`,
  },
  serviceListener: {
    path: "/service/listener",
    title: "ユーザーの方へ",
    description: `${SITE_NAME}でできること。近くのお店探し、キャストのフォロー、相性診断、ライブ配信など、無料のユーザー登録で使える機能をご紹介します。`,
  },
  serviceLiver: {
    path: "/service/liver",
    title: "店舗掲載のご案内",
    description: `${SITE_NAME}への店舗掲載のご案内。店舗ページとキャスト紹介、出勤スケジュール、SNS連携、ライブ配信で集客できます。料金プランと掲載までの流れをご紹介します。`,
  },
} as const satisfies Record<string, InfoPageMeta>;

/** The `meta` of a public page (information pages, contact, listing request): its own title and description. */
export function infoMeta(page: Pick<InfoPageMeta, "title" | "description">) {
  return [
    { title: pageTitle(page.title) },
    { name: "description", content: page.description },
    { property: "og:title", content: pageTitle(page.title) },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "article" },
  ];
}
