/**
 * Browser helpers of the post composer (JavaScript only; the plain form works without them):
 * a poster picture from a frame of the chosen video, and the upload with progress.
 */

/** A JPEG of the frame at about one second (or the middle of a shorter video); null when it fails. */
export function posterFromVideo(video: File): Promise<File | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(video);
    const element = document.createElement("video");
    element.muted = true;
    element.playsInline = true;
    element.preload = "auto";
    const finish = (file: File | null) => {
      URL.revokeObjectURL(url);
      element.removeAttribute("src");
      resolve(file);
    };
    element.onerror = () => finish(null);
    element.onloadedmetadata = () => {
      const duration = Number.isFinite(element.duration) ? element.duration : 0;
      element.currentTime = Math.min(1, duration / 2);
    };
    element.onseeked = () => {
      const canvas = document.createElement("canvas");
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      const context = canvas.getContext("2d");
      if (!context || canvas.width === 0) return finish(null);
      context.drawImage(element, 0, 0);
      canvas.toBlob(
        (blob) => finish(blob ? new File([blob], "poster.jpg", { type: "image/jpeg" }) : null),
        "image/jpeg",
        0.85,
      );
    };
    element.src = url;
  });
}

export type UploadAnswer = { status: number; body: unknown };

/** POSTs `form` with XMLHttpRequest (fetch reports no upload progress); `onProgress` gets 0–1. */
export function uploadWithProgress(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, body: request.response });
    request.onerror = () => resolve({ status: 0, body: null });
    request.send(form);
  });
}

/** The message and field of an API error answer (`{error: {message, field}}`). */
export function errorOf(body: unknown): { field: string; message: string } | null {
  const error = (body as { error?: { message?: unknown; field?: unknown } } | null)?.error;
  if (!error || typeof error.message !== "string") return null;
  return { field: typeof error.field === "string" ? error.field : "_form", message: error.message };
}
