import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s3ObjectStorage } from "~/.server/integrations/storage/s3-storage";
import { serveUploads } from "../../server/serve-uploads";
import { openTestStorage, startFakeS3, storages, type TestStorage } from "../support/storages";

/** Serves `/uploads` from `storage` on a loopback port of the system's choosing. */
async function listen(handler: express.RequestHandler): Promise<{ base: string; server: Server }> {
  const app = express();
  app.use("/uploads", handler);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const BYTES = Buffer.from("0123456789abcdefghijklmnopqrstuvwxyz"); // 36 bytes

/** `/uploads/<key>` with byte ranges, through this server: the disk, and a bucket without S3_PUBLIC_URL. */
describe.each(storages)("/uploads with ranges on %s", (kind) => {
  let storage: TestStorage;
  let base: string;
  let server: Server;
  let url: string;
  beforeAll(async () => {
    storage = await openTestStorage(kind);
    ({ base, server } = await listen(serveUploads(storage.objects)));
    await storage.objects.put("posts/p-1/clip.mp4", BYTES, { contentType: "video/mp4" });
    url = `${base}/uploads/posts/p-1/clip.mp4`;
  });
  afterAll(async () => {
    server?.close();
    await storage?.close();
  });

  it("answers the whole file with its type, length, validators and Accept-Ranges", async () => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("content-length")).toBe("36");
    expect(response.headers.get("etag")).toMatch(/^"/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(BYTES);
  });

  it("answers the first bytes with 206 and Content-Range", async () => {
    const response = await fetch(url, { headers: { Range: "bytes=0-3" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 0-3/36");
    expect(response.headers.get("content-length")).toBe("4");
    expect(await response.text()).toBe("0123");
  });

  it("answers a suffix range (the last bytes) and an open-ended one", async () => {
    const suffix = await fetch(url, { headers: { Range: "bytes=-5" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 31-35/36");
    expect(await suffix.text()).toBe("vwxyz");
    const open = await fetch(url, { headers: { Range: "bytes=30-" } });
    expect(open.headers.get("content-range")).toBe("bytes 30-35/36");
    expect(await open.text()).toBe("uvwxyz");
  });

  it("answers 416 with the size for a range beyond the end", async () => {
    const response = await fetch(url, { headers: { Range: "bytes=36-40" } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("bytes */36");
    expect((await fetch(url, { headers: { Range: "bytes=-0" } })).status).toBe(416);
  });

  it("ignores a malformed or multiple Range and answers the whole file", async () => {
    for (const range of ["bytes=5-2", "bytes=abc", "bytes=0-1,4-5"]) {
      const response = await fetch(url, { headers: { Range: range } });
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(36);
    }
  });

  it("honours If-Range: the range for the same object, the whole file for another version", async () => {
    const etag = (await fetch(url, { method: "HEAD" })).headers.get("etag")!;
    const same = await fetch(url, { headers: { Range: "bytes=0-1", "If-Range": etag } });
    expect(same.status).toBe(206);
    await same.arrayBuffer();
    const changed = await fetch(url, { headers: { Range: "bytes=0-1", "If-Range": '"other"' } });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });

  it("answers HEAD without a body and 304 for a matching If-None-Match", async () => {
    const head = await fetch(url, { method: "HEAD", headers: { Range: "bytes=0-9" } });
    expect(head.status).toBe(206);
    expect(head.headers.get("content-length")).toBe("10");
    expect(await head.text()).toBe("");
    const etag = head.headers.get("etag")!;
    expect((await fetch(url, { headers: { "If-None-Match": etag } })).status).toBe(304);
  });

  it("answers 404 for a missing object, a bad key or a path escape", async () => {
    for (const path of ["posts/p-1/none.mp4", "..%2f..%2fauth-secret", "%E0%A4%A", ".hidden", ""]) {
      const response = await fetch(`${base}/uploads/${path}`);
      expect(response.status).toBe(404);
      await response.arrayBuffer();
    }
  });
});

describe("/uploads on S3 with S3_PUBLIC_URL", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let base: string;
  let server: Server;
  beforeAll(async () => {
    fake = await startFakeS3({ publicUrl: "https://cdn.yoru.example/uploads" });
    ({ base, server } = await listen(serveUploads(s3ObjectStorage(fake.config))));
  });
  afterAll(async () => {
    server?.close();
    await fake?.close();
  });

  it("redirects to the public URL (302) so the bytes never pass through the server", async () => {
    const response = await fetch(`${base}/uploads/livers/abc/x.webp`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://cdn.yoru.example/uploads/livers/abc/x.webp");
    expect((await fetch(`${base}/uploads/..%2fx`, { redirect: "manual" })).status).toBe(404);
  });
});
