/**
 * Japanese name pools and text pieces for the demo data. Readings are full-width katakana so they
 * can go straight into `*_kana` columns (katakana, ー and the ideographic space only).
 */

export interface Reading {
  /** How it is written (kanji, kana or Latin). */
  text: string;
  /** Full-width katakana reading. */
  kana: string;
}

/** "a ア  b イ" (pairs separated by whitespace) → readings. */
function pairs(table: string): Reading[] {
  const words = table.trim().split(/\s+/);
  const out: Reading[] = [];
  for (let i = 0; i + 1 < words.length; i += 2)
    out.push({ text: words[i] as string, kana: words[i + 1] as string });
  return out;
}

/** "text=カナ; text with spaces=カナ" (entries separated by ; or new lines) → readings. */
function entries(table: string): Reading[] {
  return table
    .split(/[;\n]/)
    .map((e) => e.trim())
    .filter(Boolean)
    .map((e) => {
      const [text, kana] = e.split("=");
      return { text: (text ?? "").trim(), kana: (kana ?? "").trim() };
    });
}

/** ァ–ヶ → ぁ–ゖ; other characters (ー, ・, kanji) unchanged. */
export function katakanaToHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
}

export const SURNAMES: readonly Reading[] = pairs(`
佐藤 サトウ  鈴木 スズキ  高橋 タカハシ  田中 タナカ  伊藤 イトウ  渡辺 ワタナベ  山本 ヤマモト  中村 ナカムラ
小林 コバヤシ  加藤 カトウ  吉田 ヨシダ  山田 ヤマダ  佐々木 ササキ  山口 ヤマグチ  松本 マツモト  井上 イノウエ
木村 キムラ  林 ハヤシ  斎藤 サイトウ  清水 シミズ  山崎 ヤマザキ  森 モリ  池田 イケダ  橋本 ハシモト
阿部 アベ  石川 イシカワ  山下 ヤマシタ  中島 ナカジマ  石井 イシイ  小川 オガワ  前田 マエダ  岡田 オカダ
長谷川 ハセガワ  藤田 フジタ  後藤 ゴトウ  近藤 コンドウ  村上 ムラカミ  遠藤 エンドウ  青木 アオキ  坂本 サカモト
斉藤 サイトウ  福田 フクダ  太田 オオタ  西村 ニシムラ  藤井 フジイ  金子 カネコ  岡本 オカモト  藤原 フジワラ
中野 ナカノ  三浦 ミウラ  原田 ハラダ  中川 ナカガワ  松田 マツダ  竹内 タケウチ  小野 オノ  田村 タムラ
中山 ナカヤマ  和田 ワダ  石田 イシダ  森田 モリタ  上田 ウエダ  原 ハラ  内田 ウチダ  柴田 シバタ
酒井 サカイ  宮崎 ミヤザキ  横山 ヨコヤマ  高木 タカギ  安藤 アンドウ  宮本 ミヤモト  大野 オオノ  小島 コジマ
谷口 タニグチ  今井 イマイ  工藤 クドウ  高田 タカダ  増田 マスダ  丸山 マルヤマ  杉山 スギヤマ  村田 ムラタ
大塚 オオツカ  新井 アライ  小山 コヤマ  平野 ヒラノ  藤本 フジモト  河野 コウノ  上野 ウエノ  野口 ノグチ
武田 タケダ  松井 マツイ  千葉 チバ  岩崎 イワサキ  菅原 スガワラ  木下 キノシタ  久保 クボ  佐野 サノ
野村 ノムラ  松尾 マツオ  市川 イチカワ  菊地 キクチ  杉本 スギモト  古川 フルカワ  大島 オオシマ  水野 ミズノ
桜井 サクライ  高野 タカノ  渡部 ワタナベ  吉川 ヨシカワ  山内 ヤマウチ  西田 ニシダ  飯田 イイダ  菅野 スガノ
服部 ハットリ  秋山 アキヤマ  星野 ホシノ  白石 シライシ  早川 ハヤカワ  桑原 クワバラ  小松 コマツ  望月 モチヅキ
北村 キタムラ  水谷 ミズタニ  一条 イチジョウ  天野 アマノ  如月 キサラギ  月島 ツキシマ  朝比奈 アサヒナ  七瀬 ナナセ
白鳥 シラトリ  花咲 ハナサキ
`);

/** Female given names; `text` is kanji or kana as the name is usually written. */
export const FEMALE_GIVEN_NAMES: readonly Reading[] = pairs(`
美咲 ミサキ  さくら サクラ  陽菜 ヒナ  結衣 ユイ  愛 アイ  彩 アヤ  葵 アオイ  凛 リン
優奈 ユウナ  莉子 リコ  杏奈 アンナ  美優 ミユ  真央 マオ  舞 マイ  麻衣 マイ  沙耶 サヤ
奈々 ナナ  七海 ナナミ  美月 ミヅキ  花音 カノン  楓 カエデ  遥 ハルカ  玲奈 レイナ  瑠奈 ルナ
萌 モエ  琴音 コトネ  千夏 チナツ  夏希 ナツキ  亜美 アミ  明日香 アスカ  梨花 リカ  里奈 リナ
恵 メグミ  由佳 ユカ  理沙 リサ  絵里 エリ  紗希 サキ  沙織 サオリ  香織 カオリ  詩織 シオリ
栞 シオリ  瞳 ヒトミ  静香 シズカ  雫 シズク  菜々子 ナナコ  桃子 モモコ  桃 モモ  杏 アン
柚希 ユズキ  優花 ユウカ  心 ココロ  心愛 ココア  結菜 ユイナ  日向 ヒナタ  紬 ツムギ  芽衣 メイ
美桜 ミオ  澪 ミオ  咲良 サクラ  彩花 アヤカ  彩乃 アヤノ  綾香 アヤカ  朱里 アカリ  灯 アカリ
光 ヒカル  蘭 ラン  麗華 レイカ  華 ハナ  花 ハナ  椿 ツバキ  菫 スミレ  百合 ユリ
撫子 ナデシコ  牡丹 ボタン  渚 ナギサ  汐里 シオリ  真由 マユ  真琴 マコト  千尋 チヒロ  美穂 ミホ
瑞希 ミズキ  みずき ミズキ  まりん マリン  あいり アイリ  ゆめ ユメ  ゆな ユナ  ゆい ユイ  ゆき ユキ
ゆりな ユリナ  りりか リリカ  りお リオ  りの リノ  れいな レイナ  るい ルイ  ありさ アリサ  えみ エミ
えりか エリカ  かれん カレン  きらら キララ  くるみ クルミ  ここな ココナ  さな サナ  しずく シズク  すず スズ
せな セナ  つばさ ツバサ  ののか ノノカ  はるな ハルナ  ひまり ヒマリ  まどか マドカ  みく ミク  みゆ ミユ
めい メイ  もか モカ  ももか モモカ  らむ ラム  るる ルル  ルナ ルナ  レナ レナ  マリア マリア
エマ エマ  アリス アリス  ジュリア ジュリア  ミア ミア  ノア ノア  セイラ セイラ  ティナ ティナ  ララ ララ
ニナ ニナ  リサ リサ  カレン カレン  ユリア ユリア  レイラ レイラ  キララ キララ  ミレイ ミレイ  アンジュ アンジュ
沙羅 サラ  紗菜 サナ  実桜 ミオ  莉央 リオ  里緒 リオ  美羽 ミウ  未来 ミライ  希 ノゾミ
望 ノゾミ  茜 アカネ  楓花 フウカ  風香 フウカ  環 タマキ  小春 コハル  千春 チハル  春香 ハルカ
夏美 ナツミ  秋穂 アキホ  冬美 フユミ  雪菜 ユキナ  真白 マシロ  純 ジュン  恋 レン  姫乃 ヒメノ
星奈 セナ  月菜 ツキナ  天音 アマネ  音羽 オトハ  鈴音 スズネ  奏 カナデ  舞香 マイカ  亜子 アコ
伊織 イオリ  安奈 アンナ  美玲 ミレイ  由奈 ユナ  愛梨 アイリ
`);

