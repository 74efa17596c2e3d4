import { useCallback, useEffect, useRef, useState } from "react";
import { BROADCASTER_HEARTBEAT_MS } from "~/domain/live";
import {
  ApiError,
  api,
  type IceServerConfig,
  type MediaConnection,
  type MediaMode,
  publish,
} from "./live-client";
import { LIVE_UI } from "./live-texts";

export interface PanelLive {
  live_id: string;
  title: string;
  started_at: string;
  viewer_count: number;
  viewer_peak: number;
  comment_count: number;
}

export type BroadcastState = "idle" | "starting" | "live" | "ended";

/**
 * A broadcaster's live (ADR 0031): going live and sending the camera, a beat every
 * 10 s (the server ends a live it has not heard of for 30 s), a reconnect when the network drops,
 * and the end — pressed here or decided by the server — after which the media connection closes and
 * `onOver` releases the camera (ADR 0043).
 */
export function useBroadcast({
  current,
  media,
  onOver,
}: {
  current: PanelLive | null;
  media: { mode: MediaMode; iceServers: IceServerConfig[] };
  onOver(live: PanelLive, figures: { peak: number; comments: number }): void;
}) {
  const connection = useRef<MediaConnection | null>(null);
  const [live, setLive] = useState<PanelLive | null>(current);
  const [state, setState] = useState<BroadcastState>(current ? "live" : "idle");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [mediaUp, setMediaUp] = useState(false);
  const over = useRef(onOver);
  over.current = onOver;

  const stopMedia = useCallback(() => {
    connection.current?.close();
    connection.current = null;
    setMediaUp(false);
  }, []);

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
          if (connection.current === opened)
            void sendMedia(liveId, local).catch(() => setNotice(LIVE_UI.connectionLost));
        }, 2000);
      });
    },
    [media.mode, media.iceServers, stopMedia],
  );

  const finish = useCallback(
    (ended: PanelLive, figures: { peak: number; comments: number }) => {
      stopMedia();
      setState("ended");
      over.current(ended, figures);
    },
    [stopMedia],
  );

  useEffect(() => () => connection.current?.close(), []);

  // The heartbeat.
  useEffect(() => {
    if (state !== "live" || !live) return;
    const beat = async () => {
      try {
        const answer = await api<{ status: string; viewer_peak: number; comment_count: number }>(
          "POST",
          `/api/lives/${live.live_id}/heartbeat`,
        );
        if (answer.status === "ended")
          finish(live, { peak: answer.viewer_peak, comments: answer.comment_count });
      } catch {
        // A missed beat is fine; three in a row end the live on the server.
      }
    };
    void beat();
    const timer = setInterval(beat, BROADCASTER_HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, [state, live, finish]);

  const start = async (title: string, local: MediaStream | null) => {
    setError(null);
    if (!local) return;
    setState("starting");
    try {
      const started = await api<PanelLive>("POST", "/api/lives", { title });
      setLive(started);
      setState("live");
      await sendMedia(started.live_id, local);
      return started;
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
      setState((s) => (s === "starting" ? "idle" : s));
      return null;
    }
  };

  const end = async () => {
    if (!live || !window.confirm(LIVE_UI.endConfirm)) return;
    try {
      const done = await api<{ viewer_peak: number; comment_count: number }>(
        "POST",
        `/api/lives/${live.live_id}/end`,
      );
      finish(live, { peak: done.viewer_peak, comments: done.comment_count });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : LIVE_UI.connectionLost);
    }
  };

  return {
    live,
    state,
    error,
    notice,
    setNotice,
    setError,
    mediaUp,
    start,
    end,
    /** The server said the live ended (the `ended` event). */
    endedByServer: (figures: { peak: number; comments: number }) => live && finish(live, figures),
    resend: (local: MediaStream | null) =>
      local && state === "live" && live
        ? sendMedia(live.live_id, local).catch(() => setNotice(LIVE_UI.connectionLost))
        : undefined,
  };
}
