/** The product's name and the wording used in titles and descriptions. */
export const SITE_NAME = "ヨルナビ";
export const SITE_TAGLINE = "ガールズバー・キャバクラ・コンカフェの店舗とキャストを探せる";
export const SITE_DESCRIPTION =
  "ヨルナビは全国のガールズバー・キャバクラ・クラブ・ラウンジ・スナック・コンカフェの店舗情報とキャストを、エリア・こだわり条件・相性診断から探せるナイトワーク情報サイトです。";

/** `<title>` of a page: "ページ名｜ヨルナビ"; the top page gets the name and tagline. */
export function pageTitle(title?: string): string {
  return title ? `${title}｜${SITE_NAME}` : `${SITE_NAME}｜${SITE_TAGLINE}`;
}