/** Male given names, for listener nicknames. */
export const MALE_GIVEN_NAMES: readonly Reading[] = pairs(`
翔太 ショウタ  大輔 ダイスケ  健太 ケンタ  拓也 タクヤ  直樹 ナオキ  和也 カズヤ  雄一 ユウイチ  誠 マコト
隆 タカシ  浩二 コウジ  剛 ツヨシ  亮 リョウ  大樹 ダイキ  悠斗 ユウト  蓮 レン  湊 ミナト
颯太 ソウタ  健一 ケンイチ  達也 タツヤ  正樹 マサキ  秀明 ヒデアキ  智也 トモヤ  慎吾 シンゴ  学 マナブ
茂 シゲル  博 ヒロシ  聡 サトシ  徹 トオル  純一 ジュンイチ  光太郎 コウタロウ  陽介 ヨウスケ  勇気 ユウキ
`);

export interface StoreNameTemplate {
  /** `{x}` is replaced by the stem as written. */
  text: string;
  /** `{k}` is replaced by the stem's reading. */
  kana: string;
}

const t = (text: string, kana: string): StoreNameTemplate => ({ text, kana });

/** Store name patterns per store type value (`other` is the fallback for unknown types). */
export const STORE_NAME_TEMPLATES: Readonly<Record<string, readonly StoreNameTemplate[]>> = {
  girls_bar: [
    t("Girl's Bar {x}", "ガールズバー　{k}"),
    t("Girls Bar {x}", "ガールズバー　{k}"),
    t("ガールズバー {x}", "ガールズバー　{k}"),
    t("Bar {x}", "バー　{k}"),
    t("{x}", "{k}"),
  ],
  hostess_bar: [
    t("Club {x}", "クラブ　{k}"),
    t("CLUB {x}", "クラブ　{k}"),
    t("キャバクラ {x}", "キャバクラ　{k}"),
    t("Cabaret Club {x}", "キャバレークラブ　{k}"),
    t("{x}", "{k}"),
  ],
  club: [
    t("Club {x}", "クラブ　{k}"),
    t("倶楽部 {x}", "クラブ　{k}"),
    t("Members Club {x}", "メンバーズクラブ　{k}"),
    t("会員制クラブ {x}", "カイインセイクラブ　{k}"),
    t("{x}", "{k}"),
  ],
  lounge: [
    t("Lounge {x}", "ラウンジ　{k}"),
    t("ラウンジ {x}", "ラウンジ　{k}"),
    t("{x} Lounge", "{k}　ラウンジ"),
    t("Bar & Lounge {x}", "バーアンドラウンジ　{k}"),
  ],
  new_club: [
    t("New Club {x}", "ニュークラブ　{k}"),
    t("ニュークラブ {x}", "ニュークラブ　{k}"),
    t("Club {x}", "クラブ　{k}"),
    t("{x}", "{k}"),
  ],
  snack: [
    t("スナック {x}", "スナック　{k}"),
    t("Snack {x}", "スナック　{k}"),
    t("スナック{x}", "スナック{k}"),
    t("パブスナック {x}", "パブスナック　{k}"),
    t("{x}", "{k}"),
  ],
  con_cafe: [
    t("{x}カフェ", "{k}カフェ"),
    t("Café {x}", "カフェ　{k}"),
    t("{x} Cafe", "{k}　カフェ"),
    t("コンカフェ {x}", "コンカフェ　{k}"),
    t("メイドカフェ {x}", "メイドカフェ　{k}"),
  ],
  other: [
    t("Bar {x}", "バー　{k}"),
    t("Shot Bar {x}", "ショットバー　{k}"),
    t("Dining Bar {x}", "ダイニングバー　{k}"),
    t("Karaoke Bar {x}", "カラオケバー　{k}"),
    t("{x}", "{k}"),
  ],
};

/** Stems in the style of clubs, lounges and bars: Latin, katakana and kanji. */
const STYLISH_STEMS: readonly Reading[] = entries(`
Luna=ルナ; ROSE=ローズ; Rose=ローズ; Ciel=シエル; Amour=アムール; Ange=アンジュ; Aqua=アクア; Aria=アリア
Bijou=ビジュー; Blanc=ブラン; Bloom=ブルーム; Cherie=シェリー; Cocoon=コクーン; Crystal=クリスタル; Diana=ダイアナ
Eden=エデン; Elegance=エレガンス; Etoile=エトワール; Fleur=フルール; Grace=グレース; Heaven=ヘブン; Jewel=ジュエル
Lapin=ラパン; Lumiere=ルミエール; Muse=ミューズ; Noir=ノワール; Nova=ノヴァ; Orion=オリオン; Pearl=パール
Platinum=プラチナ; Prism=プリズム; Queen=クイーン; Regina=レジーナ; Reve=レーヴ; Riviera=リヴィエラ; Ruby=ルビー
Sapphire=サファイア; Selene=セレネ; Sirius=シリウス; Stella=ステラ; Tiara=ティアラ; Venus=ヴィーナス; Velvet=ベルベット
Lily=リリー; Mirage=ミラージュ; Opera=オペラ; Palace=パレス; Serena=セレナ; Aurora=オーロラ; Camellia=カメリア
Soleil=ソレイユ; Belle=ベル; Charm=チャーム; Lucia=ルシア; Marine=マリーン; Moonlight=ムーンライト; Starlight=スターライト
Gold=ゴールド; Premier=プルミエ; Lien=リアン; Fairy=フェアリー; Melody=メロディ; Harmony=ハーモニー; Karen=カレン
Emerald=エメラルド; Angel=エンジェル; Lotus=ロータス; Cattleya=カトレア; Garnet=ガーネット; Athena=アテナ; Cleo=クレオ
Vivid=ヴィヴィッド; Dolce=ドルチェ; Bella=ベラ; Mimosa=ミモザ; Scarlet=スカーレット; Glamour=グラマー; Chloe=クロエ
Ai=アイ; Sakura=サクラ; Hana=ハナ; Rin=リン; Mio=ミオ; Ellie=エリー; Nina=ニナ; Maria=マリア
ルージュ=ルージュ; ティアラ=ティアラ; シャンティ=シャンティ; ミルキーウェイ=ミルキーウェイ; アゲハ=アゲハ; ヴィオラ=ヴィオラ
ラヴィアンローズ=ラヴィアンローズ; エルミタージュ=エルミタージュ; プリンセス=プリンセス; ルミナス=ルミナス; フローラ=フローラ
華=ハナ; 蝶=チョウ; 雅=ミヤビ; 桜花=オウカ; 月光=ゲッコウ; 紅=クレナイ; 麗=レイ; 椿=ツバキ; 胡蝶=コチョウ
花月=カゲツ; 夢幻=ムゲン; 凛=リン; 鳳凰=ホウオウ; 白薔薇=シロバラ; 夜桜=ヨザクラ; 満月=マンゲツ; 姫=ヒメ
綺羅=キラ; 琥珀=コハク; 翡翠=ヒスイ; 瑠璃=ルリ; 真珠=シンジュ; 紫苑=シオン; 花蓮=カレン; 蘭=ラン
`);

