import { useState } from "react";
import { Link } from "react-router";
import type { FeedItem } from "~/.server/services/posts/list-posts";
import { FEED_TEXTS, SOURCE_LABELS } from "~/domain/feed-query";
import { captionIsLong, safeExternalUrl } from "~/domain/post-embeds";
import { relativeTime } from "~/domain/relative-time";
import type { ImagePriority } from "../directory/image-priority";
import { StoreTypeBadge } from "../store/store-type-badge";
import { PostMediaView } from "./post-media";
import { PrBadge } from "./pr-badge";

/** What a card shows (the loaders send only this; dates as ISO strings). */
export type PostCardData = Pick<
  FeedItem,
  "post_id" | "source" | "kind" | "caption" | "media" | "permalink" | "external_id" | "is_pr" | "author"
> & { posted_at: string };

export function toPostCard(item: FeedItem): PostCardData {
  return {
    post_id: item.post_id,
    source: item.source,
    kind: item.kind,
    caption: item.caption,
    media: item.media,
    permalink: item.permalink,
    external_id: item.external_id,
    is_pr: item.is_pr,
    author: item.author,
    posted_at: item.posted_at.toISOString(),
  };
}

const SOURCE_BADGE: Record<PostCardData["source"], string> = {
  instagram: "bg-pink-100 text-pink-800",
  tiktok: "bg-slate-900 text-white",
  youtube: "bg-red-100 text-red-800",
  live: "bg-red-600 text-white",
  native: "bg-brand-50 text-brand-800",
};

function Caption({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (!text) return null;
  const long = captionIsLong(text);
  return (
    <div className="px-4 pt-3">
      {/* React escapes the text; whitespace-pre-line keeps the line breaks. */}
      <p
        className={`whitespace-pre-line break-words text-slate-800 text-sm leading-relaxed ${long && !open ? "line-clamp-4" : ""}`}
        data-testid="post-caption"
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          onClick={() => setOpen((v) => !v)}
          className="mt-1 font-bold text-brand-700 text-sm"
          aria-expanded={open}
        >
          {open ? FEED_TEXTS.less : FEED_TEXTS.more}
        </button>
      )}
    </div>
  );
}

/** One post in a feed: the author (avatar, name, store), time, PR label, source, caption and media. */
export function PostCard({
  post,
  now,
  imagePriority = "lazy",
}: {
  post: PostCardData;
  now: string;
  imagePriority?: ImagePriority;
}) {
  const { author } = post;
  const authorHref =
    author.type === "staff" ? `/listener/staff/${author.id}` : `/listener/liver/${author.id}`;
  const name = author.name || "（非公開）";
  const original =
    post.source === "native" || post.source === "live" ? null : safeExternalUrl(post.permalink);
  return (
    <article
      className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="post-card"
      data-source={post.source}
      data-pr={post.is_pr ? "" : undefined}
    >
      <header className="flex items-center gap-3 px-4 py-3">
        <Link to={authorHref} className="shrink-0" tabIndex={-1} aria-hidden="true">
          {author.image_url ? (
            <img
              src={author.image_url}
              alt=""
              className={`size-10 object-cover ${author.type === "staff" ? "rounded-full" : "rounded-lg"}`}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="flex size-10 items-center justify-center rounded-full bg-slate-200 font-bold text-slate-500">
              {name.slice(0, 1)}
            </span>
          )}
        </Link>
        <div className="min-w-0 flex-1">
          <Link to={authorHref} className="block truncate font-bold text-slate-900 hover:underline">
            {name}
          </Link>
          <p className="flex items-center gap-1.5 truncate text-slate-500 text-xs">
            {author.type === "staff" ? (
              <Link to={`/listener/liver/${author.liver_id}`} className="truncate hover:underline">
                {author.liver_name}
              </Link>
            ) : (
              <StoreTypeBadge value={author.store_type} />
            )}
            <span aria-hidden="true">·</span>
            <time dateTime={post.posted_at} className="shrink-0">
              {relativeTime(post.posted_at, now)}
            </time>
          </p>
        </div>
        {post.is_pr ? <PrBadge /> : null}
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 font-bold text-[11px] ${SOURCE_BADGE[post.source]}`}
        >
          {SOURCE_LABELS[post.source]}
        </span>
      </header>
      <PostMediaView post={post} priority={imagePriority} />
      <Caption text={post.caption} />
      <footer className="px-4 pt-2 pb-3">
        {original && (
          <a
            href={original}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-brand-700 text-xs underline"
          >
            {FEED_TEXTS.openOriginal(SOURCE_LABELS[post.source])}
          </a>
        )}
      </footer>
    </article>
  );
}
