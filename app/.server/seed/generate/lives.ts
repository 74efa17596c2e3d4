/**
 * Demo data generators (pure: a PRNG and `now` in, plain insert rows out). Past lives of a
 * broadcaster with their figures and comments (ADR 0031), so the viewer page's past lives and
 * the feeds' live posts are not empty in the demo.
 */
import type { liveComments, lives } from "../../db/schema";
import type { Random } from "../random";
import { DAY } from "./common";

export type NewLive = typeof lives.$inferInsert;
export type NewLiveComment = typeof liveComments.$inferInsert;

const TITLES = [
  "今夜もまったり雑談🌙",
  "出勤前に少しだけ配信",
  "新しいドレスのお披露目👗",
  "みんなの質問に答えます！",
  "カラオケ練習配信🎤",
];
const COMMENTS = [
  "こんばんは！",
  "今日もかわいい",
  "お疲れさまです",
  "そのドレス似合ってます",
  "今度お店行きます！",
  "何時まで出勤ですか？",
  "歌うまい！",
  "おやすみなさい",
];

export function generatePastLives(
  random: Random,
  input: {
    broadcaster: { type: "staff" | "liver"; id: string; liverId: string };
    listeners: readonly { uid: string; nickname: string }[];
    count: number;
    now: Date;
  },
): { lives: NewLive[]; comments: NewLiveComment[] } {
  const livesOut: NewLive[] = [];
  const commentsOut: NewLiveComment[] = [];
  for (let i = 0; i < input.count; i++) {
    const liveId = random.id();
    const started = new Date(input.now.getTime() - (i * 3 + 1) * DAY - random.int(0, 6) * 3_600_000);
    const minutes = random.int(20, 90);
    const ended = new Date(started.getTime() + minutes * 60_000);
    const commenters =
      input.listeners.length > 0 ? random.sample(input.listeners, Math.min(6, input.listeners.length)) : [];
    const count = commenters.length > 0 ? random.int(4, 12) : 0;
    for (let c = 0; c < count; c++) {
      const who = random.pick(commenters);
      commentsOut.push({
        comment_id: random.id(),
        live_id: liveId,
        listener_id: who.uid,
        nickname: who.nickname || "ゲスト",
        body: random.pick(COMMENTS),
        created_at: new Date(started.getTime() + Math.floor(((c + 1) / (count + 1)) * minutes * 60_000)),
      });
    }
    livesOut.push({
      live_id: liveId,
      broadcaster_type: input.broadcaster.type,
      broadcaster_id: input.broadcaster.id,
      liver_id: input.broadcaster.liverId,
      title: TITLES[i % TITLES.length]!,
      status: "ended",
      started_at: started,
      ended_at: ended,
      broadcaster_seen_at: ended,
      end_reason: "broadcaster",
      viewer_peak: random.int(8, 64),
      comment_count: count,
    });
  }
  return { lives: livesOut, comments: commentsOut };
}