/** Stems in the style of snacks: warm kanji and hiragana, a few Latin. */
const SNACK_STEMS: readonly Reading[] = entries(`
ゆかり=ユカリ; さくら=サクラ; 和=ナゴミ; 花水木=ハナミズキ; 里=サト; 恵=メグミ; 夕月=ユウヅキ; 灯=アカリ
ひまわり=ヒマワリ; あじさい=アジサイ; 小町=コマチ; 千草=チグサ; 浪漫=ロマン; 憩=イコイ; 縁=エニシ; 花子=ハナコ
ふるさと=フルサト; 港=ミナト; 銀河=ギンガ; 舞=マイ; 紫=ムラサキ; 都=ミヤコ; 彩=アヤ; 蛍=ホタル
凪=ナギ; 千鳥=チドリ; 夢路=ユメジ; のぞみ=ノゾミ; きらく=キラク; らんぷ=ランプ; ひとみ=ヒトミ; 優=ユウ
葵=アオイ; 鈴=スズ; 琴=コト; 瑞穂=ミズホ; 日和=ヒヨリ; 陽だまり=ヒダマリ; まどか=マドカ; 夜間飛行=ヤカンヒコウ
Kei=ケイ; Mami=マミ; Yuki=ユキ; Reiko=レイコ; Rumi=ルミ; Sachi=サチ; Emi=エミ; Ran=ラン
あけみ=アケミ; みどり=ミドリ; かおる=カオル; ちあき=チアキ; 二人三脚=ニニンサンキャク; 止まり木=トマリギ; 一期一会=イチゴイチエ
`);

/** Stems in the style of concept cafés: cute and themed. */
const CON_CAFE_STEMS: readonly Reading[] = entries(`
ねこみみ=ネコミミ; ゆめかわ=ユメカワ; Sweet Heart=スイートハート; Pastel=パステル; Moe Moe=モエモエ; Magical=マジカル
Ribbon=リボン; Candy=キャンディ; Strawberry=ストロベリー; Marshmallow=マシュマロ; Fairy Tale=フェアリーテイル; Lovely=ラブリー
Milky=ミルキー; うさみみ=ウサミミ; 天使のはね=テンシノハネ; にゃんにゃん=ニャンニャン; Sugar=シュガー; Cherry=チェリー
Kawaii=カワイイ; Twinkle Star=トゥインクルスター; Dreamy=ドリーミー; Puchi=プチ; メイドの国=メイドノクニ; 星降る=ホシフル
まじかる☆すたー=マジカルスター; ぴゅあ=ピュア; 魔法少女=マホウショウジョ; 小悪魔=コアクマ; 妖精の森=ヨウセイノモリ
Jewel Box=ジュエルボックス; Heart Beat=ハートビート; Cotton Candy=コットンキャンディ; Honey=ハニー; Merry=メリー
ぷりずむ=プリズム; あまやどり=アマヤドリ; しゅがーどーる=シュガードール; ひみつ基地=ヒミツキチ; 放課後=ホウカゴ
`);

export const STORE_NAME_STEMS: Readonly<Record<string, readonly Reading[]>> = {
  girls_bar: STYLISH_STEMS,
  hostess_bar: STYLISH_STEMS,
  club: STYLISH_STEMS,
  lounge: STYLISH_STEMS,
  new_club: STYLISH_STEMS,
  snack: SNACK_STEMS,
  con_cafe: CON_CAFE_STEMS,
  other: [...STYLISH_STEMS, ...SNACK_STEMS],
};

/** Occasional suffix for a second branch of a well-known name. */
export const STORE_NAME_SUFFIXES: readonly Reading[] = entries(`
本店=ホンテン; 2nd=セカンド; 新館=シンカン; ANNEX=アネックス; 別館=ベッカン; 駅前店=エキマエテン
`);

export const STAFF_INTRODUCTION_OPENERS: readonly string[] = [
  "はじめまして、{name}です！",
  "{name}です。よろしくお願いします！",
  "こんばんは、{name}です♪",
  "入店したばかりの{name}です。",
  "{name}といいます。",
  "いつもありがとうございます、{name}です。",
];

export const STAFF_INTRODUCTION_MIDDLES: readonly string[] = [
  "趣味はカラオケと映画鑑賞です。",
  "最近はカフェ巡りにハマっています。",
  "お話しするのが大好きなので、気軽に声をかけてくださいね。",
  "美味しいお酒を一緒に楽しみましょう。",
  "アニメとゲームが好きなので、語れる方大歓迎です！",
  "休みの日はよく旅行に出かけています。",
  "お仕事の愚痴もなんでも聞きますよ。",
  "初めての方も安心してお越しください。",
  "スポーツ観戦が好きで、特に野球をよく見ます。",
  "料理が得意で、最近はお菓子作りにも挑戦中です。",
  "人見知りですが、打ち解けるとよく喋ります(笑)",
  "猫が大好きで、家では2匹飼っています。",
  "ワインの勉強を始めました。おすすめがあれば教えてください。",
  "よく笑うねと言われます！",
  "韓国ドラマとK-POPが大好きです。",
  "朝まで元気いっぱいです！",
  "落ち着いた雰囲気でゆっくりお話ししたい方、ぜひ指名してください。",
  "ダーツとボウリングが得意です。",
];

export const STAFF_INTRODUCTION_CLOSINGS: readonly string[] = [
  "お店でお待ちしています！",
  "ぜひ会いに来てくださいね♪",
  "一緒に楽しい時間を過ごしましょう。",
  "出勤日はスケジュールをチェックしてください！",
  "よろしくお願いします。",
];

/** Pieces of listener nicknames. */
export const NICKNAME_PATTERNS: readonly string[] = [
  "{name}",
  "{hira}",
  "{kata}",
  "{name}さん",
  "{hira}@{pref}",
  "夜の{kata}",
  "{hira}パパ",
  "{surname}",
  "常連の{hira}",
  "{romaji}",
];

/** Town names used when an area name is not itself a town. */
export const TOWN_NAMES: readonly string[] = [
  "本町",
  "中央",
  "栄町",
  "錦町",
  "東町",
  "西町",
  "南町",
  "北町",
  "幸町",
  "末広町",
  "旭町",
  "駅前",
  "大手町",
  "元町",
  "花園町",
  "新町",
  "緑町",
  "住吉町",
  "仲町",
  "寿町",
];

export const BUILDING_PREFIXES: readonly string[] = ["", "", "", "", "第2", "第3", "第5", "新", "ニュー"];
export const BUILDING_CORES: readonly string[] = [
  "ロイヤル",
  "グランド",
  "セントラル",
  "サンシャイン",
  "ゴールデン",
  "シャトー",
  "パレス",
  "ダイヤモンド",
  "クリスタル",
  "メトロ",
  "スカイ",
  "アーバン",
  "レジャー",
  "ユニオン",
  "平和",
  "日光",
  "大和",
  "丸三",
  "福寿",
  "松竹",
  "共栄",
  "富士",
  "朝日",
  "東洋",
  "第一",
  "ライオン",
  "宝",
  "エンパイア",
];
export const BUILDING_SUFFIXES: readonly string[] = [
  "ビル",
  "ビル",
  "ビル",
  "会館",
  "ビルディング",
  "プラザ",
  "タワー",
  "センター",
  "館",
];

