import { useEffect, useState } from "react";
import { Link } from "react-router";
import {
  formatElapsed,
  LIVE_TITLE_MAX,
  type LiveCommentEvent,
  type LiveGiftEvent,
  liveWatchPath,
} from "~/domain/live";
import { CommentBox } from "./comment-box";
import { GiftEffect, useGiftEffects } from "./gift-effects";
import { ApiError, api, type IceServerConfig, type MediaMode } from "./live-client";
import { LIVE_UI } from "./live-texts";
import { RankingList } from "./ranking-sheet";
import { PinnedComment, StreamList } from "./stream-list";
import { type PanelLive, useBroadcast } from "./use-broadcast";
import { CAMERA_MESSAGES, useCamera } from "./use-camera";
import { type LiveRoomStart, useLiveRoom } from "./use-live-room";

export type { PanelLive } from "./use-broadcast";

export interface BroadcasterPanelProps {
  listed: boolean;
  broadcasterId: string;
  current:
    | ({ live: PanelLive; lastEventId: number } & Omit<LiveRoomStart, "liveId" | "lastEventId" | "viewers">)
    | null;
  media: { mode: MediaMode; iceServers: IceServerConfig[] };
  /** Where a live's summary is (`/staff/mypage/lives`, `/liver/mypage/lives`). */
  summaryBase: string;
}

/**
 * The broadcaster panel of `/staff/mypage` and `/liver/mypage` (contract §13, §16): the camera
 * (use-camera.ts) and the live (use-broadcast.ts); on air, the room as viewers see it — the stream
 * with fan levels and gift lines, the gift animations, the pinned comment, the ranking and the
 * points this live has earned — and the broadcaster talks back: her comments carry 「配信者」, she
 * pins one for everyone, deletes and blocks. 配信終了 releases the camera and microphone and leads
 * to the live's summary.
 */
export function BroadcasterPanel(props: BroadcasterPanelProps) {
  const { listed, broadcasterId, current, media } = props;
  const camera = useCamera();
  const [title, setTitle] = useState(current?.live.title ?? "");
  const [figures, setFigures] = useState<{ liveId: string; peak: number; comments: number } | null>(null);
  const broadcast = useBroadcast({
    current: current?.live ?? null,
    media,
    onOver: (live, ended) => {
      camera.turnOff();
      setFigures({ liveId: live.live_id, ...ended });
    },
  });
  // A live started here gets its room from the first event; one picked up after a reload, as it was.
  const [room, setRoom] = useState<LiveRoomStart | null>(
    current
      ? {
          ...current,
          liveId: current.live.live_id,
          viewers: { count: current.live.viewer_count, peak: current.live.viewer_peak },
        }
      : null,
  );

  const start = async () => {
    const local = camera.stream.current ?? (await camera.reopen());
    const started = await broadcast.start(title, local);
    if (started)
      setRoom({
        liveId: started.live_id,
        lastEventId: 0,
        comments: [],
        gifts: [],
        pinned: null,
        points: 0,
        ranking: [],
        viewers: { count: started.viewer_count, peak: started.viewer_peak },
      });
  };
  const reopen = async (ids: { video?: string; audio?: string } = {}) => {
    await broadcast.resend(await camera.reopen(ids));
  };

  const onAir = broadcast.state === "live";
  const cameraMessage = CAMERA_MESSAGES[camera.camera];
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
      {onAir && room ? (
        <OnAirRoom
          key={room.liveId}
          room={room}
          live={broadcast.live}
          camera={camera}
          mediaUp={broadcast.mediaUp}
          onEndedByServer={(ended) => {
            broadcast.endedByServer({ peak: ended.viewer_peak, comments: ended.comment_count });
            setRoom(null);
          }}
          onEnd={async () => {
            await broadcast.end();
          }}
          broadcasterId={broadcasterId}
          notice={broadcast.notice}
          error={broadcast.error}
          cameraMessage={cameraMessage}
          onReopen={reopen}
        />
      ) : (
        <div className="grid gap-4 p-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="space-y-3">
            <Preview camera={camera} />
            <CameraNotes
              camera={camera}
              message={cameraMessage}
              notice={broadcast.notice}
              onReopen={reopen}
            />
            <DevicePickers camera={camera} onChange={reopen} />
          </div>
          <div className="space-y-3">
            {figures ? <EndedCard figures={figures} summaryBase={props.summaryBase} /> : null}
            {!listed ? (
              <p className="rounded-lg bg-slate-100 p-3 text-slate-700 text-sm">{LIVE_UI.notListed}</p>
            ) : (
              <GoLiveForm
                title={title}
                setTitle={setTitle}
                starting={broadcast.state === "starting"}
                error={broadcast.error}
                onStart={() => void start()}
              />
            )}
          </div>
        </div>
      )}
    </section>
  );
}

