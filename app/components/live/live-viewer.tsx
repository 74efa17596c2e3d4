import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { FollowButton } from "~/components/directory/follow-button";
import { GIFT_TEXTS } from "~/domain/gifts";
import type { LiveCommentEvent } from "~/domain/live";
import { CommentBox } from "./comment-box";
import { GiftEffect, useGiftEffects } from "./gift-effects";
import { GiftSheet, type Wallet } from "./gift-sheet";
import { ApiError, api, type IceServerConfig, type MediaMode } from "./live-client";
import { ViewersBadge } from "./live-now";
import { LIVE_UI } from "./live-texts";
import { RankingSheet } from "./ranking-sheet";
import { PinnedComment, StreamList } from "./stream-list";
import { type LiveRoomStart, useLiveRoom } from "./use-live-room";
import { useViewerMedia } from "./use-viewer-media";

export interface ViewerProps {
  live: { live_id: string; title: string };
  room: LiveRoomStart;
  broadcaster: {
    type: "staff" | "liver";
    id: string;
    name: string;
    image_url: string | null;
    profilePath: string;
  };
  follow: { favorite_id: string | null; follower_number: number };
  /** The signed-in listener (her comments, gifts and level-ups); null for anyone else. */
  listenerId: string | null;
  loginPath: string;
  chargePath: string;
  media: { mode: MediaMode; iceServers: IceServerConfig[] };
  /** The signed-in listener's coins and items (the gift sheet); null for anyone else. */
  wallet: Wallet | null;
  confirmCoins: number;
  /** Shown when the live ends while watching. */
  onEnded(summary: { peak: number; comments: number }): void;
}

/**
 * The viewer of `/listener/live/{id}` (ADR 0031, 0043): video with sound off until tapped, the
 * broadcaster with a follow button, viewers and the ranking; the stream of comments (fan levels,
 * 「配信者」) and gift lines, the pinned comment, the gift animations; a comment box and the gift
 * sheet for a signed-in listener (her coins and the charge link in it), a sign-in link for anyone
 * else. Full screen on a phone.
 */
export function LiveViewer(props: ViewerProps) {
  const { live, room, listenerId, media } = props;
  const viewer = useViewerMedia(live.live_id, media);
  const effects = useGiftEffects();
  const [toast, setToast] = useState<string | null>(null);
  const clearToast = useCallback(() => setToast(null), []);
  const state = useLiveRoom(room, {
    listenerId,
    onGift: effects.enqueue,
    onLevelUp: (level) => setToast(LIVE_UI.levelUp(level)),
    onEnded: (event) => {
      viewer.stop();
      props.onEnded({ peak: event.viewer_peak, comments: event.comment_count });
    },
  });

  return (
    <div
      data-testid="live-viewer"
      className="relative isolate flex h-[calc(100dvh-3.5rem)] flex-col overflow-hidden bg-black lg:h-auto lg:flex-row lg:rounded-2xl"
    >
      <div className="relative min-h-0 flex-1 lg:aspect-video">
        <video
          ref={viewer.video}
          autoPlay
          muted={viewer.muted}
          playsInline
          onPlaying={viewer.onPlaying}
          className="h-full w-full object-contain"
          data-testid="live-video"
        />
        <ViewerHeader {...props} viewers={state.viewers.count} ranking={state.ranking} />
        {viewer.watch === "watching" && !viewer.playing ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-white/80">
            {LIVE_UI.waitingVideo}
          </p>
        ) : null}
        {viewer.watch === "full" || viewer.watch === "error" ? (
          <div
            role="alert"
            className="absolute inset-0 grid place-items-center bg-black/80 p-6 text-center text-white"
            data-testid="live-full"
          >
            <div>
              <p className="font-bold text-2xl">
                {viewer.watch === "full" ? LIVE_UI.full : LIVE_UI.connectionLost}
              </p>
              {viewer.watch === "full" ? (
                <p className="mt-2 text-sm text-white/80">ただいま視聴できる人数の上限に達しています。</p>
              ) : null}
              <button
                type="button"
                onClick={viewer.retry}
                className="mt-4 min-h-11 rounded-full bg-white px-5 font-bold text-slate-900"
              >
                {LIVE_UI.retry}
              </button>
            </div>
          </div>
        ) : null}
        {viewer.muted && viewer.watch === "watching" ? (
          <button
            type="button"
            onClick={viewer.unmute}
            className="absolute top-28 left-1/2 min-h-11 -translate-x-1/2 rounded-full bg-white/90 px-4 font-bold text-slate-900 text-sm shadow"
          >
            {LIVE_UI.tapForSound}
          </button>
        ) : null}
        <GiftEffect gift={effects.current} onDone={effects.done} />
        <Toast text={toast} onGone={clearToast} />
      </div>

      <div className="absolute inset-x-0 bottom-0 z-10 flex max-h-[48%] flex-col gap-2 p-3 lg:static lg:max-h-none lg:w-96 lg:bg-white lg:p-4">
        <PinnedComment comment={state.pinned} tone="overlay" />
        <StreamList
          entries={state.entries}
          tone="overlay"
          className="min-h-0 flex-1 lg:max-h-[28rem]"
          actions={
            listenerId
              ? (comment) =>
                  comment.author === "listener" ? (
                    <ReportButton liveId={live.live_id} comment={comment} />
                  ) : null
              : undefined
          }
        />
        <Composer {...props} onComment={state.addComment} />
      </div>
    </div>
  );
}

