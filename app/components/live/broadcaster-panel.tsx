import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { reloadIfFeatureBlocked } from "~/components/feature-policy";
import {
  BROADCASTER_HEARTBEAT_MS,
  formatElapsed,
  LIVE_TITLE_MAX,
  type LiveCommentEvent,
  liveWatchPath,
} from "~/domain/live";
import { CommentList } from "./comment-list";
import { GiftBurst } from "./gift-burst";
import {
  ApiError,
  api,
  type IceServerConfig,
  type MediaConnection,
  type MediaMode,
  publish,
} from "./live-client";
import { LIVE_UI } from "./live-texts";
import { addComment, useLiveEvents } from "./use-live-events";

export interface PanelLive {
  live_id: string;
  title: string;
  started_at: string;
  viewer_count: number;
  viewer_peak: number;
  comment_count: number;
}

export interface BroadcasterPanelProps {
  listed: boolean;
  broadcasterId: string;
  current: { live: PanelLive; comments: LiveCommentEvent[]; lastEventId: number } | null;
  media: { mode: MediaMode; iceServers: IceServerConfig[] };
}

const RESUME_CAMERA = "live:resume-camera";

type CameraState = "off" | "requesting" | "on" | "refused" | "missing" | "busy" | "lost";

const CAMERA_MESSAGES: Partial<Record<CameraState, string>> = {
  refused: LIVE_UI.cameraRefused,
  missing: LIVE_UI.cameraMissing,
  busy: LIVE_UI.cameraBusy,
  lost: LIVE_UI.cameraLost,
};

function cameraStateOf(error: unknown): CameraState {
  const name = (error as { name?: string })?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "refused";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "missing";
  return "busy";
}

/**
 * The broadcaster panel of `/staff/mypage` and `/liver/mypage` (contract §13): camera and
 * microphone chosen and previewed, a title, 配信開始 / 配信終了, elapsed time, viewers, the comments
 * with delete and block; clear states when the camera is refused or lost, a reconnect when the
 * network drops, and the end the server decided (30 s without the panel) shown as such.
 */
