import { describe, expect, it } from "vitest";
import {
  CONTACT_REFUSAL,
  type ContactKind,
  containsContactDetails,
  findContactDetails,
} from "~/domain/contact-filter";

/** Messages that must be refused, with the kind of contact detail the filter names. */
const REFUSED: [string, ContactKind][] = [
  // phone numbers
  ["090-1234-5678", "phone"],
  ["09012345678に電話して", "phone"],
  ["０９０ー１２３４ー５６７８", "phone"],
  ["０９０－１２３４－５６７８", "phone"],
  ["090 1234 5678", "phone"],
  ["0 9 0 1 2 3 4 5 6 7 8", "phone"],
  ["090.1234.5678", "phone"],
  ["(03)1234-5678", "phone"],
  ["（０３）１２３４－５６７８までどうぞ", "phone"],
  ["03-1234-5678", "phone"],
  ["+81 90-1234-5678", "phone"],
  ["＋８１９０１２３４５６７８", "phone"],
  ["0120-123-456", "phone"],
  ["電話は080‐1111‐2222だよ", "phone"],
  // e-mail addresses
  ["abc@example.com", "email"],
  ["ａｂｃ＠ｅｘａｍｐｌｅ．ｃｏｍ", "email"],
  ["メールはhanako.s@docomo.ne.jpです", "email"],
  ["abc @ gmail.com", "email"],
  ["abc(at)gmail.com", "email"],
  ["abc アットマーク gmail.com", "email"],
  // URLs
  ["https://example.com/profile", "url"],
  ["http://192.168.0.1/", "url"],
  ["www.example.jp", "url"],
  ["example.comを見て", "url"],
  ["line.me/ti/p/abc", "url"],
  ["ｌｉｎｅ．ｍｅ", "url"],
  ["tiktok.com/@abc", "url"],
  ["youtu.be/abcdef", "url"],
  ["abc(dot)com", "url"],
  // SNS ids
  ["LINE ID: abc", "sns"],
  ["line id:hanako_77", "sns"],
  ["ＬＩＮＥ　ＩＤ：ａｂｃ１２３", "sns"],
  ["ライン：abc", "sns"],
  ["らいんはabc123だよ", "sns"],
  ["ラインabc123", "sns"],
  ["インスタ @abc", "sns"],
  ["インスタ→hanako_jp", "sns"],
  ["@abc_12", "sns"],
  ["フォローしてね＠hanako", "sns"],
  ["X: hanako77", "sns"],
  ["Twitter @hana", "sns"],
  ["ツイッターはhana_chan", "sns"],
  ["TikTok: hanako", "sns"],
  ["ティックトック hanako22", "sns"],
  ["instagram hanako", "sns"],
  ["ID: hanako", "sns"],
  ["IDはabc123", "sns"],
  ["line\u200b id: abc", "sns"],
  ["ｲﾝｽﾀ：hana_77", "sns"],
  ["line:abc", "sns"],
  ["メアドはabc＠gmail．com", "email"],
  ["ｗｗｗ．ｅｘａｍｐｌｅ．ｊｐ", "url"],
];

/** Ordinary messages, many with numbers, that must pass. */
const PASSED: string[] = [
  "セット料金は3000円です",
  "1,500円でした",
  "セット60分5,000円、延長30分2,500円です",
  "20:00から出勤です",
  "２０：００から",
  "21時半くらいに行きます",
  "25歳です",
  "身長158cmです",
  "12/24はいますか？",
  "2024/12/24 20:00",
  "3人で行きます",
  "ボトル1本入れました",
  "090",
  "090って携帯の番号だよね",
  "03-1234",
  "ドリンク@1000円です",
  "LINEで話そう",
  "インスタ見てね",
  "ラインやってる？",
  "オンラインshopで買ったよ",
  "ガイドラインabcを読んだ",
  "X見てる？",
  "Xmas楽しみ！",
  "OK. Me too",
  "お店のIDカード",
  "今日はありがとう！また来週ね",
  "1.5倍の量でお願いします",
  "10/1〜10/31はイベントです",
  "ポイント10000貯まりました",
  "第3土曜日は休みです",
  "昨日は23時から3時までいました",
  "シャンパン1本100000円",
  "メールアドレスは教えられないよ",
  "No.1キャストです",
  "ID: 12",
  "URL送れないんだね",
  "",
];

describe("contact-detail filter", () => {
  it.each(REFUSED)("refuses %j (%s)", (text, kind) => {
    expect(findContactDetails(text)).toBe(kind);
    expect(containsContactDetails(text)).toBe(true);
  });

  it.each(PASSED)("lets %j through", (text) => {
    expect(findContactDetails(text)).toBeNull();
    expect(containsContactDetails(text)).toBe(false);
  });

  it("has the contract's refusal text and enough cases", () => {
    expect(CONTACT_REFUSAL).toBe(
      "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません",
    );
    expect(REFUSED.length + PASSED.length).toBeGreaterThanOrEqual(40);
  });
});