/** A short congratulation (a level-up) that goes by itself after 4 s. */
function Toast({ text, onGone }: { text: string | null; onGone(): void }) {
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(onGone, 4_000);
    return () => clearTimeout(timer);
  }, [text, onGone]);
  if (!text) return null;
  return (
    <p
      role="status"
      className="absolute top-28 left-1/2 z-40 -translate-x-1/2 rounded-full bg-amber-400 px-4 py-2 font-bold text-slate-900 text-sm shadow-lg"
      data-testid="level-up"
    >
      {text}
    </p>
  );
}

function ViewerHeader({
  live,
  broadcaster,
  follow,
  viewers,
  ranking,
}: ViewerProps & { viewers: number; ranking: LiveRoomStart["ranking"] }) {
  return (
    <div className="absolute inset-x-0 top-0 z-10 space-y-2 bg-gradient-to-b from-black/75 to-transparent p-3 text-white">
      <div className="flex items-center gap-2">
        {broadcaster.image_url ? (
          <img
            src={broadcaster.image_url}
            alt=""
            className="h-10 w-10 shrink-0 rounded-full object-cover ring-2 ring-pink-400"
          />
        ) : null}
        <div className="min-w-0 flex-1">
          <Link
            to={broadcaster.profilePath}
            className="block truncate font-bold text-sm text-white underline-offset-2 hover:underline"
          >
            {broadcaster.name}
          </Link>
          <p className="truncate text-white/80 text-xs">{live.title}</p>
        </div>
        <FollowButton
          kind={broadcaster.type}
          targetId={broadcaster.id}
          targetName={broadcaster.name}
          favoriteId={follow.favorite_id}
          followerNumber={follow.follower_number}
          tone="overlay"
        />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded bg-red-600 px-2 py-0.5 font-bold">{LIVE_UI.live}</span>
        <span data-testid="viewer-count">
          <ViewersBadge count={viewers} className="rounded bg-black/50 px-2 py-0.5" />
        </span>
        <RankingSheet items={ranking} />
      </div>
    </div>
  );
}

/** The comment box with the gift sheet and the coin balance, or the sign-in link. */
function Composer({
  live,
  broadcaster,
  listenerId,
  loginPath,
  chargePath,
  wallet,
  confirmCoins,
  onComment,
}: ViewerProps & { onComment(comment: LiveCommentEvent): void }) {
  const [coins, setCoins] = useState(wallet?.coins ?? 0);
  if (!listenerId)
    return (
      <Link
        to={loginPath}
        className="flex min-h-11 items-center justify-center rounded-full bg-white/90 px-4 font-bold text-slate-900 text-sm lg:bg-pink-600 lg:text-white"
      >
        {LIVE_UI.signIn}
      </Link>
    );
  return (
    <CommentBox
      liveId={live.live_id}
      id="live-comment"
      label={LIVE_UI.commentPlaceholder}
      tone="overlay"
      onSent={onComment}
      footer={
        wallet ? (
          <p className="text-right text-white/80 text-xs lg:text-slate-500" data-testid="viewer-balance">
            {GIFT_TEXTS.balance(coins)}
            <a href={chargePath} className="ml-2 font-bold text-amber-300 underline lg:text-pink-700">
              {GIFT_TEXTS.charge}
            </a>
          </p>
        ) : null
      }
    >
      {wallet ? (
        <GiftSheet
          wallet={wallet}
          target={{
            [broadcaster.type === "staff" ? "staff_id" : "liver_id"]: broadcaster.id,
            live_id: live.live_id,
          }}
          confirmCoins={confirmCoins}
          chargePath={chargePath}
          onSent={(sent) => setCoins((c) => c - sent.coins_spent)}
        />
      ) : null}
    </CommentBox>
  );
}

function ReportButton({ liveId, comment }: { liveId: string; comment: LiveCommentEvent }) {
  const [done, setDone] = useState<string | null>(null);
  const report = async () => {
    const reason = window.prompt(LIVE_UI.reportPrompt);
    if (!reason?.trim()) return;
    try {
      await api("POST", `/api/lives/${liveId}/comments/${comment.comment_id}/report`, { reason });
      setDone(LIVE_UI.reportDone);
    } catch (caught) {
      setDone(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    }
  };
  if (done) return <span className="text-white/70 text-xs lg:text-slate-500">{done}</span>;
  return (
    <button
      type="button"
      onClick={() => void report()}
      className="min-h-8 rounded-md px-2 text-white/70 text-xs underline lg:text-slate-500"
    >
      {LIVE_UI.report}
    </button>
  );
}
