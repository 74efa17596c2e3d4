import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyObjects } from "~/.server/integrations/storage/copy-objects";
import { diskObjectStorage } from "~/.server/integrations/storage/disk-storage";
import { s3ObjectStorage } from "~/.server/integrations/storage/s3-storage";
import { startFakeS3 } from "../support/storages";

const run = promisify(execFile);

/** DATA_DIR/uploads as a running site leaves it: pictures, demo pictures, a partial write. */
function makeUploads(dataDir: string): Record<string, string> {
  const files: Record<string, string> = {
    "livers/store-1/aaaaaaaaaaaaaaaaaaaaaa.webp": "store picture",
    "staffs/staff-1/bbbbbbbbbbbbbbbbbbbbbb.webp": "staff picture",
    "demo/store-01.webp": "demo",
    "listeners/l-1/_ccccccccccccccccccccc.webp": "",
  };
  for (const [key, content] of Object.entries(files)) {
    const file = path.join(dataDir, "uploads", key);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  // Never objects: a write in progress and the seed's temporary file.
  writeFileSync(path.join(dataDir, "uploads", "livers", "store-1", ".x.webp.abc.part"), "half");
  writeFileSync(path.join(dataDir, "uploads", "demo", "store-02.webp.123.tmp"), "half");
  return files;
}

describe("copying the disk's uploads to S3", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let dataDir: string;
  let files: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeS3();
    dataDir = mkdtempSync(path.join(tmpdir(), "yoru-migrate-"));
    files = makeUploads(dataDir);
  });
  afterAll(async () => {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("copies every file with its bytes and type, then skips them all; re-copies one that differs", async () => {
    const from = diskObjectStorage(path.join(dataDir, "uploads"));
    const to = s3ObjectStorage(fake.config);
    const seen: string[] = [];
    const first = await copyObjects({
      from,
      to,
      onProgress: (p) => seen.push(`${p.done}/${p.total} ${p.outcome}`),
    });
    expect(first).toMatchObject({ total: 4, copied: 4, skipped: 0, failed: [] });
    expect(first.bytes).toBe(Object.values(files).join("").length);
    expect(seen).toHaveLength(4);
    expect(seen.at(-1)).toBe("4/4 copied");
    for (const [key, content] of Object.entries(files)) {
      const object = await to.get(key);
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(content);
      expect(object!.contentType).toBe("image/webp");
    }

    expect(await copyObjects({ from, to })).toMatchObject({ total: 4, copied: 0, skipped: 4 });

    await to.put("demo/store-01.webp", Buffer.from("cut"), { contentType: "image/webp" });
    expect(await copyObjects({ from, to })).toMatchObject({ copied: 1, skipped: 3 });
    expect((await to.head("demo/store-01.webp"))?.size).toBe(4);
    to.client.destroy();
  });
});

describe("npm run storage:migrate", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let dataDir: string;
  beforeAll(async () => {
    fake = await startFakeS3();
    dataDir = mkdtempSync(path.join(tmpdir(), "yoru-migrate-cli-"));
    makeUploads(dataDir);
  });
  afterAll(async () => {
    await fake?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const migrate = (env: Record<string, string>) =>
    run(path.resolve("node_modules/.bin/tsx"), ["scripts/storage-migrate.ts"], {
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
        ...env,
      },
    });
  const s3Env = () => ({
    S3_ENDPOINT: fake.config.endpoint!,
    S3_BUCKET: fake.config.bucket,
    S3_REGION: fake.config.region,
    S3_ACCESS_KEY_ID: fake.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.config.secretAccessKey,
  });

  it("copies the files with progress, and copies nothing on a second run", async () => {
    const first = await migrate(s3Env());
    expect(first.stderr).toContain(`→ s3://${fake.config.bucket}`);
    expect(first.stderr).toMatch(/100% files 4\/4/);
    expect(first.stdout).toMatch(/4 files: 4 copied \(0\.0 MB\), 0 already there, 0 failed/);
    const keys: string[] = [];
    for await (const item of s3ObjectStorage(fake.config).list()) keys.push(item.key);
    expect(keys.sort()).toEqual([
      "demo/store-01.webp",
      "listeners/l-1/_ccccccccccccccccccccc.webp",
      "livers/store-1/aaaaaaaaaaaaaaaaaaaaaa.webp",
      "staffs/staff-1/bbbbbbbbbbbbbbbbbbbbbb.webp",
    ]);

    const second = await migrate(s3Env());
    expect(second.stdout).toMatch(/4 files: 0 copied \(0\.0 MB\), 4 already there, 0 failed/);
  });

  it("stops with a message when S3 is not configured, or half configured, or out of reach", async () => {
    await expect(migrate({})).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/S3_BUCKET/) });
    await expect(migrate({ S3_BUCKET: "yoru" })).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/S3_ACCESS_KEY_ID: required/),
    });
    await expect(migrate({ ...s3Env(), S3_BUCKET: "no-such-bucket" })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/cannot reach bucket no-such-bucket/),
    });
  });
});