/**
 * Per prefecture: the area code of its main city (for fixed-line numbers) and the first three
 * digits of its postal codes. Keyed by the prefecture's Japanese name.
 */
export const PREFECTURE_CODES: Readonly<Record<string, { phone: string; postal: readonly string[] }>> = {
  北海道: { phone: "011", postal: ["060", "064", "065"] },
  青森県: { phone: "017", postal: ["030"] },
  岩手県: { phone: "019", postal: ["020"] },
  宮城県: { phone: "022", postal: ["980", "981"] },
  秋田県: { phone: "018", postal: ["010"] },
  山形県: { phone: "023", postal: ["990"] },
  福島県: { phone: "024", postal: ["960", "963"] },
  茨城県: { phone: "029", postal: ["310"] },
  栃木県: { phone: "028", postal: ["320"] },
  群馬県: { phone: "027", postal: ["370", "371"] },
  埼玉県: { phone: "048", postal: ["330", "336"] },
  千葉県: { phone: "043", postal: ["260", "273"] },
  東京都: { phone: "03", postal: ["104", "106", "107", "150", "160", "170", "171"] },
  神奈川県: { phone: "045", postal: ["220", "231", "210"] },
  新潟県: { phone: "025", postal: ["950", "951"] },
  富山県: { phone: "076", postal: ["930"] },
  石川県: { phone: "076", postal: ["920"] },
  福井県: { phone: "0776", postal: ["910"] },
  山梨県: { phone: "055", postal: ["400"] },
  長野県: { phone: "026", postal: ["380"] },
  岐阜県: { phone: "058", postal: ["500"] },
  静岡県: { phone: "054", postal: ["420", "430"] },
  愛知県: { phone: "052", postal: ["450", "460"] },
  三重県: { phone: "059", postal: ["514"] },
  滋賀県: { phone: "077", postal: ["520"] },
  京都府: { phone: "075", postal: ["600", "604", "605"] },
  大阪府: { phone: "06", postal: ["530", "542", "556"] },
  兵庫県: { phone: "078", postal: ["650", "651"] },
  奈良県: { phone: "0742", postal: ["630"] },
  和歌山県: { phone: "073", postal: ["640"] },
  鳥取県: { phone: "0857", postal: ["680"] },
  島根県: { phone: "0852", postal: ["690"] },
  岡山県: { phone: "086", postal: ["700"] },
  広島県: { phone: "082", postal: ["730"] },
  山口県: { phone: "083", postal: ["753"] },
  徳島県: { phone: "088", postal: ["770"] },
  香川県: { phone: "087", postal: ["760"] },
  愛媛県: { phone: "089", postal: ["790"] },
  高知県: { phone: "088", postal: ["780"] },
  福岡県: { phone: "092", postal: ["810", "812"] },
  佐賀県: { phone: "0952", postal: ["840"] },
  長崎県: { phone: "095", postal: ["850"] },
  熊本県: { phone: "096", postal: ["860"] },
  大分県: { phone: "097", postal: ["870"] },
  宮崎県: { phone: "0985", postal: ["880"] },
  鹿児島県: { phone: "099", postal: ["890", "892"] },
  沖縄県: { phone: "098", postal: ["900"] },
};

/** Mobile prefixes; many small venues list the owner's mobile. */
export const MOBILE_PREFIXES: readonly string[] = ["090", "080", "070"];

/** Romanised nickname pieces (listener handles like "taka_0412"). */
export const ROMAJI_NAMES: readonly string[] = [
  "taka",
  "ken",
  "yuu",
  "shin",
  "masa",
  "hiro",
  "dai",
  "sho",
  "ryo",
  "kazu",
  "tomo",
  "nao",
  "jun",
  "tatsu",
  "yoshi",
];

/**
 * Where each area of the area tree is, as an address: the city (市区町村, with the ward) and the
 * towns a store there can be in. A town ending in "a-b" has 丁目 a to b ("歌舞伎町1-2" → 歌舞伎町1-…
 * or 歌舞伎町2-…); a trailing "*" writes the 丁目 out, as Sapporo does ("南5条西3丁目6-1").
 * Areas missing here fall back to a guess from the area's name.
 */
