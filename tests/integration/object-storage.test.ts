import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ObjectStorage } from "~/.server/integrations/storage/object-storage";
import { s3ObjectStorage } from "~/.server/integrations/storage/s3-storage";
import { ensureDemoImages } from "~/.server/seed/demo-images";
import { openTestStorage, storages, type TestStorage } from "../support/storages";

const text = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

/** The storage port and the picture layer over it: the same tests on the disk and on S3 (s3rver). */
describe.each(storages)("object storage on %s", (kind) => {
  let storage: TestStorage;
  let objects: ObjectStorage;
  beforeAll(async () => {
    storage = await openTestStorage(kind);
    objects = storage.objects;
  });
  afterAll(async () => {
    await storage?.close();
  });

  it("is usable (check) and says where it is", async () => {
    await objects.check();
    expect(objects.location).toMatch(kind === "disk" ? /uploads$/ : /^s3:\/\/test-/);
  });

  it("stores a buffer and answers its size, type and bytes; deletes it (twice is fine)", async () => {
    const info = await objects.put("livers/a-1/pic.webp", Buffer.from("webp bytes"), {
      contentType: "image/webp",
    });
    expect(info).toMatchObject({ key: "livers/a-1/pic.webp", size: 10, contentType: "image/webp" });
    const head = await objects.head("livers/a-1/pic.webp");
    expect(head).toMatchObject({ size: 10, contentType: "image/webp" });
    expect(head!.etag).toMatch(/^"[^"]+"$/);
    const object = await objects.get("livers/a-1/pic.webp");
    expect(object!.range).toEqual({ start: 0, end: 9 });
    expect(await text(object!.body)).toBe("webp bytes");

    await objects.delete("livers/a-1/pic.webp");
    expect(await objects.head("livers/a-1/pic.webp")).toBeNull();
    expect(await objects.get("livers/a-1/pic.webp")).toBeNull();
    await objects.delete("livers/a-1/pic.webp");
  });

  it("stores a stream of several chunks with its declared size, and reads byte ranges of it", async () => {
    const chunks = Array.from({ length: 64 }, (_, i) => Buffer.alloc(1024, 65 + (i % 26)));
    await objects.put("posts/p-1/video.mp4", Readable.from(chunks), {
      contentType: "video/mp4",
      size: 64 * 1024,
    });
    expect(await objects.head("posts/p-1/video.mp4")).toMatchObject({
      size: 65536,
      contentType: "video/mp4",
    });
    const first = await objects.get("posts/p-1/video.mp4", { range: { start: 0, end: 3 } });
    expect(first!.range).toEqual({ start: 0, end: 3 });
    expect(first!.size).toBe(65536);
    expect(await text(first!.body)).toBe("AAAA");
    const across = await objects.get("posts/p-1/video.mp4", { range: { start: 1022, end: 1025 } });
    expect(await text(across!.body)).toBe("AABB");
    const last = await objects.get("posts/p-1/video.mp4", { range: { start: 65535, end: 65535 } });
    expect(await text(last!.body)).toBe("L"); // chunk 63: 65 + 63 % 26
  });

  it("refuses a range outside the object", async () => {
    await objects.put("demo/small.webp", Buffer.from("0123456789"), { contentType: "image/webp" });
    await expect(objects.get("demo/small.webp", { range: { start: 5, end: 10 } })).rejects.toThrow(
      RangeError,
    );
    await expect(objects.get("demo/small.webp", { range: { start: 6, end: 5 } })).rejects.toThrow(RangeError);
  });

  it("fails a stream that is shorter or longer than declared, or has no size, and keeps nothing", async () => {
    await expect(
      objects.put("posts/p-2/short.mp4", Readable.from([Buffer.from("abc")]), {
        contentType: "video/mp4",
        size: 10,
      }),
    ).rejects.toThrow();
    await expect(
      objects.put("posts/p-2/long.mp4", Readable.from([Buffer.alloc(20)]), {
        contentType: "video/mp4",
        size: 10,
      }),
    ).rejects.toThrow();
    await expect(
      objects.put("posts/p-2/unsized.mp4", Readable.from([Buffer.alloc(20)]), { contentType: "video/mp4" }),
    ).rejects.toThrow(/size/);
    expect(await objects.head("posts/p-2/short.mp4")).toBeNull();
    expect(await objects.head("posts/p-2/long.mp4")).toBeNull();
    const keys: string[] = [];
    for await (const item of objects.list()) keys.push(item.key);
    expect(keys.filter((key) => key.startsWith("posts/p-2/"))).toEqual([]);
  });

  it("refuses keys that could leave the storage root or hide a file", async () => {
    for (const key of [
      "../auth-secret",
      "/etc/passwd",
      "a//b.webp",
      ".hidden",
      "livers/../x.webp",
      "a/.b",
      "",
    ]) {
      await expect(objects.put(key, Buffer.from("x"), { contentType: "image/webp" })).rejects.toThrow(
        /invalid storage key/,
      );
      await expect(objects.head(key)).rejects.toThrow(/invalid storage key/);
    }
  });

  it("lists every object with its size", async () => {
    await objects.put("staffs/s-1/a.webp", Buffer.from("aa"), { contentType: "image/webp" });
    await objects.put("staffs/s-1/b.webp", Buffer.from("bbb"), { contentType: "image/webp" });
    const found = new Map<string, number>();
    for await (const item of objects.list()) found.set(item.key, item.size);
    expect(found.get("staffs/s-1/a.webp")).toBe(2);
    expect(found.get("staffs/s-1/b.webp")).toBe(3);
  });

  it("answers /uploads/<key> as the URL rows keep, and no direct URL without S3_PUBLIC_URL", () => {
    expect(objects.publicUrl("livers/a-1/pic.webp")).toBe("/uploads/livers/a-1/pic.webp");
    expect(objects.directUrl("livers/a-1/pic.webp")).toBeNull();
  });

  describe("pictures (ImageStorage over the port)", () => {
    it("saves under a random name in the folder, answers /uploads/…, removes by that URL", async () => {
      const url = await storage.images.save("livers/abc-123", Buffer.from("webp bytes"));
      expect(url).toMatch(/^\/uploads\/livers\/abc-123\/[A-Za-z0-9_-]{22}\.webp$/);
      expect((await storage.read(url)).toString()).toBe("webp bytes");
      expect((await objects.head(url.slice("/uploads/".length)))?.contentType).toBe("image/webp");
      await storage.images.remove(url);
      expect(await storage.exists(url)).toBe(false);
      await storage.images.remove(url); // already gone: fine
    });

    it("refuses unsafe folders and ignores URLs it did not give (demo pictures stay)", async () => {
      await expect(storage.images.save("../etc", Buffer.from("x"))).rejects.toThrow(/unsafe/);
      await expect(storage.images.save("livers/../../x", Buffer.from("x"))).rejects.toThrow(/unsafe/);
      await objects.put("demo/store-01.webp", Buffer.from("demo"), { contentType: "image/webp" });
      await storage.images.remove("/uploads/demo/store-01.webp");
      await storage.images.remove("/uploads/../../auth-secret");
      await storage.images.remove("https://example.com/a.webp");
      expect(await storage.exists("/uploads/demo/store-01.webp")).toBe(true);
    });
  });

  it("has the demo pictures the seed refers to (copied into a bucket, in place on the disk)", async () => {
    const demo = await ensureDemoImages(storage.dataDir, { stores: 2, staff: 1 }, objects);
    expect(demo.storeImages).toEqual(["/uploads/demo/store-01.webp", "/uploads/demo/store-02.webp"]);
    // store-01 was written by an earlier test ("demo"): kept, as any existing file is.
    for (const url of [demo.storeImages[1]!, ...demo.staffImages]) {
      const info = await objects.head(url.slice("/uploads/".length));
      expect(info?.contentType).toBe("image/webp");
      expect(info!.size).toBeGreaterThan(100);
    }
    const before = await objects.head("demo/staff-01.webp");
    await ensureDemoImages(storage.dataDir, { stores: 2, staff: 1 }, objects);
    expect((await objects.head("demo/staff-01.webp"))?.etag).toBe(before!.etag);
  });
});

describe("an S3 bucket that does not exist", () => {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await openTestStorage("s3");
  });
  afterAll(async () => {
    await storage?.close();
  });

  it("fails the check with the bucket's name", async () => {
    const missing = s3ObjectStorage({ ...storage.s3!, bucket: "no-such-bucket" });
    await expect(missing.check()).rejects.toThrow(
      /cannot reach bucket no-such-bucket at http:\/\/127\.0\.0\.1:\d+: NotFound \(HTTP 404\)/,
    );
    missing.client.destroy();
  });
});
