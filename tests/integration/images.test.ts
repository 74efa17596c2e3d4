import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { readLimitedFormData } from "~/.server/http/limited-form-data";
import { processImage } from "~/.server/integrations/images/process-image";
import { createSlots } from "~/.server/integrations/images/slots";
import { diskObjectStorage } from "~/.server/integrations/storage/disk-storage";
import { imageStorage } from "~/.server/integrations/storage/image-storage";
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE } from "~/domain/images";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 120 } } });

describe("processImage (sharp)", () => {
  it("re-encodes JPEG, PNG, GIF and WebP as WebP", async () => {
    for (const encode of [
      (s: Sharp) => s.jpeg(),
      (s: Sharp) => s.png(),
      (s: Sharp) => s.gif(),
      (s: Sharp) => s.webp(),
    ]) {
      const input = await encode(solid(64, 48)).toBuffer();
      const result = await processImage(input);
      expect(result.ok).toBe(true);
      if (!result.ok) continue;
      const meta = await sharp(result.data).metadata();
      expect(meta.format).toBe("webp");
      expect([meta.width, meta.height]).toEqual([64, 48]);
    }
  });

  it("drops EXIF (GPS, camera) and turns the picture upright", async () => {
    // 40×20 stored, EXIF orientation 6 (rotate 90° clockwise to view): shown as 20×40.
    const input = await solid(40, 20)
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam", Model: "X1" }, IFD3: { GPSLatitudeRef: "N" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const result = await processImage(input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const after = await sharp(result.data).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(result.data.includes(Buffer.from("SecretCam"))).toBe(false);
  });

  it("shrinks a large picture to fit the long side, never enlarges a small one", async () => {
    const big = await processImage(await solid(3200, 1000).png().toBuffer());
    expect(big.ok && [big.width, big.height]).toEqual([IMAGE_MAX_SIDE, 500]);
    const small = await processImage(await solid(300, 200).png().toBuffer());
    expect(small.ok && [small.width, small.height]).toEqual([300, 200]);
  });

  it.each([
    ["empty", new Uint8Array(0), "broken"],
    ["text pretending to be an image", Buffer.from("<script>alert(1)</script>"), "unsupported"],
    [
      "an SVG (scripts can live in SVG)",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      "unsupported",
    ],
    ["over the byte limit", new Uint8Array(IMAGE_MAX_BYTES + 1), "too_large"],
  ] as const)("refuses %s", async (_name, input, error) => {
    expect(await processImage(input)).toEqual({ ok: false, error });
  });

  it("refuses a picture with too many pixels before decoding it (decompression bomb)", async () => {
    // A tiny PNG that claims 10000 × 10000 pixels of one colour.
    const bomb = await sharp({
      create: { width: 10_000, height: 10_000, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await processImage(bomb)).toEqual({ ok: false, error: "too_many_pixels" });
  });

  it("refuses a truncated JPEG", async () => {
    // Noise, so the compressed data is long and the cut falls after the header.
    const full = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const result = await processImage(full.subarray(0, Math.floor(full.byteLength / 2)));
    expect(result).toEqual({ ok: false, error: "broken" });
  });
});

describe("image storage on the local disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "yoru-images-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const storage = imageStorage(diskObjectStorage(path.join(dir, "uploads")));

  it("saves under DATA_DIR/uploads and answers a public URL; removes by that URL", async () => {
    const url = await storage.save("livers/abc-123", Buffer.from("webp bytes"));
    expect(url).toMatch(/^\/uploads\/livers\/abc-123\/[A-Za-z0-9_-]{22}\.webp$/);
    const file = path.join(dir, "uploads", url.slice("/uploads/".length));
    expect(readFileSync(file, "utf8")).toBe("webp bytes");
    await storage.remove(url);
    expect(existsSync(file)).toBe(false);
    await storage.remove(url); // already gone: fine
  });

  it("refuses unsafe folders and ignores URLs it did not give", async () => {
    await expect(storage.save("../etc", Buffer.from("x"))).rejects.toThrow(/unsafe/);
    await expect(storage.save("livers/../../x", Buffer.from("x"))).rejects.toThrow(/unsafe/);
    await storage.remove("/uploads/../../auth-secret");
    await storage.remove("https://example.com/a.webp");
  });
});

describe("readLimitedFormData", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request("http://localhost/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);

  it("reads a multipart body under the limit, files included", async () => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("image", new Blob([new Uint8Array(1000)], { type: "image/png" }), "a.png");
    const result = await readLimitedFormData(post(form), 10_000);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form.get("intent")).toBe("upload");
    expect((result.form.get("image") as File).size).toBe(1000);
  });

  it("refuses a body over the limit, declared or not", async () => {
    const form = new FormData();
    form.set("image", new Blob([new Uint8Array(5000)]), "a.png");
    expect(await readLimitedFormData(post(form), 1000)).toEqual({ ok: false, error: "too_large" });
    // A streamed body without Content-Length.
    const stream = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new Uint8Array(500));
        controller.close();
      },
    });
    expect(
      await readLimitedFormData(post(stream, { "content-type": "multipart/form-data; boundary=x" }), 1000),
    ).toEqual({
      ok: false,
      error: "too_large",
    });
  });

  it("answers unreadable for a body that is not form data", async () => {
    expect(await readLimitedFormData(post("{}", { "content-type": "application/json" }), 1000)).toEqual({
      ok: false,
      error: "unreadable",
    });
  });
});

describe("createSlots", () => {
  it("never runs more tasks than it has slots, runs them all, and frees a slot on failure", async () => {
    const slots = createSlots(2);
    let running = 0;
    let most = 0;
    const task = (i: number) =>
      slots.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (i === 3) throw new Error("broken picture");
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => task(i)));
    expect(most).toBe(2);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(7);
    expect(slots.running).toBe(0);
    expect(slots.waiting).toBe(0);
  });
});
