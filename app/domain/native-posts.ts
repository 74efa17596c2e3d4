/**
 * Native posts (ADR 0024): what the post editor at `/staff/mypage/post` and
 * `/liver/mypage/post` and `POST/PATCH/DELETE /api/posts` accept, and their Japanese texts.
 */
import { z } from "zod";
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "./images";
import { isPrTicked } from "./post-pr";
import { POST_CAPTION_MAX, POST_IMAGES_MAX, POST_VIDEO_MAX_BYTES, POST_VIDEO_MAX_SECONDS } from "./posts";

export const POST_VIDEO_ACCEPT = "video/mp4,video/webm";
export { IMAGE_ACCEPT as POST_IMAGE_ACCEPT };

/** The fields of the composer's multipart form (and of `POST /api/posts`). */
export const POST_FIELDS = ["caption", "images", "video", "poster"] as const;
export type PostField = (typeof POST_FIELDS)[number];

export const POST_MESSAGES = {
  caption_too_long: `本文は${POST_CAPTION_MAX.toLocaleString("ja-JP")}文字以内で入力してください`,
  empty: "本文を入力するか、画像または動画を選択してください",
  too_many_images: `画像は${POST_IMAGES_MAX}枚まで選択できます`,
  image_too_large: `画像のファイルサイズは1枚${IMAGE_MAX_BYTES / 1024 / 1024}MBまでです`,
  images_and_video: "画像と動画は同時に投稿できません。どちらか一方を選択してください",
  video_too_large: `動画のファイルサイズは${POST_VIDEO_MAX_BYTES / 1024 / 1024}MBまでです`,
  video_too_long: `動画の長さは${POST_VIDEO_MAX_SECONDS / 60}分（${POST_VIDEO_MAX_SECONDS}秒）までです`,
  not_video: "MP4またはWebM形式の動画を選択してください",
  no_duration: "動画の長さを読み取れませんでした。別の形式で書き出した動画をお試しください",
  poster_required: "動画のサムネイル画像を選択してください",
  poster_without_video: "サムネイル画像は動画と一緒に選択してください",
  too_many_files: "選択されたファイルが多すぎます",
  unreadable: "送信内容を読み取れませんでした。もう一度お試しください",
  not_found: "投稿が見つかりません。ページを再読み込みしてください",
  nothing_to_change: "本文（caption）かPR表示（is_pr）を指定してください",
  forbidden: "このアカウントでは投稿できません",
  created: "投稿しました",
  updated: "投稿を更新しました",
  deleted: "投稿を削除しました",
} as const;

/** What the editor page says after a form succeeded (`?done=<key>`). */
export const POST_DONE = {
  post_created: POST_MESSAGES.created,
  post_updated: POST_MESSAGES.updated,
  post_deleted: POST_MESSAGES.deleted,
} as const;

/** A field's message: the key of POST_MESSAGES for each field that failed (`_form` for the whole). */
export type PostFieldErrors = Partial<Record<PostField | "_form", string>>;

const caption = z
  .string()
  .max(POST_CAPTION_MAX, POST_MESSAGES.caption_too_long)
  .meta({ description: `本文（${POST_CAPTION_MAX}文字まで）` });

/** The PR checkbox (ADR 0051): ticked marks the post 「PR」, left unticked (sent as nothing) does not. */
const isPr = z
  .unknown()
  .optional()
  .transform(isPrTicked)
  .meta({ description: 'ticked ("1") marks the post as PR (advertising, ADR 0051)' });

/** The edit form of the list: the caption and the PR label, saved together. */
export const PostEditSchema = z.object({ caption, is_pr: isPr });

/**
 * `PATCH /api/posts/{id}`: the caption, the PR label, or both; a field left out stays as it is
 * (unlike the form, where an unticked box is `false`).
 */
export const PostPatchSchema = z
  .object({
    caption: caption.optional(),
    is_pr: z.boolean().optional().meta({ description: "marks the post as PR (advertising, ADR 0051)" }),
  })
  .refine((body) => body.caption !== undefined || body.is_pr !== undefined, {
    message: POST_MESSAGES.nothing_to_change,
  });

/** The caption and PR fields of the composer (the files are read beside them, see the multipart reader). */
export const PostComposerSchema = z.object({ caption: caption.optional().default(""), is_pr: isPr });

/** Where a native post is shown: its author's posts page, at the post. */
export function nativePostPermalink(
  author: { type: "staff"; staffId: string } | { type: "liver"; liverId: string },
  postId: string,
): string {
  return author.type === "staff"
    ? `/listener/staff/${author.staffId}/sns#post-${postId}`
    : `/listener/liver/${author.liverId}/sns#post-${postId}`;
}
