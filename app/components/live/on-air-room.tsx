import { useEffect, useState } from "react";
import { Link } from "react-router";
import { formatElapsed, type LiveCommentEvent, type LiveGiftEvent, liveWatchPath } from "~/domain/live";
import { type Camera, CameraNotes, Preview } from "./camera-parts";
import { CommentBox } from "./comment-box";
import { GiftEffect, useGiftEffects } from "./gift-effects";
import { ApiError, api } from "./live-client";
import { LIVE_UI } from "./live-texts";
import { RankingList } from "./ranking-sheet";
import { PinnedComment, StreamList } from "./stream-list";
import type { PanelLive } from "./use-broadcast";
import { type LiveRoomStart, useLiveRoom } from "./use-live-room";

/** The room on air: the camera with its figures and the gift animations, the stream and the tools. */
export function OnAirRoom({
  room,
  live,
  camera,
  mediaUp,
  onEnd,
  onEndedByServer,
  broadcasterId,
  notice,
  error,
  cameraMessage,
  onReopen,
}: {
  room: LiveRoomStart;
  live: PanelLive | null;
  camera: Camera;
  mediaUp: boolean;
  onEnd(): Promise<void>;
  onEndedByServer(ended: { viewer_peak: number; comment_count: number }): void;
  broadcasterId: string;
  notice: string | null;
  error: string | null;
  cameraMessage: string | undefined;
  onReopen(): Promise<void>;
}) {
  const effects = useGiftEffects();
  const state = useLiveRoom(room, {
    onGift: (gift: LiveGiftEvent) => effects.enqueue(gift),
    onEnded: onEndedByServer,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const [toolError, setToolError] = useState<string | null>(null);
  const act = async (call: () => Promise<unknown>) => {
    setToolError(null);
    try {
      await call();
    } catch (caught) {
      setToolError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    }
  };
  const liveId = room.liveId;
  return (
    <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="space-y-3">
        <Preview camera={camera}>
          <div className="absolute inset-x-2 top-2 flex flex-wrap gap-2 text-sm text-white">
            <span className="rounded-md bg-black/60 px-2 py-1 tabular-nums" data-testid="elapsed">
              {LIVE_UI.elapsed} {formatElapsed(now - new Date(live?.started_at ?? now).getTime())}
            </span>
            <span className="rounded-md bg-black/60 px-2 py-1 tabular-nums" data-testid="viewer-count">
              {LIVE_UI.viewers} {state.viewers.count}人（{LIVE_UI.peak} {state.viewers.peak}人）
            </span>
            <span
              className="rounded-md bg-amber-400/90 px-2 py-1 font-bold text-slate-900 tabular-nums"
              data-testid="live-points"
            >
              {LIVE_UI.runningPoints} {LIVE_UI.points(state.points)}
            </span>
            {!mediaUp ? (
              <span className="rounded-md bg-amber-500/90 px-2 py-1">{LIVE_UI.starting}</span>
            ) : null}
          </div>
          <GiftEffect gift={effects.current} onDone={effects.done} />
        </Preview>
        <CameraNotes camera={camera} message={cameraMessage} notice={notice} onReopen={onReopen} />
        <div className="space-y-2">
          <p className="font-bold">{live?.title}</p>
          <button
            type="button"
            onClick={() => void onEnd()}
            className="min-h-12 w-full rounded-xl bg-slate-900 px-4 font-bold text-white"
          >
            {LIVE_UI.end}
          </button>
          {error ? (
            <p role="alert" className="text-red-700 text-sm">
              {error}
            </p>
          ) : null}
          <Link
            to={liveWatchPath(broadcasterId)}
            target="_blank"
            className="inline-flex min-h-11 items-center text-brand-700 text-sm underline"
          >
            {LIVE_UI.watchPage}
          </Link>
        </div>
      </div>
      <div className="flex min-h-0 flex-col gap-3">
        <PinnedComment
          comment={state.pinned}
          onUnpin={() => void act(() => api("DELETE", `/api/lives/${liveId}/pin`))}
        />
        <h3 className="font-bold text-sm">{LIVE_UI.comments}</h3>
        <StreamList
          entries={state.entries}
          className="max-h-80 min-h-40"
          actions={(comment) => (
            <CommentTools
              comment={comment}
              onPin={() =>
                void act(() => api("PUT", `/api/lives/${liveId}/pin`, { comment_id: comment.comment_id }))
              }
              onDelete={() =>
                void act(() => api("DELETE", `/api/lives/${liveId}/comments/${comment.comment_id}`))
              }
              onBlock={() =>
                window.confirm(LIVE_UI.blockConfirm(comment.nickname)) &&
                void act(() =>
                  api("POST", `/api/lives/${liveId}/blocks`, { listener_id: comment.listener_id }),
                )
              }
            />
          )}
        />
        {/* Her own comments carry 「配信者」 (ADR 0043). */}
        <CommentBox
          liveId={liveId}
          id="broadcaster-comment"
          label={LIVE_UI.broadcasterPlaceholder}
          tone="light"
          onSent={state.addComment}
        />
        {toolError ? (
          <p role="alert" className="text-red-700 text-sm">
            {toolError}
          </p>
        ) : null}
        <section aria-labelledby="panel-ranking">
          <h3 id="panel-ranking" className="mb-1 font-bold text-sm">
            応援ランキング
          </h3>
          <RankingList items={state.ranking} />
        </section>
      </div>
    </div>
  );
}

function CommentTools({
  comment,
  onPin,
  onDelete,
  onBlock,
}: {
  comment: LiveCommentEvent;
  onPin(): void;
  onDelete(): void;
  onBlock(): void;
}) {
  const button = "min-h-8 rounded-md border bg-white px-2 text-xs";
  return (
    <>
      <button
        type="button"
        onClick={onPin}
        className={`${button} border-amber-300 text-amber-800`}
        aria-label={`${comment.nickname}さんのコメントを${LIVE_UI.pin}`}
      >
        {LIVE_UI.pin}
      </button>
      <button
        type="button"
        onClick={onDelete}
        className={`${button} border-slate-300`}
        aria-label={`${comment.nickname}さんのコメントを${LIVE_UI.delete}`}
      >
        {LIVE_UI.delete}
      </button>
      {comment.author === "listener" ? (
        <button
          type="button"
          onClick={onBlock}
          className={`${button} border-red-300 text-red-700`}
          aria-label={`${comment.nickname}さんを${LIVE_UI.block}`}
        >
          {LIVE_UI.block}
        </button>
      ) : null}
    </>
  );
}
