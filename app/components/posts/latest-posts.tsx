import { Link } from "react-router";
import { FEED_TEXTS, SOURCE_LABELS } from "~/domain/feed-query";
import { POST_PR_TEXTS } from "~/domain/post-pr";
import type { PostCardData } from "./post-card";
import { PrBadge } from "./pr-badge";

/** How many posts a staff or store page shows before the link to its feed. */
export const LATEST_POSTS = 6;

/**
 * A staff or store page's latest posts: tiles (picture or caption, the PR label of ADR 0051) and
 * the link to its /sns page.
 */
export function LatestPosts({
  posts,
  feedHref,
  total,
}: {
  posts: PostCardData[];
  feedHref: string;
  total: number;
}) {
  return (
    <section
      aria-labelledby="latest-posts-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="latest-posts-heading" className="font-bold text-base">
          {FEED_TEXTS.latestPosts} <span className="font-normal text-slate-500 text-sm">{total}件</span>
        </h2>
        {total > 0 && (
          <Link to={feedHref} className="text-brand-700 text-sm underline">
            {FEED_TEXTS.seeAllPosts}
          </Link>
        )}
      </div>
      {posts.length === 0 ? (
        <p className="text-slate-500 text-sm">{FEED_TEXTS.empty}</p>
      ) : (
        <ul className="grid grid-cols-3 gap-1.5" data-testid="latest-posts">
          {posts.map((post) => {
            const thumb =
              post.media[0]?.thumbnail_url ?? (post.media[0]?.kind === "image" ? post.media[0].url : null);
            return (
              <li key={post.post_id}>
                <Link
                  to={feedHref}
                  className="relative block aspect-square overflow-hidden rounded-lg bg-slate-100"
                  aria-label={`${post.is_pr ? `${POST_PR_TEXTS.badge}${POST_PR_TEXTS.badgeNote} ` : ""}${SOURCE_LABELS[post.source]}: ${post.caption.slice(0, 40)}`}
                >
                  {thumb ? (
                    <img
                      src={thumb}
                      alt=""
                      className="h-full w-full object-cover"
                      loading="lazy"
                      decoding="async"
                    />
                  ) : (
                    <span className="line-clamp-5 p-2 text-slate-700 text-xs leading-snug">
                      {post.caption}
                    </span>
                  )}
                  <span className="absolute bottom-1 left-1 flex items-center gap-1">
                    {post.is_pr ? <PrBadge /> : null}
                    <span className="rounded bg-black/60 px-1 text-[10px] text-white">
                      {SOURCE_LABELS[post.source]}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
