import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  LIVE_COMMENT_MAX,
  type LiveCommentEvent,
  type LiveGiftEvent,
  VIEWER_HEARTBEAT_MS,
} from "~/domain/live";
import { CommentList } from "./comment-list";
import { GiftBurst } from "./gift-burst";
import { type GiftItem, GiftPanel } from "./gift-panel";
import {
  ApiError,
  api,
  type IceServerConfig,
  type MediaConnection,
  type MediaMode,
  subscribe,
} from "./live-client";
import { ViewersBadge } from "./live-now";
import { LIVE_UI } from "./live-texts";
import { addComment, useLiveEvents } from "./use-live-events";

export interface ViewerProps {
  live: { live_id: string; title: string; viewer_count: number; viewer_peak: number };
  broadcaster: { name: string; image_url: string | null; profilePath: string };
  comments: LiveCommentEvent[];
  lastEventId: number;
  /** The signed-in listener may comment; anyone else is asked to sign in (and comes back here). */
  canComment: boolean;
  loginPath: string;
  media: { mode: MediaMode; iceServers: IceServerConfig[] };
  /** The signed-in listener's items and whom they go to (the gift button); none for anyone else. */
  gift?: { items: GiftItem[]; receiver: { type: "staff" | "liver"; id: string } } | null;
  /** Shown when the live ends while watching. */
  onEnded(summary: { peak: number; comments: number }): void;
}

type Watch = "joining" | "full" | "watching" | "error";

/**
 * The viewer of `/listener/live/{id}` (contract §13): video with sound off until tapped (autoplay
 * rules), the viewer count, comments in order, a comment box for signed-in listeners, full screen
 * on a phone. Joining takes a viewer place (「満員です」 beyond the cap), kept alive every 15 s and
 * given back when the page goes; a dropped media connection reconnects by itself.
 */
