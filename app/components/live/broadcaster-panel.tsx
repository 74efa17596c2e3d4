import { useState } from "react";
import { Link } from "react-router";
import { LIVE_TITLE_MAX } from "~/domain/live";
import { CameraNotes, DevicePickers, Preview } from "./camera-parts";
import type { IceServerConfig, MediaMode } from "./live-client";
import { LIVE_UI } from "./live-texts";
import { OnAirRoom } from "./on-air-room";
import { type PanelLive, useBroadcast } from "./use-broadcast";
import { CAMERA_MESSAGES, useCamera } from "./use-camera";
import type { LiveRoomStart } from "./use-live-room";

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
 * The broadcaster panel of `/staff/mypage` and `/liver/mypage` (ADR 0031, 0043): the camera
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
