/**
 * The form data of a request whose body may carry files, read with a byte limit: a body larger
 * than `maxBytes` is refused as soon as the limit is passed, before it is held in memory whole
 * (`request.formData()` alone would buffer any size the client sends).
 */
export type LimitedFormData = { ok: true; form: FormData } | { ok: false; error: "too_large" | "unreadable" };

export async function readLimitedFormData(request: Request, maxBytes: number): Promise<LimitedFormData> {
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return { ok: false, error: "too_large" };
  if (!request.body) return { ok: false, error: "unreadable" };

  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        // Not awaited: on a clone (`request.clone()`), cancelling settles only once the other
        // branch is read too, which its caller does after this answer.
        void reader.cancel().catch(() => {});
        return { ok: false, error: "too_large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, error: "unreadable" };
  }
  try {
    const body = new Blob(chunks as BlobPart[]);
    const form = await new Response(body, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, error: "unreadable" };
  }
}
