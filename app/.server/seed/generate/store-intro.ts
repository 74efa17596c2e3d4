/**
 * Demo data: the top of a store page (ADR 0056) — an introduction in the store type's voice,
 * its nearest stations (from the station data's suggestions for its pin, ADR 0056) and a first-visit
 * price drawn from its own set prices. Pure: a PRNG, the store and its nearby stations in.
 */
import { findArea } from "~/domain/areas";
import type { PriceSystem } from "~/domain/price-system";
import type { StationSuggestion } from "~/domain/stations";
import { ACCESS_MAX, type FirstVisit, type StationAccess } from "~/domain/store-intro";
import type { Random } from "../random";

const OPENINGS: Record<string, readonly string[]> = {
  girls_bar: [
    "{area}のガールズバー「{name}」です。カウンター越しに、スタッフと気軽におしゃべりを楽しめるお店です。",
    "{area}で気軽に一杯なら「{name}」へ。明るく元気なスタッフがお待ちしています。",
  ],
  hostess_bar: [
    "{area}のキャバクラ「{name}」です。落ち着いた店内で、ゆったりとした時間をお過ごしください。",
    "「{name}」は{area}で長く愛されているキャバクラです。接待やお祝いの席にもご利用いただけます。",
  ],
  club: ["{area}のクラブ「{name}」です。上質な空間と心のこもったおもてなしでお迎えします。"],
  lounge: ["{area}のラウンジ「{name}」です。大人がくつろげる、静かで落ち着いたお店です。"],
  new_club: ["{area}のニュークラブ「{name}」です。華やかなキャストが楽しい夜を演出します。"],
  snack: [
    "{area}のスナック「{name}」です。ママと常連さんの温かい雰囲気のお店です。",
    "カラオケと会話を楽しめる{area}のスナック「{name}」。お仕事帰りにふらっとどうぞ。",
  ],
  con_cafe: ["{area}のコンカフェ「{name}」です。コンセプトに合わせた衣装のキャストがお出迎えします。"],
  other: ["{area}の「{name}」です。一人でも仲間とでも楽しめるお店です。"],
};

const MIDDLES: readonly string[] = [
  "初めての方、お一人様も大歓迎です。料金はすべて明朗会計なので安心してお越しください。",
  "カラオケ完備。歌うのが好きな方も、聴くのが好きな方も楽しめます。",
  "女性のお客様も多く来店されています。お友達同士でもぜひどうぞ。",
  "ご予約いただくとお席をご用意してお待ちしています。お電話でお気軽にどうぞ。",
  "イベントの情報はSNSで配信中です。フォローしてチェックしてください。",
];

const CLOSINGS: readonly string[] = [
  "スタッフ一同、ご来店を心よりお待ちしております。",
  "皆さまのお越しをお待ちしています！",
  "今夜もお待ちしております。",
];

const INCLUDES: Record<string, readonly string[]> = {
  girls_bar: ["飲み放題・チャージ込み", "ビール・焼酎・ハイボール飲み放題"],
  hostess_bar: [
    "ハウスボトル（焼酎・ウイスキー）飲み放題",
    "セット料金・ハウスボトル込み（TAX・サービス料別）",
  ],
  club: ["セット料金・ハウスボトル込み（TAX・サービス料別）"],
  lounge: ["ハウスボトル飲み放題・チャージ込み"],
  new_club: ["ハウスボトル飲み放題（TAX・サービス料別）"],
  snack: ["焼酎ボトル・カラオケ歌い放題", "チャージ・カラオケ込み"],
  con_cafe: ["チャージ・ワンドリンク込み", "席料・ソフトドリンク飲み放題"],
  other: ["チャージ・ワンドリンク込み"],
};

const fill = (template: string, name: string, area: string) =>
  template.replace("{name}", name).replace("{area}", area);

/** An introduction of two or three short paragraphs. */
export function generatePrText(
  random: Random,
  store: { store_name: string; store_type: string; area?: string },
) {
  const area = findArea(store.area ?? "")?.area.name ?? "この街";
  const opening = random.pick(OPENINGS[store.store_type] ?? OPENINGS.other!);
  const middles = random.sample(MIDDLES, random.int(1, 2));
  return [fill(opening, store.store_name, area), middles.join(""), random.pick(CLOSINGS)].join("\n\n");
}

/**
 * A first-visit price from the store's sets: the one labelled 初回, else the earliest a little
 * cheaper; 60 minutes when the set has no length.
 */
export function generateFirstVisit(
  random: Random,
  store: { store_type: string },
  prices: PriceSystem | null | undefined,
): FirstVisit {
  const sets = prices?.sets ?? [];
  const first = sets.find((set) => set.label === "初回") ?? sets[0];
  const base = first ? first.price : random.pick([2_000, 3_000, 4_000, 5_000]);
  const price = first?.label === "初回" ? base : Math.max(1_000, Math.round((base * 0.8) / 500) * 500);
  return {
    price_jpy: price,
    minutes: first?.minutes ?? 60,
    includes: random.pick(INCLUDES[store.store_type] ?? INCLUDES.other!),
  };
}

/**
 * Up to three ways to the store from the stations nearest its pin: the nearest station's line,
 * often a second line of it, then the next station when it is within a quarter of an hour.
 */
export function accessFromSuggestions(random: Random, near: readonly StationSuggestion[]): StationAccess[] {
  const [nearest, next] = near;
  if (!nearest) return [];
  const rows: StationAccess[] = [
    { station: nearest.station, line: nearest.lines[0]!, walk_minutes: nearest.walk_minutes },
  ];
  if (nearest.lines.length > 1 && random.chance(0.6))
    rows.push({ station: nearest.station, line: nearest.lines[1]!, walk_minutes: nearest.walk_minutes });
  if (next && next.walk_minutes <= 15 && rows.length < ACCESS_MAX)
    rows.push({ station: next.station, line: next.lines[0]!, walk_minutes: next.walk_minutes });
  return rows;
}
