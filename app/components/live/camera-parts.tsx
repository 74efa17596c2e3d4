import { LIVE_UI } from "./live-texts";
import type { useCamera } from "./use-camera";

// The camera's parts of the broadcaster panel: the preview, what went wrong with the camera, and
// the choice of camera and microphone (use-camera.ts holds the stream).

export type Camera = ReturnType<typeof useCamera>;

export function Preview({ camera, children }: { camera: Camera; children?: React.ReactNode }) {
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

export function CameraNotes({
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

export function DevicePickers({
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