export function LiveViewer({
  live,
  broadcaster,
  comments: initial,
  lastEventId,
  canComment,
  loginPath,
  media,
  gift,
  onEnded,
}: ViewerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const connection = useRef<MediaConnection | null>(null);
  const viewerId = useRef<string | null>(null);
  const [watch, setWatch] = useState<Watch>("joining");
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [comments, setComments] = useState(initial);
  const [viewers, setViewers] = useState({ count: live.viewer_count, peak: live.viewer_peak });
  const [gifts, setGifts] = useState<LiveGiftEvent[]>([]);
  const [draft, setDraft] = useState("");
  const [sendError, setSendError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const connect = useCallback(
    async (id: string) => {
      connection.current?.close();
      const opened = await subscribe(live.live_id, id, media.mode, media.iceServers);
      connection.current = opened;
      if (video.current && opened.stream) video.current.srcObject = opened.stream;
      opened.onLost(() => {
        if (connection.current !== opened) return;
        setPlaying(false);
        setTimeout(() => {
          if (connection.current === opened && viewerId.current)
            void connect(viewerId.current).catch(() => {});
        }, 2000);
      });
    },
    [live.live_id, media.mode, media.iceServers],
  );

  // Join (a viewer place under the cap), then the media; `attempt` joins again (retry, forgotten).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let cancelled = false;
    setWatch("joining");
    (async () => {
      try {
        const joined = await api<{ viewer_id: string; viewer_count: number }>(
          "POST",
          `/api/lives/${live.live_id}/viewers`,
        );
        if (cancelled) return;
        viewerId.current = joined.viewer_id;
        setWatch("watching");
        await connect(joined.viewer_id);
      } catch (caught) {
        if (cancelled) return;
        setWatch(caught instanceof ApiError && caught.reason === "full" ? "full" : "error");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [live.live_id, connect, attempt]);

  // Still watching; and the place given back when the page goes.
  useEffect(() => {
    if (watch !== "watching") return;
    const timer = setInterval(async () => {
      const id = viewerId.current;
      if (!id) return;
      try {
        await api("PUT", `/api/lives/${live.live_id}/viewers/${id}`);
      } catch (caught) {
        // Forgotten (the tab slept): join again.
        if (caught instanceof ApiError && caught.status === 404) setAttempt((n) => n + 1);
      }
    }, VIEWER_HEARTBEAT_MS);
    const leave = () => {
      const id = viewerId.current;
      if (id) void fetch(`/api/lives/${live.live_id}/viewers/${id}`, { method: "DELETE", keepalive: true });
    };
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
      connection.current?.close();
      connection.current = null;
    };
  }, [watch, live.live_id]);

  useLiveEvents(live.live_id, lastEventId, {
    comment: (comment) => setComments((list) => addComment(list, comment)),
    commentDeleted: (id) => setComments((list) => list.filter((c) => c.comment_id !== id)),
    viewers: (v) => setViewers(v),
    gift: (gift) => setGifts((list) => [...list.slice(-9), gift]),
    ended: (event) => {
      connection.current?.close();
      connection.current = null;
      viewerId.current = null;
      onEnded({ peak: event.viewer_peak, comments: event.comment_count });
    },
    reset: () => window.location.reload(),
  });

  const unmute = () => {
    const el = video.current;
    if (!el) return;
    el.muted = false;
    setMuted(false);
    void el.play().catch(() => {});
  };

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    if (sending || !draft.trim()) return;
    setSending(true);
    setSendError(null);
    try {
      const comment = await api<LiveCommentEvent>("POST", `/api/lives/${live.live_id}/comments`, {
        body: draft,
      });
      setComments((list) => addComment(list, comment));
      setDraft("");
    } catch (caught) {
      setSendError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    } finally {
      setSending(false);
    }
  };

  const report = async (comment: LiveCommentEvent) => {
    const reason = window.prompt(LIVE_UI.reportPrompt);
    if (!reason?.trim()) return;
    try {
      await api("POST", `/api/lives/${live.live_id}/comments/${comment.comment_id}/report`, { reason });
      setNotice(LIVE_UI.reportDone);
    } catch (caught) {
      setNotice(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    }
  };

  return (
    <div
      data-testid="live-viewer"
      className="relative flex h-[calc(100dvh-3.5rem)] flex-col overflow-hidden bg-black lg:h-auto lg:flex-row lg:rounded-2xl"
    >
      <div className="relative min-h-0 flex-1 lg:aspect-video">
        <video
          ref={video}
          autoPlay
          muted={muted}
          playsInline
          onPlaying={() => setPlaying(true)}
          className="h-full w-full object-contain"
          data-testid="live-video"
        />
        <div className="absolute inset-x-0 top-0 flex items-start justify-between gap-2 bg-gradient-to-b from-black/70 to-transparent p-3 text-white">
          <div className="flex min-w-0 items-center gap-2">
            {broadcaster.image_url ? (
              <img
                src={broadcaster.image_url}
                alt=""
                className="h-9 w-9 shrink-0 rounded-full object-cover"
              />
            ) : null}
            <div className="min-w-0">
              <Link
                to={broadcaster.profilePath}
                className="block truncate font-bold text-sm underline-offset-2 hover:underline"
              >
                {broadcaster.name}
              </Link>
              <p className="truncate text-white/80 text-xs">{live.title}</p>
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-2 text-xs">
            <span className="rounded bg-red-600 px-2 py-0.5 font-bold">{LIVE_UI.live}</span>
            <span data-testid="viewer-count">
              <ViewersBadge count={viewers.count} className="rounded bg-black/50 px-2 py-0.5" />
            </span>
          </div>
        </div>
        {watch === "watching" && !playing ? (
          <p className="absolute inset-0 grid place-items-center text-sm text-white/80">
            {LIVE_UI.waitingVideo}
          </p>
        ) : null}
        {watch === "full" || watch === "error" ? (
          <div
            role="alert"
            className="absolute inset-0 grid place-items-center bg-black/80 p-6 text-center text-white"
            data-testid="live-full"
          >
            <div>
              <p className="font-bold text-2xl">{watch === "full" ? LIVE_UI.full : LIVE_UI.connectionLost}</p>
              {watch === "full" ? (
                <p className="mt-2 text-sm text-white/80">ただいま視聴できる人数の上限に達しています。</p>
              ) : null}
              <button
                type="button"
                onClick={() => setAttempt((n) => n + 1)}
                className="mt-4 min-h-11 rounded-full bg-white px-5 font-bold text-slate-900"
              >
                {LIVE_UI.retry}
              </button>
            </div>
          </div>
        ) : null}
        {muted && watch === "watching" ? (
          <button
            type="button"
            onClick={unmute}
            className="absolute top-16 left-1/2 min-h-11 -translate-x-1/2 rounded-full bg-white/90 px-4 font-bold text-slate-900 text-sm shadow"
          >
            {LIVE_UI.tapForSound}
          </button>
        ) : null}
        <GiftBurst gifts={gifts} />
      </div>

      <div className="absolute inset-x-0 bottom-0 flex max-h-[45%] flex-col gap-2 p-3 lg:static lg:max-h-none lg:w-96 lg:bg-white lg:p-4">
        <CommentList
          comments={comments}
          tone="overlay"
          className="min-h-0 flex-1 lg:max-h-[28rem]"
          actions={
            canComment ? (comment) => <ReportButton onClick={() => void report(comment)} /> : undefined
          }
        />
        {notice ? (
          <p role="status" className="rounded bg-white/90 px-2 py-1 text-slate-800 text-xs">
            {notice}
          </p>
        ) : null}
        {canComment ? (
          <form onSubmit={send} className="flex gap-2">
            <label htmlFor="live-comment" className="sr-only">
              {LIVE_UI.commentPlaceholder}
            </label>
            <input
              id="live-comment"
              name="body"
              value={draft}
              maxLength={LIVE_COMMENT_MAX}
              onChange={(e) => setDraft(e.target.value)}
              placeholder={LIVE_UI.commentPlaceholder}
              autoComplete="off"
              aria-invalid={sendError ? true : undefined}
              aria-describedby={sendError ? "live-comment-error" : undefined}
              className="min-h-11 min-w-0 flex-1 rounded-full border border-white/40 bg-black/40 px-4 text-white placeholder:text-white/60 lg:border-slate-300 lg:bg-white lg:text-slate-900 lg:placeholder:text-slate-400"
            />
            <button
              type="submit"
              disabled={sending || !draft.trim()}
              className="min-h-11 shrink-0 rounded-full bg-pink-600 px-4 font-bold text-white disabled:opacity-50"
            >
              {LIVE_UI.send}
            </button>
            {gift ? (
              <GiftPanel
                liveId={live.live_id}
                receiver={gift.receiver}
                items={gift.items}
                onError={setSendError}
              />
            ) : null}
          </form>
        ) : (
          <Link
            to={loginPath}
            className="flex min-h-11 items-center justify-center rounded-full bg-white/90 px-4 font-bold text-slate-900 text-sm lg:bg-pink-600 lg:text-white"
          >
            {LIVE_UI.signIn}
          </Link>
        )}
        {sendError ? (
          <p
            id="live-comment-error"
            role="alert"
            className="rounded bg-red-600/90 px-2 py-1 text-white text-xs"
          >
            {sendError}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ReportButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-8 rounded-md px-2 text-white/70 text-xs underline lg:text-slate-500"
    >
      {LIVE_UI.report}
    </button>
  );
}
