import { randomUUID } from "node:crypto";
import { type LiveCommentEvent, liveTopic } from "~/domain/live";
import type { Db } from "../../db/client";
import { type LiveComment, liveComments } from "../../db/schema";
import { publish } from "../../realtime/publish";

export type CommentAuthor =
  | { type: "listener"; listenerId: string; nickname: string; fanLevel: number }
  | { type: "broadcaster"; name: string };

/**
 * The one writer of a live comment, a listener's or the broadcaster's (ADR 0031, 0043): in the
 * caller's transaction, which holds the live row's lock and took `at` after it (so comments are in
 * a strict order), the comment is stored and `comment` published on the live's stream, last.
 */
export async function writeLiveComment(
  tx: Db,
  input: { liveId: string; author: CommentAuthor; body: string; at: Date },
): Promise<LiveComment> {
  const { author } = input;
  const [comment] = await tx
    .insert(liveComments)
    .values({
      comment_id: randomUUID(),
      live_id: input.liveId,
      author_type: author.type,
      listener_id: author.type === "listener" ? author.listenerId : null,
      nickname: author.type === "listener" ? author.nickname : author.name,
      fan_level: author.type === "listener" ? author.fanLevel : 0,
      body: input.body,
      created_at: input.at,
    })
    .returning();
  if (!comment) throw new Error("comment insert returned nothing");
  await publish({ db: tx, topic: liveTopic(input.liveId), type: "comment", data: commentEvent(comment) });
  return comment;
}

/** A comment as the stream and the API show it. */
export function commentEvent(comment: LiveComment): LiveCommentEvent {
  return {
    comment_id: comment.comment_id,
    live_id: comment.live_id,
    author: comment.author_type,
    listener_id: comment.listener_id,
    nickname: comment.nickname,
    body: comment.body,
    fan_level: comment.fan_level,
    created_at: comment.created_at.toISOString(),
  };
}
