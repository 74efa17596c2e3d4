import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { diskObjectStorage } from "~/.server/integrations/storage/disk-storage";
import { type ImageStorage, imageStorage } from "~/.server/integrations/storage/image-storage";
import { keyFromPublicUrl, type ObjectStorage } from "~/.server/integrations/storage/object-storage";
import { type S3Config, s3ObjectStorage } from "~/.server/integrations/storage/s3-storage";

/**
 * Object storages for integration tests: the local disk, and an S3-compatible bucket served by
 * s3rver (a fake S3 on loopback, files in a temporary directory), so the same tests run on both.
 *
 *   describe.each(storages)("… on %s", (kind) => {
 *     let storage: TestStorage;
 *     beforeAll(async () => { storage = await openTestStorage(kind); });
 *     afterAll(async () => { await storage?.close(); });
 *   });
 */
export type StorageKind = ObjectStorage["kind"];

export const storages: StorageKind[] = ["disk", "s3"];

export interface TestStorage {
  kind: StorageKind;
  objects: ObjectStorage;
  images: ImageStorage;
  /** Whether the object behind a stored URL (`/uploads/…`) exists. */
  exists(url: string): Promise<boolean>;
  /** The bytes behind a stored URL. */
  read(url: string): Promise<Buffer>;
  /** DATA_DIR of the disk storage (a temporary directory on S3 too). */
  dataDir: string;
  /** The bucket's settings (S3 only), as env would give them. */
  s3?: S3Config;
  close(): Promise<void>;
}

/** A fake S3 server on loopback (a port of the system's choosing) with one empty bucket. */
export async function startFakeS3(options: { publicUrl?: string } = {}): Promise<{
  config: S3Config;
  close(): Promise<void>;
}> {
  const directory = mkdtempSync(path.join(tmpdir(), "yoru-s3rver-"));
  const bucket = `test-${randomBytes(4).toString("hex")}`;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: "us-east-1",
      // s3rver's fixed credentials.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      publicUrl: options.publicUrl,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function openTestStorage(kind: StorageKind): Promise<TestStorage> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `yoru-storage-${kind}-`));
  const fake = kind === "s3" ? await startFakeS3() : undefined;
  const objects = fake ? s3ObjectStorage(fake.config) : diskObjectStorage(path.join(dataDir, "uploads"));
  const keyOf = (url: string) => {
    const key = keyFromPublicUrl(url);
    if (!key) throw new Error(`not a stored URL: ${url}`);
    return key;
  };
  return {
    kind,
    objects,
    images: imageStorage(objects),
    dataDir,
    s3: fake?.config,
    async exists(url) {
      return (await objects.head(keyOf(url))) !== null;
    },
    async read(url) {
      const object = await objects.get(keyOf(url));
      if (!object) throw new Error(`no object at ${url}`);
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
    async close() {
      if (objects.kind === "s3") (objects as ReturnType<typeof s3ObjectStorage>).client.destroy();
      await fake?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
