import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startFakeS3 } from "../../support/storages";
import { expect, test } from "../fixtures";
import { spawnServer } from "../support/spawn-server";

// Ports of this spec (the storage engineer's reserved range): 3270, 3271.
test.describe("starting on S3", () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  test.beforeAll(async () => {
    fake = await startFakeS3();
  });
  test.afterAll(async () => {
    await fake?.close();
  });
  const s3Env = (bucket = fake.config.bucket) => ({
    S3_ENDPOINT: fake.config.endpoint!,
    S3_BUCKET: bucket,
    S3_REGION: fake.config.region,
    S3_ACCESS_KEY_ID: fake.config.accessKeyId,
    S3_SECRET_ACCESS_KEY: fake.config.secretAccessKey,
  });

  test("a bucket out of reach stops the start with a message naming it", async () => {
    const child = spawn(process.execPath, ["server.js"], {
      env: {
        ...process.env,
        PORT: "3270",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "yoru-s3-start-")),
        DATABASE_URL: "",
        SEED_DEMO: "false",
        ...s3Env("no-such-bucket"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/\[storage\] cannot reach bucket no-such-bucket/);
  });

  test("a reachable bucket is named in the log and serves /uploads", async () => {
    const server = await spawnServer(3271, s3Env());
    try {
      expect(server.output()).toContain(`[storage] uploads in s3://${fake.config.bucket}`);
      expect((await fetch(`${server.baseUrl}/uploads/livers/x/none.webp`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