export const AREA_ADDRESSES: Readonly<Record<string, { city: string; towns: readonly string[] }>> = {
  // 北海道
  susukino: { city: "札幌市中央区", towns: ["南4条西1-7*", "南5条西1-7*", "南6条西1-7*", "南7条西1-7*"] },
  "sapporo-eki": { city: "札幌市中央区", towns: ["北3条西1-4*", "北4条西1-5*", "北5条西1-5*"] },
  "sapporo-odori": { city: "札幌市中央区", towns: ["南2条西1-7*", "南3条西1-7*", "大通西1-6*"] },
  "hakodate-honcho": { city: "函館市", towns: ["本町", "五稜郭町"] },
  "hakodate-daimon": { city: "函館市", towns: ["松風町", "若松町"] },
  "asahikawa-sanrokugai": { city: "旭川市", towns: ["3条通6-8*", "4条通6-8*"] },
  "kushiro-suehirocho": { city: "釧路市", towns: ["末広町1-6"] },
  "obihiro-eki": { city: "帯広市", towns: ["西1条南8-12*", "西2条南8-12*"] },
  "otaru-hanazono": { city: "小樽市", towns: ["花園1-5"] },
  // 東北
  "aomori-honcho": { city: "青森市", towns: ["本町1-5"] },
  "hirosaki-kajimachi": { city: "弘前市", towns: ["鍛冶町"] },
  "hachinohe-nagayokocho": { city: "八戸市", towns: ["長横町", "六日町"] },
  "morioka-odori": { city: "盛岡市", towns: ["大通1-3"] },
  "morioka-saien": { city: "盛岡市", towns: ["菜園1-2"] },
  "ichinoseki-eki": { city: "一関市", towns: ["大町", "上大槻街"] },
  "kitakami-eki": { city: "北上市", towns: ["川岸1-3", "青柳町1-2"] },
  kokubuncho: { city: "仙台市青葉区", towns: ["国分町1-3"] },
  "sendai-ichibancho": { city: "仙台市青葉区", towns: ["一番町2-4"] },
  inarikoji: { city: "仙台市青葉区", towns: ["一番町4-4", "国分町2-2"] },
  "sendai-eki": { city: "仙台市青葉区", towns: ["中央1-4"] },
  nagamachi: { city: "仙台市太白区", towns: ["長町1-8"] },
  "izumi-chuo": { city: "仙台市泉区", towns: ["泉中央1-4"] },
  "ishinomaki-tachimachi": { city: "石巻市", towns: ["立町1-2"] },
  kawabata: { city: "秋田市", towns: ["大町4-6"] },
  "akita-eki": { city: "秋田市", towns: ["中通2-7"] },
  "odate-omachi": { city: "大館市", towns: ["大町"] },
  "yokote-eki": { city: "横手市", towns: ["駅前町", "四日町"] },
  "yamagata-nanokamachi": { city: "山形市", towns: ["七日町1-5"] },
  "yamagata-eki": { city: "山形市", towns: ["香澄町1-3"] },
  "sakata-nakamachi": { city: "酒田市", towns: ["中町1-3"] },
  "tsuruoka-sannomachi": { city: "鶴岡市", towns: ["山王町", "本町1-3"] },
  "koriyama-omachi": { city: "郡山市", towns: ["大町1-2", "駅前1-2"] },
  "fukushima-sakaemachi": { city: "福島市", towns: ["栄町", "置賜町"] },
  "iwaki-taira": { city: "いわき市", towns: ["平白銀町", "平田町"] },
  "aizuwakamatsu-sakaemachi": { city: "会津若松市", towns: ["栄町"] },
  // 関東
  "mito-daikumachi": { city: "水戸市", towns: ["大工町1-3"] },
  "mito-eki": { city: "水戸市", towns: ["宮町1-3", "南町1-3"] },
  "tsukuba-eki": { city: "つくば市", towns: ["吾妻1-4"] },
  "tsuchiura-eki": { city: "土浦市", towns: ["大和町", "川口1-2"] },
  "utsunomiya-izumicho": { city: "宇都宮市", towns: ["泉町"] },
  "utsunomiya-orion-dori": { city: "宇都宮市", towns: ["江野町", "曲師町"] },
  "utsunomiya-eki": { city: "宇都宮市", towns: ["駅前通り1-3"] },
  "oyama-eki": { city: "小山市", towns: ["城山町1-3"] },
  "takasaki-yanagawacho": { city: "高崎市", towns: ["柳川町"] },
  "takasaki-eki": { city: "高崎市", towns: ["八島町", "東町"] },
  "maebashi-chiyodamachi": { city: "前橋市", towns: ["千代田町1-5"] },
  "ota-minami-ichibangai": { city: "太田市", towns: ["南一番町", "東本町"] },
  omiya: { city: "さいたま市大宮区", towns: ["宮町1-2", "仲町1-2", "大門町1-2", "桜木町1-2"] },
  urawa: { city: "さいたま市浦和区", towns: ["高砂1-4", "仲町1-4"] },
  kawaguchi: { city: "川口市", towns: ["栄町1-3", "本町1-4"] },
  "nishi-kawaguchi": { city: "川口市", towns: ["西川口1-6"] },
  "minami-koshigaya": { city: "越谷市", towns: ["南越谷1-5"] },
  kawagoe: { city: "川越市", towns: ["脇田町", "新富町1-2"] },
  tokorozawa: { city: "所沢市", towns: ["日吉町", "くすのき台1-3"] },
  kumagaya: { city: "熊谷市", towns: ["筑波1-3", "仲町"] },
  "chiba-sakaecho": { city: "千葉市中央区", towns: ["栄町"] },
  "chiba-fujimi": { city: "千葉市中央区", towns: ["富士見1-2"] },
  funabashi: { city: "船橋市", towns: ["本町1-7"] },
  tsudanuma: { city: "船橋市", towns: ["前原西2-2"] },
  kashiwa: { city: "柏市", towns: ["柏1-6"] },
  matsudo: { city: "松戸市", towns: ["本町", "松戸"] },
  motoyawata: { city: "市川市", towns: ["八幡2-3"] },
  kabukicho: { city: "新宿区", towns: ["歌舞伎町1-2"] },
  "nishi-shinjuku": { city: "新宿区", towns: ["西新宿1-1", "西新宿7-7"] },
  "shinjuku-sanchome": { city: "新宿区", towns: ["新宿3-3"] },
  "shinjuku-nichome": { city: "新宿区", towns: ["新宿2-2"] },
  shibuya: { city: "渋谷区", towns: ["道玄坂1-2", "宇田川町", "円山町"] },
  ebisu: { city: "渋谷区", towns: ["恵比寿1-4", "恵比寿西1-2", "恵比寿南1-3"] },
  nakameguro: { city: "目黒区", towns: ["上目黒1-3"] },
  roppongi: { city: "港区", towns: ["六本木3-7"] },
  "nishi-azabu": { city: "港区", towns: ["西麻布1-4"] },
  "azabu-juban": { city: "港区", towns: ["麻布十番1-4"] },
  akasaka: { city: "港区", towns: ["赤坂2-5"] },
  ginza: { city: "中央区", towns: ["銀座5-8"] },
  shimbashi: { city: "港区", towns: ["新橋1-4"] },
  yurakucho: { city: "千代田区", towns: ["有楽町1-2"] },
  ikebukuro: { city: "豊島区", towns: ["東池袋1-1", "南池袋1-1", "西池袋1-1", "池袋2-2"] },
  otsuka: { city: "豊島区", towns: ["北大塚2-3", "南大塚3-3"] },
  ueno: { city: "台東区", towns: ["上野2-6"] },
  yushima: { city: "文京区", towns: ["湯島3-3"] },
  okachimachi: { city: "台東区", towns: ["上野5-6", "台東3-4"] },
  kinshicho: { city: "墨田区", towns: ["錦糸1-4", "江東橋3-4"] },
  kameido: { city: "江東区", towns: ["亀戸2-6"] },
  akihabara: { city: "千代田区", towns: ["外神田1-4"] },
  kanda: { city: "千代田区", towns: ["鍛冶町1-2", "内神田3-3"] },
  gotanda: { city: "品川区", towns: ["西五反田1-2", "東五反田1-2"] },
  takadanobaba: { city: "新宿区", towns: ["高田馬場1-4"] },
  nakano: { city: "中野区", towns: ["中野5-5"] },
  kichijoji: { city: "武蔵野市", towns: ["吉祥寺本町1-2", "吉祥寺南町1-2"] },
  tachikawa: { city: "立川市", towns: ["曙町2-2", "錦町1-2"] },
  hachioji: { city: "八王子市", towns: ["東町", "三崎町", "中町"] },
  machida: { city: "町田市", towns: ["原町田4-6"] },
  kitasenju: { city: "足立区", towns: ["千住2-3"] },
  akabane: { city: "北区", towns: ["赤羽1-2"] },
  kamata: { city: "大田区", towns: ["西蒲田7-8", "蒲田4-5"] },
  "shin-koiwa": { city: "葛飾区", towns: ["新小岩1-2"] },
  koiwa: { city: "江戸川区", towns: ["南小岩6-7", "西小岩1-1"] },
  "yokohama-eki": { city: "横浜市西区", towns: ["南幸1-2", "北幸1-2", "高島2-2"] },
  kannai: { city: "横浜市中区", towns: ["相生町1-6", "住吉町1-6", "尾上町1-6"] },
  fukutomicho: { city: "横浜市中区", towns: ["福富町仲通", "福富町東通", "福富町西通"] },
  isezakicho: { city: "横浜市中区", towns: ["伊勢佐木町1-7"] },
  noge: { city: "横浜市中区", towns: ["野毛町1-4"] },
  "kawasaki-eki": { city: "川崎市川崎区", towns: ["砂子1-2", "駅前本町", "小川町"] },
  fujisawa: { city: "藤沢市", towns: ["南藤沢", "藤沢"] },
  "hon-atsugi": { city: "厚木市", towns: ["中町1-4", "旭町1-2"] },
  "sagami-ono": { city: "相模原市南区", towns: ["相模大野3-8"] },
  "yokosuka-chuo": { city: "横須賀市", towns: ["若松町1-3", "大滝町1-2"] },
  // 中部
  furumachi: { city: "新潟市中央区", towns: ["古町通8番町", "古町通9番町", "東堀通8番町"] },
  bandai: { city: "新潟市中央区", towns: ["万代1-5"] },
  "niigata-eki": { city: "新潟市中央区", towns: ["花園1-2", "東大通1-2"] },
  "nagaoka-tonomachi": { city: "長岡市", towns: ["殿町1-3"] },
  "toyama-sakuragicho": { city: "富山市", towns: ["桜木町"] },
  sogawa: { city: "富山市", towns: ["総曲輪1-4"] },
  "toyama-eki": { city: "富山市", towns: ["桜町1-2", "新富町1-2"] },
  "takaoka-eki": { city: "高岡市", towns: ["末広町", "下関町"] },
  "kanazawa-katamachi": { city: "金沢市", towns: ["片町1-2"] },
  korinbo: { city: "金沢市", towns: ["香林坊1-2"] },
  kikuramachi: { city: "金沢市", towns: ["木倉町"] },
  "kanazawa-eki": { city: "金沢市", towns: ["本町1-2", "堀川新町"] },
  "komatsu-eki": { city: "小松市", towns: ["土居原町", "京町"] },
  "fukui-katamachi": { city: "福井市", towns: ["順化1-2"] },
  "fukui-eki": { city: "福井市", towns: ["中央1-3"] },
  "tsuruga-eki": { city: "敦賀市", towns: ["白銀町", "本町1-2"] },
  "kofu-chuo": { city: "甲府市", towns: ["中央1-4"] },
  "kofu-eki": { city: "甲府市", towns: ["丸の内1-2"] },
  "isawa-onsen": { city: "笛吹市", towns: ["石和町川中島", "石和町市部"] },
  gondo: { city: "長野市", towns: ["大字鶴賀権堂町"] },
  "nagano-eki": { city: "長野市", towns: ["南千歳1-2", "末広町"] },
  matsumoto: { city: "松本市", towns: ["深志1-2", "大手1-4"] },
  "ueda-eki": { city: "上田市", towns: ["天神1-4", "中央1-4"] },
  yanagase: { city: "岐阜市", towns: ["日ノ出町1-3", "柳ケ瀬通1-6"] },
  "gifu-eki": { city: "岐阜市", towns: ["神田町1-9", "橋本町1-3"] },
  "ogaki-eki": { city: "大垣市", towns: ["高屋町1-3", "郭町1-2"] },
  "tajimi-eki": { city: "多治見市", towns: ["本町1-5", "音羽町1-5"] },
  ryogaecho: { city: "静岡市葵区", towns: ["両替町1-2"] },
  "shizuoka-eki": { city: "静岡市葵区", towns: ["紺屋町", "御幸町"] },
  "hamamatsu-yurakugai": { city: "浜松市中央区", towns: ["千歳町", "肴町", "田町"] },
  "numazu-eki": { city: "沼津市", towns: ["大手町1-5", "町方町"] },
  atami: { city: "熱海市", towns: ["銀座町", "田原本町"] },
  "nishiki-sakae": { city: "名古屋市中区", towns: ["錦3-3", "栄3-4"] },
  meieki: { city: "名古屋市中村区", towns: ["名駅3-4", "椿町"] },
  shinsakae: { city: "名古屋市中区", towns: ["新栄1-2"] },
  osu: { city: "名古屋市中区", towns: ["大須2-4"] },
  kanayama: { city: "名古屋市中区", towns: ["金山1-4"] },
  imaike: { city: "名古屋市千種区", towns: ["今池1-5"] },
  "toyohashi-eki": { city: "豊橋市", towns: ["花田町", "駅前大通1-3"] },
  "higashi-okazaki": { city: "岡崎市", towns: ["明大寺本町1-4", "康生町"] },
  "toyotashi-eki": { city: "豊田市", towns: ["喜多町1-4", "西町1-6"] },
  "ichinomiya-eki": { city: "一宮市", towns: ["栄1-4", "本町1-4"] },
  // 近畿
  "yokkaichi-suwasakaemachi": { city: "四日市市", towns: ["諏訪栄町", "諏訪町"] },
  "tsu-daimon": { city: "津市", towns: ["大門", "丸之内"] },
  "matsusaka-eki": { city: "松阪市", towns: ["京町", "日野町"] },
  "iseshi-eki": { city: "伊勢市", towns: ["吹上1-2", "宮後1-3"] },
  "kusatsu-eki": { city: "草津市", towns: ["大路1-3", "西大路町"] },
  "minami-kusatsu": { city: "草津市", towns: ["野路1-9", "南草津1-5"] },
  "otsu-eki": { city: "大津市", towns: ["浜大津1-5", "春日町"] },
  "hikone-eki": { city: "彦根市", towns: ["旭町", "駅東町"] },
  gion: { city: "京都市東山区", towns: ["祇園町南側", "祇園町北側"] },
  kiyamachi: { city: "京都市中京区", towns: ["材木町", "下樵木町"] },
  pontocho: { city: "京都市中京区", towns: ["柏屋町", "松本町"] },
  "shijo-kawaramachi": { city: "京都市下京区", towns: ["真町", "御旅町"] },
  "shijo-karasuma": { city: "京都市下京区", towns: ["函谷鉾町", "立売西町"] },
  "kyoto-eki": { city: "京都市下京区", towns: ["東塩小路町", "塩小路町"] },
  "fukuchiyama-eki": { city: "福知山市", towns: ["駅前町", "広小路"] },
  kitashinchi: { city: "大阪市北区", towns: ["曾根崎新地1-2"] },
  umeda: { city: "大阪市北区", towns: ["梅田1-3", "曽根崎2-2"] },
  toganocho: { city: "大阪市北区", towns: ["兎我野町"] },
  doyama: { city: "大阪市北区", towns: ["堂山町"] },
  tenma: { city: "大阪市北区", towns: ["天神橋4-5", "池田町"] },
  shinsaibashi: { city: "大阪市中央区", towns: ["心斎橋筋1-2", "西心斎橋1-2"] },
  "higashi-shinsaibashi": { city: "大阪市中央区", towns: ["東心斎橋1-2"] },
  soemoncho: { city: "大阪市中央区", towns: ["宗右衛門町"] },
  dotonbori: { city: "大阪市中央区", towns: ["道頓堀1-2"] },
  namba: { city: "大阪市中央区", towns: ["難波1-4"] },
  sennichimae: { city: "大阪市中央区", towns: ["千日前1-2"] },
  nipponbashi: { city: "大阪市中央区", towns: ["日本橋1-2"] },
  "kyobashi-kitaguchi": { city: "大阪市都島区", towns: ["東野田町1-4"] },
  "kyobashi-minamiguchi": { city: "大阪市城東区", towns: ["新喜多1-2"] },
  tennoji: { city: "大阪市天王寺区", towns: ["堀越町", "悲田院町"] },
  abeno: { city: "大阪市阿倍野区", towns: ["阿倍野筋1-3"] },
  juso: { city: "大阪市淀川区", towns: ["十三本町1-3", "十三東1-3"] },
  nishinakajima: { city: "大阪市淀川区", towns: ["西中島1-7"] },
  tsuruhashi: { city: "大阪市天王寺区", towns: ["下味原町"] },
  sakaihigashi: { city: "堺市堺区", towns: ["中瓦町1-2", "北瓦町1-2"] },
  esaka: { city: "吹田市", towns: ["豊津町", "江坂町1-5"] },
  hirakatashi: { city: "枚方市", towns: ["岡東町", "大垣内町1-3"] },
  takatsuki: { city: "高槻市", towns: ["紺屋町", "城北町1-2"] },
  sannomiya: { city: "神戸市中央区", towns: ["北長狭通1-2", "下山手通1-2", "中山手通1-1"] },
  "kobe-motomachi": { city: "神戸市中央区", towns: ["元町通1-3", "栄町通1-2"] },
  "himeji-uomachi": { city: "姫路市", towns: ["魚町", "西二階町"] },
  amagasaki: { city: "尼崎市", towns: ["神田中通1-5", "昭和通2-3"] },
  "nishinomiya-kitaguchi": { city: "西宮市", towns: ["甲風園1-3", "高松町"] },
  "akashi-eki": { city: "明石市", towns: ["本町1-2", "大明石町1-2"] },
  "kakogawa-eki": { city: "加古川市", towns: ["加古川町寺家町", "加古川町篠原町"] },
  "kintetsu-nara": { city: "奈良市", towns: ["東向中町", "小西町"] },
  "shin-omiya": { city: "奈良市", towns: ["大宮町1-7", "芝辻町1-4"] },
  "yamato-saidaiji": { city: "奈良市", towns: ["西大寺東町1-2", "西大寺国見町1-2"] },
  "yamato-yagi": { city: "橿原市", towns: ["内膳町1-5", "八木町1-2"] },
  aroti: { city: "和歌山市", towns: ["新内", "友田町1-5"] },
  "wakayama-eki": { city: "和歌山市", towns: ["友田町4-5", "美園町3-5"] },
  "wakayamashi-eki": { city: "和歌山市", towns: ["元寺町1-4", "北ノ新地"] },
  "kii-tanabe": { city: "田辺市", towns: ["湊", "栄町"] },
  // 中国・四国
  "tottori-yayoicho": { city: "鳥取市", towns: ["弥生町"] },
  "tottori-eki": { city: "鳥取市", towns: ["末広温泉町", "栄町"] },
  "yonago-asahimachi": { city: "米子市", towns: ["朝日町", "角盤町1-4"] },
  "matsue-isemiyacho": { city: "松江市", towns: ["伊勢宮町"] },
  "matsue-higashihommachi": { city: "松江市", towns: ["東本町1-5"] },
  "izumoshi-eki": { city: "出雲市", towns: ["今市町", "駅北町"] },
  "okayama-chuocho": { city: "岡山市北区", towns: ["中央町"] },
  "okayama-tamachi": { city: "岡山市北区", towns: ["田町1-2"] },
  "okayama-eki": { city: "岡山市北区", towns: ["本町", "駅前町1-2"] },
  "kurashiki-eki": { city: "倉敷市", towns: ["阿知1-3", "鶴形1-2"] },
  nagarekawa: { city: "広島市中区", towns: ["流川町"] },
  yagenbori: { city: "広島市中区", towns: ["薬研堀"] },
  "hiroshima-hatchobori": { city: "広島市中区", towns: ["八丁堀"] },
  shintenchi: { city: "広島市中区", towns: ["新天地"] },
  "hiroshima-eki": { city: "広島市南区", towns: ["松原町", "大須賀町"] },
  "fukuyama-funamachi": { city: "福山市", towns: ["船町", "元町"] },
  "kure-nakadori": { city: "呉市", towns: ["中通1-4"] },
  saijo: { city: "東広島市", towns: ["西条本町", "西条岡町"] },
  "shimonoseki-buzenda": { city: "下関市", towns: ["豊前田町1-3"] },
  "tokuyama-eki": { city: "周南市", towns: ["銀南街", "みなみ銀座1-2"] },
  "ube-shintencho": { city: "宇部市", towns: ["新天町1-2"] },
  "yuda-onsen": { city: "山口市", towns: ["湯田温泉1-6"] },
  "tokushima-akitamachi": { city: "徳島市", towns: ["秋田町1-6"] },
  "tokushima-tomidamachi": { city: "徳島市", towns: ["富田町1-3"] },
  "tokushima-eki": { city: "徳島市", towns: ["寺島本町西1-2", "一番町1-3"] },
  furubaba: { city: "高松市", towns: ["古馬場町"] },
  kajiyamachi: { city: "高松市", towns: ["鍛冶屋町"] },
  "lion-dori": { city: "高松市", towns: ["百間町", "古新町"] },
  "marugame-eki": { city: "丸亀市", towns: ["通町", "浜町"] },
  "matsuyama-nibancho": { city: "松山市", towns: ["二番町1-4"] },
  "matsuyama-sanbancho": { city: "松山市", towns: ["三番町1-4"] },
  okaido: { city: "松山市", towns: ["大街道1-3"] },
  "imabari-eki": { city: "今治市", towns: ["北宝来町1-2", "共栄町1-3"] },
  "kochi-yanagimachi": { city: "高知市", towns: ["廿代町", "堺町"] },
  obiyamachi: { city: "高知市", towns: ["帯屋町1-2"] },
  harimayabashi: { city: "高知市", towns: ["はりまや町1-3"] },
  // 九州・沖縄
  nakasu: { city: "福岡市博多区", towns: ["中洲1-5"] },
  tenjin: { city: "福岡市中央区", towns: ["天神1-4"] },
  daimyo: { city: "福岡市中央区", towns: ["大名1-2"] },
  haruyoshi: { city: "福岡市中央区", towns: ["春吉1-3"] },
  "hakata-eki": { city: "福岡市博多区", towns: ["博多駅前1-4", "博多駅中央街"] },
  nishijin: { city: "福岡市早良区", towns: ["西新1-6"] },
  kokura: { city: "北九州市小倉北区", towns: ["鍛冶町1-2", "堺町1-2", "紺屋町"] },
  kurosaki: { city: "北九州市八幡西区", towns: ["黒崎1-3"] },
  "kurume-bunkagai": { city: "久留米市", towns: ["日吉町", "六ツ門町"] },
  "saga-aikeimachi": { city: "佐賀市", towns: ["愛敬町", "白山1-2"] },
  "saga-eki": { city: "佐賀市", towns: ["駅前中央1-3"] },
  "karatsu-eki": { city: "唐津市", towns: ["新興町", "京町"] },
  "tosu-eki": { city: "鳥栖市", towns: ["京町", "本町1-3"] },
  shianbashi: { city: "長崎市", towns: ["本石灰町", "油屋町"] },
  dozamachi: { city: "長崎市", towns: ["銅座町"] },
  hamanomachi: { city: "長崎市", towns: ["浜町"] },
  "sasebo-sakaemachi": { city: "佐世保市", towns: ["京町", "栄町"] },
  shimotori: { city: "熊本市中央区", towns: ["下通1-2"] },
  kamitori: { city: "熊本市中央区", towns: ["上通町"] },
  shinshigai: { city: "熊本市中央区", towns: ["新市街"] },
  "kumamoto-eki": { city: "熊本市西区", towns: ["春日1-3"] },
  miyakomachi: { city: "大分市", towns: ["都町1-4"] },
  "oita-eki": { city: "大分市", towns: ["中央町1-4", "要町"] },
  "beppu-kitahama": { city: "別府市", towns: ["北浜1-3"] },
  "nakatsu-eki": { city: "中津市", towns: ["島田", "豊田町"] },
  nishitachi: { city: "宮崎市", towns: ["橘通西3-4", "中央通"] },
  "miyazaki-eki": { city: "宮崎市", towns: ["錦町", "老松1-2"] },
  "miyakonojo-mutamachi": { city: "都城市", towns: ["牟田町"] },
  "nobeoka-eki": { city: "延岡市", towns: ["幸町1-3", "山下町1-3"] },
  tenmonkan: { city: "鹿児島市", towns: ["千日町", "山之口町", "東千石町"] },
  "kagoshima-chuo": { city: "鹿児島市", towns: ["中央町"] },
  "kirishima-kokubu": { city: "霧島市", towns: ["国分中央1-6"] },
  satsumasendai: { city: "薩摩川内市", towns: ["東向田町", "向田本町"] },
  "naha-matsuyama": { city: "那覇市", towns: ["松山1-2"] },
  kumoji: { city: "那覇市", towns: ["久茂地1-3"] },
  maejima: { city: "那覇市", towns: ["前島1-3"] },
  "kokusai-dori": { city: "那覇市", towns: ["牧志1-3", "松尾1-2"] },
  chatan: { city: "中頭郡北谷町", towns: ["美浜", "北谷1-2"] },
  "okinawa-city": { city: "沖縄市", towns: ["中央1-4", "上地1-4"] },
  nago: { city: "名護市", towns: ["城1-2", "大中1-5"] },
};