type Camera = ReturnType<typeof useCamera>;

function Preview({ camera, children }: { camera: Camera; children?: React.ReactNode }) {
  return (
    <div className="relative isolate aspect-[4/3] overflow-hidden rounded-xl bg-slate-900">
      <video
        ref={camera.video}
        autoPlay
        muted
        playsInline
        className="h-full w-full object-cover"
        data-testid="preview"
      />
      {camera.camera !== "on" && camera.camera !== "lost" ? (
        <div className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-white/80">
          {camera.camera === "requesting" ? LIVE_UI.starting : LIVE_UI.previewOff}
        </div>
      ) : null}
      {children}
    </div>
  );
}

function CameraNotes({
  camera,
  message,
  notice,
  onReopen,
}: {
  camera: Camera;
  message: string | undefined;
  notice: string | null;
  onReopen(): Promise<void>;
}) {
  return (
    <>
      {message ? (
        <div
          role="alert"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900 text-sm"
          data-testid="camera-message"
        >
          <p>{message}</p>
          {camera.camera === "lost" || camera.camera === "busy" ? (
            <button
              type="button"
              onClick={() => void onReopen()}
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
      {camera.camera === "off" || camera.camera === "refused" || camera.camera === "missing" ? (
        <button
          type="button"
          onClick={() => void onReopen()}
          className="min-h-11 w-full rounded-lg border border-brand-600 px-4 font-bold text-brand-700"
        >
          {LIVE_UI.enableCamera}
        </button>
      ) : null}
    </>
  );
}

function DevicePickers({
  camera,
  onChange,
}: {
  camera: Camera;
  onChange(ids: { video?: string; audio?: string }): void;
}) {
  if (camera.devices.video.length === 0) return null;
  const picker = (kind: "video" | "audio") => {
    const list = kind === "video" ? camera.devices.video : camera.devices.audio;
    const label = kind === "video" ? LIVE_UI.camera : LIVE_UI.microphone;
    return (
      <label className="block text-sm">
        <span className="font-bold">{label}</span>
        <select
          value={kind === "video" ? camera.videoId : camera.audioId}
          onChange={(e) => {
            (kind === "video" ? camera.setVideoId : camera.setAudioId)(e.target.value);
            onChange({ [kind]: e.target.value });
          }}
          className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-2"
        >
          {list.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || `${label} ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {picker("video")}
      {picker("audio")}
    </div>
  );
}

function GoLiveForm({
  title,
  setTitle,
  starting,
  error,
  onStart,
}: {
  title: string;
  setTitle(title: string): void;
  starting: boolean;
  error: string | null;
  onStart(): void;
}) {
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onStart();
      }}
    >
      <label htmlFor="live-title" className="block font-bold text-sm">
        {LIVE_UI.title}
      </label>
      <input
        id="live-title"
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
        disabled={starting}
        className="min-h-12 w-full rounded-xl bg-red-600 px-4 font-bold text-white disabled:opacity-50"
      >
        {starting ? LIVE_UI.starting : LIVE_UI.start}
      </button>
    </form>
  );
}

function EndedCard({
  figures,
  summaryBase,
}: {
  figures: { liveId: string; peak: number; comments: number };
  summaryBase: string;
}) {
  return (
    <div role="status" className="space-y-2 rounded-xl bg-slate-100 p-3 text-sm" data-testid="panel-ended">
      <p className="font-bold">{LIVE_UI.endedByServer}</p>
      <p className="text-slate-600">{LIVE_UI.endedSummary(figures.peak, figures.comments)}</p>
      <p className="text-slate-600">{LIVE_UI.cameraReleased}</p>
      <Link
        to={`${summaryBase}/${figures.liveId}`}
        className="inline-flex min-h-11 items-center rounded-full bg-pink-600 px-4 font-bold text-white"
        data-testid="summary-link"
      >
        {LIVE_UI.summaryLink}
      </Link>
    </div>
  );
}

/** The room on air: the camera with its figures and the gift animations, the stream and the tools. */
function OnAirRoom({
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
        {/* Her own comments carry 「配信者」 (contract §16). */}
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
