import { useCallback, useEffect, useRef, useState } from "react";
import { reloadIfFeatureBlocked } from "~/components/feature-policy";
import { LIVE_UI } from "./live-texts";

const RESUME_CAMERA = "live:resume-camera";

export type CameraState = "off" | "requesting" | "on" | "refused" | "missing" | "busy" | "lost";

export const CAMERA_MESSAGES: Partial<Record<CameraState, string>> = {
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
 * The broadcaster's camera and microphone (ADR 0031): chosen, previewed, reopened after a loss,
 * and released — every track stopped, so the browser's camera light goes off — when the live ends
 * or the page goes (ADR 0043). Reached by a client-side navigation, the page has the policy of a
 * page without a camera: it reloads as a document and the camera comes back by itself.
 */
export function useCamera() {
  const videoElement = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  // A callback ref: the preview is a new <video> when the panel goes from setup to on air, and
  // each one shows the open camera as it mounts.
  const video = useCallback((element: HTMLVideoElement | null) => {
    videoElement.current = element;
    if (element && element.srcObject !== stream.current) element.srcObject = stream.current;
  }, []);
  const [camera, setCamera] = useState<CameraState>("off");
  const [devices, setDevices] = useState<{ video: MediaDeviceInfo[]; audio: MediaDeviceInfo[] }>({
    video: [],
    audio: [],
  });
  const [videoId, setVideoId] = useState("");
  const [audioId, setAudioId] = useState("");

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (videoElement.current) videoElement.current.srcObject = null;
  }, []);

  const open = useCallback(
    async (ids: { video?: string; audio?: string } = {}) => {
      sessionStorage.setItem(RESUME_CAMERA, "1");
      if (reloadIfFeatureBlocked("camera")) return null;
      sessionStorage.removeItem(RESUME_CAMERA);
      setCamera("requesting");
      release();
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
        if (videoElement.current) videoElement.current.srcObject = next;
        for (const track of next.getTracks())
          track.addEventListener("ended", () => {
            // A track we stopped ourselves ends too: only a loss while still open is one.
            if (stream.current === next) setCamera("lost");
          });
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
    [release],
  );

  // The camera asked for before a reload (see open) comes on without a second tap.
  useEffect(() => {
    if (sessionStorage.getItem(RESUME_CAMERA)) void open();
  }, [open]);

  // Released when the page goes.
  useEffect(() => release, [release]);

  /** Off, as after the end of a live: the tracks stopped, the preview empty. */
  const turnOff = useCallback(() => {
    release();
    setCamera("off");
  }, [release]);

  return {
    video,
    stream,
    camera,
    devices,
    videoId,
    audioId,
    setVideoId,
    setAudioId,
    open,
    turnOff,
    /** The current selection, opened again (a loss, or another device chosen). */
    reopen: (ids: { video?: string; audio?: string } = {}) =>
      open({ video: ids.video ?? videoId, audio: ids.audio ?? audioId }),
  };
}