/** Area details whose addresses are narrower than their area's (same notation as AREA_ADDRESSES). */
export const AREA_DETAIL_TOWNS: Readonly<Record<string, readonly string[]>> = {
  "susukino-minami-4jo": ["南4条西1-7*"],
  "susukino-minami-5jo": ["南5条西1-7*"],
  "susukino-minami-6jo": ["南6条西1-7*"],
  "susukino-minami-7jo": ["南7条西1-7*"],
  "kokubuncho-1": ["国分町1-1"],
  "kokubuncho-2": ["国分町2-2"],
  "kokubuncho-3": ["国分町3-3"],
  "omiya-higashiguchi": ["宮町1-2", "仲町1-2", "大門町1-2"],
  "omiya-nishiguchi": ["桜木町1-2"],
  "kabukicho-1": ["歌舞伎町1-1"],
  "kabukicho-2": ["歌舞伎町2-2"],
  dogenzaka: ["道玄坂1-2"],
  udagawacho: ["宇田川町"],
  maruyamacho: ["円山町"],
  "roppongi-crossing": ["六本木4-4", "六本木6-6"],
  "roppongi-3": ["六本木3-3"],
  "roppongi-4": ["六本木4-4"],
  "roppongi-5": ["六本木5-5"],
  "roppongi-7": ["六本木7-7"],
  "ginza-5": ["銀座5-5"],
  "ginza-6": ["銀座6-6"],
  "ginza-7": ["銀座7-7"],
  "ginza-8": ["銀座8-8"],
  "ikebukuro-higashiguchi": ["東池袋1-1", "南池袋1-1"],
  "ikebukuro-nishiguchi": ["西池袋1-1"],
  "ikebukuro-kitaguchi": ["池袋2-2", "西池袋1-1"],
  "yokohama-eki-nishiguchi": ["南幸1-2", "北幸1-2"],
  "yokohama-eki-higashiguchi": ["高島2-2"],
  "nishiki-sanchome": ["錦3-3"],
  "sakae-sanchome": ["栄3-3"],
  joshidaikoji: ["栄4-4"],
  "gionmachi-kitagawa": ["祇園町北側"],
  "gionmachi-minamigawa": ["祇園町南側"],
  "kitashinchi-1": ["曾根崎新地1-1"],
  "kitashinchi-2": ["曾根崎新地2-2"],
  "higashi-shinsaibashi-1": ["東心斎橋1-1"],
  "higashi-shinsaibashi-2": ["東心斎橋2-2"],
  kitanozaka: ["中山手通1-1"],
  higashimongai: ["北長狭通1-1"],
  "ikuta-shinmichi": ["下山手通1-2"],
  "nakasu-1": ["中洲1-1"],
  "nakasu-2": ["中洲2-2"],
  "nakasu-3": ["中洲3-3"],
  "nakasu-4": ["中洲4-4"],
  "nakasu-5": ["中洲5-5"],
  "kokura-kajimachi": ["鍛冶町1-2"],
  "kokura-sakaimachi": ["堺町1-2"],
  "kokura-konyamachi": ["紺屋町"],
  senichicho: ["千日町"],
  yamanokuchicho: ["山之口町"],
  higashisengokucho: ["東千石町"],
};

