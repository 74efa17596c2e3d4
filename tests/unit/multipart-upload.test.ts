import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readMultipartUpload } from "~/.server/http/multipart-upload";

const limits = { fileBytes: { images: 1000, video: 5000 }, maxFiles: 3, textBytes: 100 };

/** A request carrying `form` as the browser would send it, delivered in small chunks. */
async function requestOf(form: FormData, chunk = 7): Promise<Request> {
  const encoded = new Request("http://x/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunk) controller.enqueue(bytes.slice(at, at + chunk));
      controller.close();
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body,
    headers: { "content-type": encoded.headers.get("content-type")! },
    duplex: "half",
  } as RequestInit);
}

describe("readMultipartUpload", () => {
  it("keeps text fields and writes files to temporary files, whatever the chunking", async () => {
    for (const chunk of [1, 7, 64, 100_000]) {
      const form = new FormData();
      form.append("caption", "こんばんは\r\n--not a boundary");
      form.append("images", new File([new Uint8Array(900).fill(1)], "a.png", { type: "image/png" }));
      form.append("images", new File(["\r\n--x"], "b.jpg"));
      form.append("video", new File([], ""), "");
      const result = await readMultipartUpload(await requestOf(form, chunk), limits);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const { upload } = result;
      expect(upload.fields.get("caption")).toEqual(["こんばんは\r\n--not a boundary"]);
      expect(upload.files.map((f) => [f.field, f.fileName, f.size])).toEqual([
        ["images", "a.png", 900],
        ["images", "b.jpg", 5],
      ]);
      expect(readFileSync(upload.files[1]!.path, "utf8")).toBe("\r\n--x");
      await upload.cleanup();
      expect(existsSync(upload.files[0]!.path)).toBe(false);
    }
  });

  it("stops at a file over its field's limit and leaves no file behind", async () => {
    const form = new FormData();
    form.append("images", new File([new Uint8Array(1001)], "a.png"));
    expect(await readMultipartUpload(await requestOf(form), limits)).toEqual({
      ok: false,
      error: "too_large",
      field: "images",
    });
  });

  it("refuses too many files, files in unknown fields, too much text and a body that is not multipart", async () => {
    const many = new FormData();
    for (let i = 0; i < 4; i++) many.append("images", new File(["x"], `${i}.png`));
    expect(await readMultipartUpload(await requestOf(many), limits)).toMatchObject({
      error: "too_many_files",
    });
    const unknown = new FormData();
    unknown.append("other", new File(["x"], "x.bin"));
    expect(await readMultipartUpload(await requestOf(unknown), limits)).toMatchObject({ error: "too_large" });
    const text = new FormData();
    text.append("caption", "あ".repeat(40));
    expect(await readMultipartUpload(await requestOf(text), limits)).toMatchObject({ error: "too_large" });
    const json = new Request("http://x/", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(await readMultipartUpload(json, limits)).toEqual({ ok: false, error: "unreadable" });
  });

  it("refuses a body cut short", async () => {
    const form = new FormData();
    form.append("caption", "x");
    const whole = await requestOf(form);
    const bytes = new Uint8Array(await whole.arrayBuffer());
    const cut = new Request("http://x/", {
      method: "POST",
      body: bytes.slice(0, bytes.length - 10),
      headers: { "content-type": whole.headers.get("content-type")! },
    });
    expect(await readMultipartUpload(cut, limits)).toEqual({ ok: false, error: "unreadable" });
  });
});