export function BroadcasterPanel({ listed, broadcasterId, current, media }: BroadcasterPanelProps) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const connection = useRef<MediaConnection | null>(null);
  const [camera, setCamera] = useState<CameraState>("off");
  const [devices, setDevices] = useState<{ video: MediaDeviceInfo[]; audio: MediaDeviceInfo[] }>({
    video: [],
    audio: [],
  });
  const [videoId, setVideoId] = useState("");
  const [audioId, setAudioId] = useState("");
  const [title, setTitle] = useState(current?.live.title ?? "");
  const [live, setLive] = useState<PanelLive | null>(current?.live ?? null);
  const [lastEventId, setLastEventId] = useState(current?.lastEventId ?? 0);
  const [state, setState] = useState<"idle" | "starting" | "live" | "ended">(current ? "live" : "idle");
  const [comments, setComments] = useState<LiveCommentEvent[]>(current?.comments ?? []);
  const [viewers, setViewers] = useState({
    count: current?.live.viewer_count ?? 0,
    peak: current?.live.viewer_peak ?? 0,
  });
  const [ended, setEnded] = useState<{ peak: number; comments: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [mediaUp, setMediaUp] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const [gifts, setGifts] = useState<import("~/domain/live").LiveGiftEvent[]>([]);

  const stopCamera = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, []);

  const stopMedia = useCallback(() => {
    connection.current?.close();
    connection.current = null;
    setMediaUp(false);
  }, []);

  const openCamera = useCallback(
    async (ids: { video?: string; audio?: string } = {}) => {
      // Reached by a client-side navigation, the page has the policy of a page without camera: it
      // reloads as a document, and the camera comes on by itself after that (below).
      sessionStorage.setItem(RESUME_CAMERA, "1");
      if (reloadIfFeatureBlocked("camera")) return null;
      sessionStorage.removeItem(RESUME_CAMERA);
      setCamera("requesting");
      stopCamera();
      try {
        const next = await navigator.mediaDevices.getUserMedia({
          video: {
            ...(ids.video ? { deviceId: { exact: ids.video } } : {}),
            width: { ideal: 640 },
            height: { ideal: 480 },
          },
          audio: ids.audio ? { deviceId: { exact: ids.audio } } : true,
        });
        stream.current = next;
        if (video.current) video.current.srcObject = next;
        for (const track of next.getTracks()) track.addEventListener("ended", () => setCamera("lost"));
        const all = await navigator.mediaDevices.enumerateDevices();
        setDevices({
          video: all.filter((d) => d.kind === "videoinput"),
          audio: all.filter((d) => d.kind === "audioinput"),
        });
        setVideoId(next.getVideoTracks()[0]?.getSettings().deviceId ?? "");
        setAudioId(next.getAudioTracks()[0]?.getSettings().deviceId ?? "");
        setCamera("on");
        return next;
      } catch (caught) {
        setCamera(cameraStateOf(caught));
        return null;
      }
    },
    [stopCamera],
  );

  /** (Re)sends the camera to the live: after the start, a camera change, or a dropped connection. */
  const sendMedia = useCallback(
    async (liveId: string, local: MediaStream) => {
      stopMedia();
      const opened = await publish(liveId, media.mode, media.iceServers, local);
      connection.current = opened;
      setMediaUp(true);
      setNotice(null);
      opened.onLost(() => {
        if (connection.current !== opened) return;
        setMediaUp(false);
        setNotice(LIVE_UI.connectionLost);
        setTimeout(() => {
          if (connection.current === opened && stream.current)
            void sendMedia(liveId, stream.current).catch(() => setNotice(LIVE_UI.connectionLost));
        }, 2000);
      });
    },
    [media.mode, media.iceServers, stopMedia],
  );

  // The camera asked for before a reload (see openCamera) comes on without a second tap.
  useEffect(() => {
    if (sessionStorage.getItem(RESUME_CAMERA)) void openCamera();
  }, [openCamera]);

  // Stop everything when the page goes (the server ends the live 30 s later unless it comes back).
  useEffect(
    () => () => {
      connection.current?.close();
      for (const track of stream.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  // Elapsed time.
  useEffect(() => {
    if (state !== "live") return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [state]);

  // The heartbeat: the server ends a live it has not heard of for 30 s.
  useEffect(() => {
    if (state !== "live" || !live) return;
    const beat = async () => {
      try {
        const answer = await api<{
          status: string;
          viewer_count: number;
          viewer_peak: number;
          comment_count: number;
        }>("POST", `/api/lives/${live.live_id}/heartbeat`);
        if (answer.status === "ended") {
          setEnded({ peak: answer.viewer_peak, comments: answer.comment_count });
          setState("ended");
          stopMedia();
        }
      } catch {
        // A missed beat is fine; three in a row end the live on the server.
      }
    };
    void beat();
    const timer = setInterval(beat, BROADCASTER_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [state, live, stopMedia]);

  useLiveEvents(state === "live" && live ? live.live_id : null, lastEventId, {
    comment: (comment) => setComments((list) => addComment(list, comment)),
    commentDeleted: (id) => setComments((list) => list.filter((c) => c.comment_id !== id)),
    viewers: (v) => setViewers(v),
    gift: (gift) => setGifts((list) => [...list.slice(-9), gift]),
    ended: (event) => {
      setEnded({ peak: event.viewer_peak, comments: event.comment_count });
      setState("ended");
      stopMedia();
    },
    reset: () => window.location.reload(),
  });

  const start = async () => {
    setError(null);
    const local = stream.current ?? (await openCamera({ video: videoId, audio: audioId }));
    if (!local) return;
    setState("starting");
    try {
      const started = await api<PanelLive>("POST", "/api/lives", { title });
      setLive(started);
      setLastEventId(0);
      setComments([]);
      setViewers({ count: started.viewer_count, peak: started.viewer_peak });
      setEnded(null);
      setState("live");
      await sendMedia(started.live_id, local);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
      setState((s) => (s === "starting" ? "idle" : s));
    }
  };

  const end = async () => {
    if (!live || !window.confirm(LIVE_UI.endConfirm)) return;
    try {
      const done = await api<{ viewer_peak: number; comment_count: number }>(
        "POST",
        `/api/lives/${live.live_id}/end`,
      );
      setEnded({ peak: done.viewer_peak, comments: done.comment_count });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
      return;
    }
    stopMedia();
    setState("ended");
  };

  const reconnectCamera = async () => {
    const local = await openCamera({ video: videoId, audio: audioId });
    if (local && state === "live" && live)
      await sendMedia(live.live_id, local).catch(() => setNotice(LIVE_UI.connectionLost));
  };

  const changeDevice = async (ids: { video?: string; audio?: string }) => {
    const local = await openCamera({ video: ids.video ?? videoId, audio: ids.audio ?? audioId });
    if (local && state === "live" && live)
      await sendMedia(live.live_id, local).catch(() => setNotice(LIVE_UI.connectionLost));
  };

  const removeComment = async (comment: LiveCommentEvent) => {
    if (!live) return;
    await api("DELETE", `/api/lives/${live.live_id}/comments/${comment.comment_id}`).catch(() => {});
    setComments((list) => list.filter((c) => c.comment_id !== comment.comment_id));
  };
  const blockListener = async (comment: LiveCommentEvent) => {
    if (!live || !window.confirm(LIVE_UI.blockConfirm(comment.nickname))) return;
    try {
      await api("POST", `/api/lives/${live.live_id}/blocks`, { listener_id: comment.listener_id });
      setNotice(`${comment.nickname}さんを${LIVE_UI.blocked}`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    }
  };

  const onAir = state === "live";
  const cameraMessage = CAMERA_MESSAGES[camera];
  const titleId = "live-title";

  return (
    <section
      aria-labelledby="live-panel-title"
      data-testid="broadcaster-panel"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-slate-100 border-b px-4 py-3">
        <h2 id="live-panel-title" className="font-bold text-lg">
          {LIVE_UI.panelTitle}
        </h2>
        {onAir ? (
          <span
            className="flex items-center gap-2 rounded-full bg-red-600 px-3 py-1 font-bold text-sm text-white"
            data-testid="on-air"
          >
            <span className="h-2 w-2 animate-pulse rounded-full bg-white" aria-hidden="true" />
            {LIVE_UI.onAir}
          </span>
        ) : null}
      </div>
      <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-3">
          <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-slate-900">
            <video
              ref={video}
              autoPlay
              muted
              playsInline
              className="h-full w-full object-cover"
              data-testid="preview"
            />
            {camera !== "on" && camera !== "lost" ? (
              <div className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-white/80">
                {camera === "requesting" ? LIVE_UI.starting : LIVE_UI.previewOff}
              </div>
            ) : null}
            {onAir ? (
              <div className="absolute inset-x-2 top-2 flex flex-wrap gap-2 text-sm text-white">
                <span className="rounded-md bg-black/60 px-2 py-1 tabular-nums" data-testid="elapsed">
                  {LIVE_UI.elapsed} {formatElapsed(now - new Date(live?.started_at ?? now).getTime())}
                </span>
                <span className="rounded-md bg-black/60 px-2 py-1 tabular-nums" data-testid="viewer-count">
                  {LIVE_UI.viewers} {viewers.count}人（{LIVE_UI.peak} {viewers.peak}人）
                </span>
                {!mediaUp ? (
                  <span className="rounded-md bg-amber-500/90 px-2 py-1">{LIVE_UI.starting}</span>
                ) : null}
              </div>
            ) : null}
            <GiftBurst gifts={gifts} />
          </div>
          {cameraMessage ? (
            <div
              role="alert"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
              data-testid="camera-message"
            >
              <p>{cameraMessage}</p>
              {camera === "lost" || camera === "busy" ? (
                <button
                  type="button"
                  onClick={reconnectCamera}
                  className="mt-2 min-h-11 rounded-lg bg-amber-600 px-4 font-bold text-white"
                >
                  {LIVE_UI.reconnectCamera}
                </button>
              ) : null}
            </div>
          ) : null}
          {notice ? (
            <p role="status" className="rounded-lg bg-slate-100 p-2 text-slate-700 text-sm">
              {notice}
            </p>
          ) : null}
          {camera === "off" || camera === "refused" || camera === "missing" ? (
            <button
              type="button"
              onClick={() => void reconnectCamera()}
              className="min-h-11 w-full rounded-lg border border-brand-600 px-4 font-bold text-brand-700"
            >
              {LIVE_UI.enableCamera}
            </button>
          ) : null}
          {devices.video.length > 0 ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <label className="block text-sm">
                <span className="font-bold">{LIVE_UI.camera}</span>
                <select
                  value={videoId}
                  onChange={(e) => {
                    setVideoId(e.target.value);
                    void changeDevice({ video: e.target.value });
                  }}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-2"
                >
                  {devices.video.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || `${LIVE_UI.camera} ${i + 1}`}
                    </option>
                  ))}
                </select>
              </label>
              <label className="block text-sm">
                <span className="font-bold">{LIVE_UI.microphone}</span>
                <select
                  value={audioId}
                  onChange={(e) => {
                    setAudioId(e.target.value);
                    void changeDevice({ audio: e.target.value });
                  }}
                  className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-2"
                >
                  {devices.audio.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || `${LIVE_UI.microphone} ${i + 1}`}
                    </option>
                  ))}
                </select>
              </label>
            </div>
          ) : null}
        </div>

        <div className="flex min-h-0 flex-col gap-3">
          {!listed ? (
            <p className="rounded-lg bg-slate-100 p-3 text-slate-700 text-sm">{LIVE_UI.notListed}</p>
          ) : onAir || state === "starting" ? (
            <div className="space-y-3">
              <p className="font-bold">{live?.title ?? title}</p>
              <button
                type="button"
                onClick={end}
                disabled={state === "starting"}
                className="min-h-12 w-full rounded-xl bg-slate-900 px-4 font-bold text-white disabled:opacity-50"
              >
                {state === "starting" ? LIVE_UI.starting : LIVE_UI.end}
              </button>
              <Link
                to={liveWatchPath(broadcasterId)}
                target="_blank"
                className="inline-flex min-h-11 items-center text-brand-700 text-sm underline"
              >
                {LIVE_UI.watchPage}
              </Link>
            </div>
          ) : (
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                void start();
              }}
            >
              {state === "ended" && ended ? (
                <div role="status" className="rounded-lg bg-slate-100 p-3 text-sm" data-testid="panel-ended">
                  <p className="font-bold">{LIVE_UI.endedByServer}</p>
                  <p className="text-slate-600">{LIVE_UI.endedSummary(ended.peak, ended.comments)}</p>
                </div>
              ) : null}
              <label htmlFor={titleId} className="block font-bold text-sm">
                {LIVE_UI.title}
              </label>
              <input
                id={titleId}
                name="title"
                value={title}
                maxLength={LIVE_TITLE_MAX}
                onChange={(e) => setTitle(e.target.value)}
                placeholder={LIVE_UI.titlePlaceholder}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "live-error" : undefined}
                className="block min-h-11 w-full rounded-lg border border-slate-300 px-3"
              />
              {error ? (
                <p id="live-error" role="alert" className="text-red-700 text-sm">
                  {error}
                </p>
              ) : null}
              <button
                type="submit"
                className="min-h-12 w-full rounded-xl bg-red-600 px-4 font-bold text-white"
              >
                {LIVE_UI.start}
              </button>
            </form>
          )}
          {onAir ? (
            <div className="flex min-h-0 flex-1 flex-col">
              <h3 className="mb-2 font-bold text-sm">{LIVE_UI.comments}</h3>
              <CommentList
                comments={comments}
                className="max-h-80 min-h-40"
                actions={(comment) => (
                  <>
                    <button
                      type="button"
                      onClick={() => void removeComment(comment)}
                      className="min-h-8 rounded-md border border-slate-300 bg-white px-2 text-xs"
                      aria-label={`${comment.nickname}さんのコメントを${LIVE_UI.delete}`}
                    >
                      {LIVE_UI.delete}
                    </button>
                    <button
                      type="button"
                      onClick={() => void blockListener(comment)}
                      className="min-h-8 rounded-md border border-red-300 bg-white px-2 text-red-700 text-xs"
                      aria-label={`${comment.nickname}さんを${LIVE_UI.block}`}
                    >
                      {LIVE_UI.block}
                    </button>
                  </>
                )}
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
