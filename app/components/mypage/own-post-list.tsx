import { Form } from "react-router";
import { PostEditSchema } from "~/domain/native-posts";
import { POST_CAPTION_MAX, type PostMedia } from "~/domain/posts";
import { FieldError } from "../form/field";
import { SubmitButton } from "../form/submit-button";
import { TextareaInput } from "../form/textarea-input";
import { field, type ServerFormResult, useSchemaForm } from "../form/use-schema-form";
import { PrBadge } from "../posts/pr-badge";
import { EmptyState, SMALL_BUTTON } from "../ui/kit";
import { PrCheckbox } from "./pr-checkbox";

/** A post as the editor page lists it (dates as the loader serialised them). */
export interface ListedPost {
  post_id: string;
  kind: "image" | "video" | "carousel_album" | "text";
  caption: string;
  media: PostMedia[];
  posted_at: string | Date;
  /** Marked 「PR」 (ADR 0051). */
  is_pr: boolean;
  staff_name: string | null;
  editable: boolean;
}

export interface PostListResult extends ServerFormResult {
  intent: string;
}

const KIND_LABELS = { image: "画像", carousel_album: "複数枚", video: "動画", text: "テキスト" } as const;

/**
 * The posts of the editor page, newest first: caption and PR label editing (author only, ADR 0051)
 * and deletion.
 */
export function OwnPostList({
  posts,
  result,
  empty,
  showAuthor = false,
}: {
  posts: readonly ListedPost[];
  result?: PostListResult;
  empty: string;
  /** Name the staff member who wrote each post (the store's list of its staff's posts). */
  showAuthor?: boolean;
}) {
  if (posts.length === 0)
    return <EmptyState title={empty}>投稿すると、ここに新しい順に表示されます。</EmptyState>;
  return (
    <ul className="space-y-4" data-testid="own-posts">
      {posts.map((post) => (
        <OwnPostItem
          key={post.post_id}
          post={post}
          showAuthor={showAuthor}
          result={result?.values?.post_id === post.post_id ? result : undefined}
        />
      ))}
    </ul>
  );
}

function OwnPostItem({
  post,
  result,
  showAuthor,
}: {
  post: ListedPost;
  result?: PostListResult;
  showAuthor: boolean;
}) {
  const posted = new Date(post.posted_at);
  const captionResult = result?.intent === "post_caption" ? result : undefined;
  return (
    <li
      id={`post-${post.post_id}`}
      className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200"
      data-testid="own-post"
      data-kind={post.kind}
      data-pr={post.is_pr ? "" : undefined}
    >
      <PostMediaView media={post.media} kind={post.kind} />
      <div className="space-y-3 p-4">
        <p className="flex flex-wrap items-center gap-2 text-slate-500 text-xs">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-bold text-slate-700">
            {KIND_LABELS[post.kind]}
            {post.kind === "carousel_album" ? ` ${post.media.length}枚` : ""}
          </span>
          {post.is_pr ? <PrBadge /> : null}
          {showAuthor && post.staff_name !== null ? <span>{post.staff_name || "キャスト"}の投稿</span> : null}
          <time dateTime={posted.toISOString()}>{formatPosted(posted)}</time>
        </p>
        {post.caption ? (
          <p
            className="whitespace-pre-wrap break-words text-slate-800 text-sm leading-relaxed"
            data-testid="post-caption"
          >
            {post.caption}
          </p>
        ) : null}
        <FieldError id={`post-${post.post_id}-error`} error={result?.errors?._form} />
        {post.editable ? <CaptionEditor post={post} result={captionResult} /> : null}
        <Form
          method="post"
          preventScrollReset
          onSubmit={(event) => {
            if (!window.confirm("この投稿を削除しますか？元に戻せません。")) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="post_delete" />
          <input type="hidden" name="post_id" value={post.post_id} />
          <button type="submit" className={`${SMALL_BUTTON} text-red-700`}>
            削除
          </button>
        </Form>
      </div>
    </li>
  );
}

function CaptionEditor({ post, result }: { post: ListedPost; result?: PostListResult }) {
  const { form, fields } = useSchemaForm(PostEditSchema, {
    id: `caption-${post.post_id}`,
    defaultValue: { caption: post.caption, is_pr: post.is_pr ? "1" : "" },
    result,
  });
  return (
    <details open={Boolean(result)} className="rounded-lg bg-slate-50 px-3 py-2">
      <summary className="flex min-h-11 cursor-pointer items-center font-bold text-brand-700 text-sm">
        本文・PR表示を編集
      </summary>
      <Form method="post" id={form.id} noValidate preventScrollReset className="space-y-3 pb-2">
        <input type="hidden" name="intent" value="post_caption" />
        <input type="hidden" name="post_id" value={post.post_id} />
        <TextareaInput {...field(fields.caption)} label="本文" maxLength={POST_CAPTION_MAX} rows={4} />
        <PrCheckbox meta={fields.is_pr} />
        <SubmitButton block={false} pendingLabel="保存中…">
          保存する
        </SubmitButton>
      </Form>
    </details>
  );
}

function PostMediaView({ media, kind }: { media: readonly PostMedia[]; kind: ListedPost["kind"] }) {
  if (kind === "video" && media[0]) {
    const video = media[0];
    return (
      // biome-ignore lint/a11y/useMediaCaption: members' own short clips carry no caption track
      <video
        src={video.url}
        poster={video.thumbnail_url ?? undefined}
        controls
        preload="none"
        playsInline
        className="aspect-video w-full bg-black object-contain"
      />
    );
  }
  if (media.length === 0) return null;
  return (
    <div className="relative">
      <ol
        className="flex snap-x snap-mandatory overflow-x-auto"
        aria-label={media.length > 1 ? `${media.length}枚の画像` : undefined}
        data-testid="post-images"
      >
        {media.map((item, index) => (
          <li key={item.url} className="w-full shrink-0 snap-center">
            <img
              src={item.url}
              alt={media.length > 1 ? `${index + 1}枚目` : "投稿画像"}
              width={item.width ?? undefined}
              height={item.height ?? undefined}
              loading="lazy"
              className="aspect-square w-full bg-slate-100 object-cover"
            />
          </li>
        ))}
      </ol>
      {media.length > 1 ? (
        <span className="absolute top-2 right-2 rounded-full bg-black/65 px-2 py-0.5 font-bold text-white text-xs">
          {media.length}枚
        </span>
      ) : null}
    </div>
  );
}

function formatPosted(date: Date): string {
  return new Intl.DateTimeFormat("ja-JP", {
    timeZone: "Asia/Tokyo",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}
