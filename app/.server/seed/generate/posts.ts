/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out; the same seed gives the
 * same rows). Posts of every source and kind (ADR 0024), so the feeds look alive.
 *
 * Imported posts carry plausible permalinks on their platform (links are never fetched) but their
 * thumbnails are our own demo pictures: nothing in the demo or the tests loads from Instagram,
 * TikTok or YouTube. Live posts link to `/listener/live/{id}`.
 */
import type { PostKind, PostMedia, PostSource } from "../../../domain/posts";
import type { NewPost } from "../../db/schema";
import type { Random } from "../random";
import { DAY } from "./common";

const HOUR = 3_600_000;

const OPENERS = [
  "今日も出勤してます✨",
  "新しいドレスおろしました👗",
  "週末はイベントです！",
  "お店の新メニュー🍹",
  "久しぶりのカラオケ🎤",
  "ハロウィンの準備中🎃",
  "昨日はありがとうございました🙏",
  "ネイル変えました💅",
  "雨の日サービスやってます☔",
  "今夜はまったり営業🌙",
  "誕生日イベントのお知らせ🎂",
  "新人キャスト入店しました！",
];
const MIDDLES = [
  "ぜひ遊びに来てくださいね。",
  "お仕事帰りにふらっと寄ってください☺️",
  "初めての方も大歓迎です！",
  "シャンパンタワーやりました🥂",
  "みんなでボードゲームしてました。",
  "お店のインスタもフォローしてね。",
  "カウンターでお待ちしてます。",
  "22時まではハッピーアワーです。",
];
const TAGS = [
  "#ガールズバー",
  "#コンカフェ",
  "#キャバクラ",
  "#歌舞伎町",
  "#夜遊び",
  "#飲み放題",
  "#出勤",
  "#ootd",
];
const LONG_TAIL =
  "今月のスケジュールです。\n月・水・金は20時から、土曜は19時からいます。\n日曜はお休みです。\n\nリクエストがあればDMかお店のLINEまで。\nお誕生日の方には特製カクテルをサービスしています🍸\n\n席は予約もできるので、混みそうな週末は早めに連絡してもらえると嬉しいです。";

function captionOf(random: Random, source: PostSource): string {
  if (source === "live")
    return random.pick(["ライブ配信しました📺", "配信ありがとうございました！", "今夜のライブ🎥"]);
  const lines = [random.pick(OPENERS)];
  if (random.chance(0.7)) lines.push(random.pick(MIDDLES));
  if (random.chance(0.15)) lines.push("", LONG_TAIL);
  if (random.chance(0.6)) lines.push("", random.sample(TAGS, random.int(1, 4)).join(" "));
  return lines.join("\n");
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const code = (random: Random, length: number, alphabet = ALNUM) =>
  Array.from({ length }, () => alphabet[random.int(0, alphabet.length - 1)]).join("");

const picture = (url: string, portrait: boolean): PostMedia => ({
  url,
  kind: "image",
  width: portrait ? 600 : 800,
  height: portrait ? 800 : 600,
  thumbnail_url: url,
});

export interface PostAuthor {
  staffId: string | null;
  liverId: string;
  /** The author's handle, for plausible permalinks. */
  handle: string;
  /** Demo pictures to post (staff pictures are portrait, store pictures landscape). */
  images: readonly string[];
  portrait: boolean;
}

/** The share of posts per source (a feed mostly of Instagram, then native, TikTok, YouTube, live). */
const SOURCE_WEIGHTS: [PostSource, number][] = [
  ["instagram", 40],
  ["native", 22],
  ["tiktok", 18],
  ["youtube", 12],
  ["live", 8],
];

/**
 * `count` posts of one author over the last `days` days (more recent ones more likely). Every
 * source and kind occurs: Instagram image/carousel/video, TikTok and YouTube videos (embeds),
 * lives, native pictures, carousels and text.
 */
export function generatePostsFor(
  random: Random,
  input: { author: PostAuthor; count: number; now: Date; days?: number; sources?: readonly PostSource[] },
): NewPost[] {
  const { author, now } = input;
  const days = input.days ?? 60;
  const weights = SOURCE_WEIGHTS.filter(([s]) => !input.sources || input.sources.includes(s));
  const rows: NewPost[] = [];
  for (let i = 0; i < input.count; i++) {
    // The first posts of an author cover the sources in turn, so a small author shows variety.
    const source =
      i < weights.length && input.count >= weights.length
        ? weights[i]![0]
        : random.pickWeighted(
            weights.map(([s]) => s),
            weights.map(([, w]) => w),
          );
    const ago = Math.floor(random.next() ** 2 * days * DAY) + random.int(0, HOUR);
    const postedAt = new Date(now.getTime() - ago);
    const image = () => random.pick(author.images);
    let kind: PostKind;
    let media: PostMedia[] = [];
    let permalink: string;
    let externalId: string;
    const postId = random.id();
    switch (source) {
      case "instagram": {
        kind = random.pickWeighted(["image", "carousel_album", "video"] as const, [5, 3, 2]);
        const shortcode = code(random, 11);
        externalId = `17${code(random, 15, "0123456789")}`;
        permalink = `https://www.instagram.com/p/${shortcode}/`;
        const count = kind === "carousel_album" ? random.int(2, 4) : 1;
        media = random.sample(author.images, count).map((url) => ({
          ...picture(url, author.portrait),
          kind: kind === "video" ? "video" : "image",
          url: kind === "video" ? permalink : url,
        }));
        break;
      }
      case "tiktok": {
        kind = "video";
        externalId = `73${code(random, 17, "0123456789")}`;
        permalink = `https://www.tiktok.com/@${author.handle}/video/${externalId}`;
        media = [{ ...picture(image(), true), kind: "embed", url: permalink, width: 576, height: 1024 }];
        break;
      }
      case "youtube": {
        kind = "video";
        externalId = code(random, 11, `${ALNUM}-_`);
        permalink = `https://www.youtube.com/watch?v=${externalId}`;
        media = [{ ...picture(image(), false), kind: "embed", url: permalink, width: 1280, height: 720 }];
        break;
      }
      case "live": {
        kind = "video";
        externalId = random.id();
        // The broadcaster's live page (ADR 0031: `{id}` is the staff member's or the store's id).
        permalink = `/listener/live/${author.staffId ?? author.liverId}`;
        media = [picture(image(), author.portrait)];
        break;
      }
      default: {
        kind = random.pickWeighted(["image", "carousel_album", "text"] as const, [5, 3, 2]);
        externalId = postId;
        permalink = `/post/${postId}`;
        const count = kind === "carousel_album" ? random.int(2, 5) : kind === "image" ? 1 : 0;
        media = random.sample(author.images, count).map((url) => picture(url, author.portrait));
      }
    }
    rows.push({
      post_id: postId,
      author_type: author.staffId ? "staff" : "liver",
      staff_id: author.staffId,
      liver_id: author.liverId,
      source,
      kind,
      caption: captionOf(random, source),
      media,
      permalink,
      external_id: externalId,
      posted_at: postedAt,
      status: random.chance(0.02) ? "deleted" : "public",
      created_at: postedAt,
      updated_at: postedAt,
    });
  }
  return rows;
}