/** First three postal-code digits of cities whose codes differ from their prefecture's usual ones. */
export const CITY_POSTAL_PREFIXES: Readonly<Record<string, string>> = {
  新宿区: "160",
  渋谷区: "150",
  目黒区: "153",
  港区: "106",
  中央区: "104",
  千代田区: "101",
  豊島区: "170",
  台東区: "110",
  文京区: "113",
  墨田区: "130",
  江東区: "136",
  品川区: "141",
  中野区: "164",
  武蔵野市: "180",
  立川市: "190",
  八王子市: "192",
  町田市: "194",
  足立区: "120",
  北区: "115",
  大田区: "144",
  葛飾区: "124",
  江戸川区: "133",
  大阪市北区: "530",
  大阪市中央区: "542",
  大阪市都島区: "534",
  大阪市城東区: "536",
  大阪市天王寺区: "543",
  大阪市阿倍野区: "545",
  大阪市淀川区: "532",
  堺市堺区: "590",
  吹田市: "564",
  枚方市: "573",
  高槻市: "569",
  名古屋市中区: "460",
  名古屋市中村区: "450",
  名古屋市千種区: "464",
  福岡市博多区: "812",
  福岡市中央区: "810",
  福岡市早良区: "814",
  北九州市小倉北区: "802",
  北九州市八幡西区: "806",
  久留米市: "830",
  札幌市中央区: "060",
  横浜市西区: "220",
  横浜市中区: "231",
  川崎市川崎区: "210",
  京都市東山区: "605",
  京都市中京区: "604",
  京都市下京区: "600",
  神戸市中央区: "650",
  仙台市青葉区: "980",
  仙台市太白区: "982",
  仙台市泉区: "981",
  広島市中区: "730",
  広島市南区: "732",
};

/** Area codes of cities outside their prefecture's main one. */
export const CITY_PHONE_CODES: Readonly<Record<string, string>> = {
  武蔵野市: "0422",
  立川市: "042",
  八王子市: "042",
  町田市: "042",
  北九州市小倉北区: "093",
  北九州市八幡西区: "093",
  川崎市川崎区: "044",
  堺市堺区: "072",
  枚方市: "072",
  高槻市: "072",
  函館市: "0138",
  旭川市: "0166",
  釧路市: "0154",
  帯広市: "0155",
  小樽市: "0134",
  浜松市中央区: "053",
  姫路市: "079",
  西宮市: "0798",
  倉敷市: "086",
  福山市: "084",
  久留米市: "0942",
};
