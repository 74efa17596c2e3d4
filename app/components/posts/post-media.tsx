import { useRef, useState } from "react";
import { Link } from "react-router";
import { FEED_TEXTS, SOURCE_LABELS } from "~/domain/feed-query";
import { embedPlayerUrl, livePageUrl, safeExternalUrl } from "~/domain/post-embeds";
import type { PostMedia, PostSource } from "~/domain/posts";
import { type ImagePriority, imageLoading } from "../directory/image-priority";

export interface MediaPost {
  post_id: string;
  source: PostSource;
  kind: string;
  media: PostMedia[];
  permalink: string;
  external_id: string;
}

const FRAME = "relative block w-full overflow-hidden bg-slate-900";

function ratioOf(media: PostMedia | undefined, fallback: string): string {
  if (media?.width && media.height) {
    const r = media.height / media.width;
    if (r > 1.2) return "aspect-[4/5]";
    if (r < 0.7) return "aspect-video";
    return "aspect-square";
  }
  return fallback;
}

function PlayIcon() {
  return (
    <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
      <span className="flex size-14 items-center justify-center rounded-full bg-black/60 text-white shadow-lg">
        <svg viewBox="0 0 24 24" className="ml-1 size-7" fill="currentColor" aria-hidden="true">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    </span>
  );
}

/** Several pictures: swipe (native scroll snapping), arrows and dots. */
function Carousel({ media, priority }: { media: PostMedia[]; priority: ImagePriority }) {
  const track = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const go = (to: number) => {
    const el = track.current;
    if (!el) return;
    const next = Math.max(0, Math.min(media.length - 1, to));
    el.scrollTo({ left: next * el.clientWidth, behavior: "smooth" });
  };
  return (
    <section
      className="relative"
      aria-roledescription="carousel"
      aria-label="写真"
      data-testid="post-carousel"
    >
      <div
        ref={track}
        className={`${FRAME} ${ratioOf(media[0], "aspect-square")} flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none]`}
        onScroll={(event) => {
          const el = event.currentTarget;
          setIndex(Math.round(el.scrollLeft / Math.max(1, el.clientWidth)));
        }}
      >
        {media.map((m, i) => (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: a post's pictures never move; the same picture may repeat
            key={`${m.url}-${i}`}
            src={m.thumbnail_url ?? m.url}
            alt={`${i + 1}枚目 / ${media.length}枚`}
            className="h-full w-full flex-none snap-center object-cover"
            {...imageLoading(i === 0 ? priority : "lazy")}
            decoding="async"
          />
        ))}
      </div>
      {index > 0 && (
        <button
          type="button"
          onClick={() => go(index - 1)}
          className="absolute top-1/2 left-2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-800 shadow"
          aria-label="前の写真"
        >
          ‹
        </button>
      )}
      {index < media.length - 1 && (
        <button
          type="button"
          onClick={() => go(index + 1)}
          className="absolute top-1/2 right-2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white/85 text-slate-800 shadow"
          aria-label="次の写真"
        >
          ›
        </button>
      )}
      <div
        className="pointer-events-none absolute inset-x-0 bottom-2 flex justify-center gap-1.5"
        aria-hidden="true"
      >
        {media.map((m, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
            key={`${m.url}-dot-${i}`}
            className={`size-1.5 rounded-full ${i === index ? "bg-white" : "bg-white/50"}`}
          />
        ))}
      </div>
    </section>
  );
}

/** TikTok / YouTube: the thumbnail; a tap opens the official embed player (a link without JavaScript). */
function EmbedFacade({ post, priority }: { post: MediaPost; priority: ImagePriority }) {
  const [playing, setPlaying] = useState(false);
  const player = embedPlayerUrl(post);
  const link = safeExternalUrl(post.permalink);
  const thumb = post.media[0]?.thumbnail_url;
  const ratio = post.source === "tiktok" ? "aspect-[9/16] max-h-[70vh] mx-auto" : "aspect-video";
  if (playing && player) {
    return (
      <div className={`${FRAME} ${ratio}`}>
        <iframe
          src={player}
          title={`${SOURCE_LABELS[post.source]}の動画`}
          className="absolute inset-0 h-full w-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <a
      href={link ?? undefined}
      target="_blank"
      rel="noopener noreferrer nofollow"
      onClick={(event) => {
        if (!player) return;
        event.preventDefault();
        setPlaying(true);
      }}
      className={`${FRAME} ${ratio}`}
      aria-label={`${SOURCE_LABELS[post.source]}の動画を${FEED_TEXTS.play}`}
      data-testid="embed-facade"
    >
      {thumb && (
        <img
          src={thumb}
          alt=""
          className="h-full w-full object-cover opacity-90"
          {...imageLoading(priority)}
          decoding="async"
        />
      )}
      <PlayIcon />
    </a>
  );
}

/** The media of a post, by source (see domain/post-embeds.ts for the rules). */
export function PostMediaView({ post, priority = "lazy" }: { post: MediaPost; priority?: ImagePriority }) {
  const first = post.media[0];
  if (post.source === "youtube" || post.source === "tiktok")
    return <EmbedFacade post={post} priority={priority} />;
  if (post.source === "live") {
    return (
      <Link to={livePageUrl(post)} className={`${FRAME} aspect-video`} aria-label={FEED_TEXTS.live}>
        {first?.thumbnail_url && (
          <img
            src={first.thumbnail_url}
            alt=""
            className="h-full w-full object-cover opacity-80"
            {...imageLoading(priority)}
          />
        )}
        <span className="absolute top-2 left-2 rounded bg-red-600 px-2 py-0.5 font-bold text-white text-xs">
          LIVE
        </span>
        <span className="absolute inset-x-0 bottom-3 text-center font-bold text-sm text-white drop-shadow">
          {FEED_TEXTS.live} ›
        </span>
      </Link>
    );
  }
  if (post.source === "instagram") {
    const link = safeExternalUrl(post.permalink);
    const thumb = first?.thumbnail_url;
    if (!thumb) return null;
    return (
      <a
        href={link ?? undefined}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={`${FRAME} ${ratioOf(first, "aspect-square")}`}
        aria-label={FEED_TEXTS.openOriginal("Instagram")}
      >
        <img
          src={thumb}
          alt=""
          className="h-full w-full object-cover"
          {...imageLoading(priority)}
          decoding="async"
        />
        {post.kind === "video" && <PlayIcon />}
        {post.kind === "carousel_album" && (
          <span className="absolute top-2 right-2 rounded bg-black/60 px-1.5 py-0.5 text-white text-xs">
            {post.media.length}枚
          </span>
        )}
      </a>
    );
  }
  // Native posts: our own files.
  if (post.kind === "video" && first) {
    return (
      // biome-ignore lint/a11y/useMediaCaption: users' clips have no caption track
      <video
        controls
        preload="none"
        poster={first.thumbnail_url ?? undefined}
        src={first.url}
        className="aspect-video w-full bg-black"
        playsInline
      />
    );
  }
  if (post.media.length > 1) return <Carousel media={post.media} priority={priority} />;
  if (first) {
    return (
      <div className={`${FRAME} ${ratioOf(first, "aspect-square")}`}>
        <img
          src={first.thumbnail_url ?? first.url}
          alt=""
          className="h-full w-full object-cover"
          {...imageLoading(priority)}
          decoding="async"
        />
      </div>
    );
  }
  return null;
}
