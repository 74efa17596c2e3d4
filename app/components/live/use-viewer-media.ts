import { useCallback, useEffect, useRef, useState } from "react";
import { VIEWER_HEARTBEAT_MS } from "~/domain/live";
import {
  ApiError,
  api,
  type IceServerConfig,
  type MediaConnection,
  type MediaMode,
  subscribe,
} from "./live-client";

export type Watch = "joining" | "full" | "watching" | "error";

/**
 * A viewer's place and media (ADR 0031): joining takes a place under the cap (「満員です」 beyond
 * it), a beat every 15 s keeps it — saying whether the page is on screen, so a signed-in
 * listener's minute counts for her fan level (ADR 0043) — and the place is given back when the page
 * goes; a dropped media connection reconnects by itself, a forgotten place joins again.
 */
export function useViewerMedia(liveId: string, media: { mode: MediaMode; iceServers: IceServerConfig[] }) {
  const video = useRef<HTMLVideoElement>(null);
  const connection = useRef<MediaConnection | null>(null);
  const viewerId = useRef<string | null>(null);
  const [watch, setWatch] = useState<Watch>("joining");
  const [muted, setMuted] = useState(true);
  const [playing, setPlaying] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const connect = useCallback(
    async (id: string) => {
      connection.current?.close();
      const opened = await subscribe(liveId, id, media.mode, media.iceServers);
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
    [liveId, media.mode, media.iceServers],
  );

  // Join, then the media; `attempt` joins again (retry, or a place forgotten while the tab slept).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let cancelled = false;
    setWatch("joining");
    (async () => {
      try {
        const joined = await api<{ viewer_id: string }>("POST", `/api/lives/${liveId}/viewers`);
        if (cancelled) return;
        viewerId.current = joined.viewer_id;
        setWatch("watching");
        await connect(joined.viewer_id);
      } catch (caught) {
        if (!cancelled) setWatch(caught instanceof ApiError && caught.reason === "full" ? "full" : "error");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [liveId, connect, attempt]);

  useEffect(() => {
    if (watch !== "watching") return;
    const timer = setInterval(async () => {
      const id = viewerId.current;
      if (!id) return;
      try {
        await api("PUT", `/api/lives/${liveId}/viewers/${id}`, {
          visible: document.visibilityState === "visible",
        });
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 404) setAttempt((n) => n + 1);
      }
    }, VIEWER_HEARTBEAT_MS);
    const leave = () => {
      const id = viewerId.current;
      if (id) void fetch(`/api/lives/${liveId}/viewers/${id}`, { method: "DELETE", keepalive: true });
    };
    window.addEventListener("pagehide", leave);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
      connection.current?.close();
      connection.current = null;
    };
  }, [watch, liveId]);

  /** The live ended: the media goes, the place is gone already. */
  const stop = useCallback(() => {
    connection.current?.close();
    connection.current = null;
    viewerId.current = null;
  }, []);

  const unmute = useCallback(() => {
    const el = video.current;
    if (!el) return;
    el.muted = false;
    setMuted(false);
    void el.play().catch(() => {});
  }, []);

  return {
    video,
    watch,
    muted,
    playing,
    onPlaying: () => setPlaying(true),
    unmute,
    retry: () => setAttempt((n) => n + 1),
    stop,
  };
}
