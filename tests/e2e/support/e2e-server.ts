// The server of the end-to-end suite: the production build (`node server.js`) wired to a real
// SMTP server on loopback, whose received mails the tests read over a small HTTP endpoint.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { startFakeInstagram } from "../../../scripts/fakes/instagram";
import { startFakeTikTok } from "../../../scripts/fakes/tiktok";
import { startFakeYouTube } from "../../../scripts/fakes/youtube";
import { startSmtpServer } from "../../support/smtp";
import { startFakeS3 } from "../../support/storages";
import { startTileServer } from "./tile-server";

const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3211);
const smtp = await startSmtpServer();

const mailApi = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "DELETE") {
    smtp.clear();
    res.writeHead(204).end();
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails = to ? smtp.mails.filter((mail) => mail.to.includes(to)) : smtp.mails;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(mails));
});
await new Promise<void>((resolve) => mailApi.listen(mailPort, "127.0.0.1", resolve));

// E2E_STORAGE=s3: uploads in a fake S3 bucket (s3rver on loopback), streamed by the server;
// E2E_STORAGE=s3-public: the same with S3_PUBLIC_URL, so browsers are redirected to the bucket.
const storageMode = process.env.E2E_STORAGE ?? "disk";
if (!["disk", "s3", "s3-public"].includes(storageMode)) throw new Error(`E2E_STORAGE=${storageMode}?`);
const fakeS3 = storageMode === "disk" ? undefined : await startFakeS3();
const s3Env = fakeS3
  ? {
      S3_ENDPOINT: fakeS3.config.endpoint,
      S3_BUCKET: fakeS3.config.bucket,
      S3_REGION: fakeS3.config.region,
      S3_ACCESS_KEY_ID: fakeS3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: fakeS3.config.secretAccessKey,
      S3_PUBLIC_URL: storageMode === "s3-public" ? `${fakeS3.config.endpoint}/${fakeS3.config.bucket}` : "",
    }
  : {};

// The SNS vendors: the fakes with their demo accounts, on free ports (ADR 0023).
const vendors = await Promise.all([
  // The demo accounts' newest media from a few minutes ago: a first import has fresh posts, so
  // followers are mailed (tests/e2e/posts/follower-sees-posts.spec.ts).
  startFakeInstagram({ seed: true, seedNewestAt: Date.now() - 5 * 60_000 }),
  startFakeTikTok({ seed: true }),
  startFakeYouTube({ seed: true }),
]);
const vendorEnv = Object.assign({}, ...vendors.map((vendor) => vendor.env)) as Record<string, string>;

// Map tiles (ADR 0028): one generated PNG for every tile, on loopback, so no test asks
// OpenStreetMap's servers for anything.
const tiles = await startTileServer();

// E2E_SERVER_NODE_ARGS passes flags to the server's node (`--cpu-prof --cpu-prof-dir=…` to profile
// it under the suite: docs/testing.md).
const nodeArgs = process.env.E2E_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
const app = spawn(process.execPath, [...nodeArgs, "server.js"], {
  env: {
    ...process.env,
    SMTP_URL: smtp.url,
    ...s3Env,
    ...vendorEnv,
    MAP_TILE_URL: `${tiles.origin}/tiles/{z}/{x}/{y}.png`,
    MAP_TILE_ATTRIBUTION: "&copy; E2E tiles",
  },
  stdio: "inherit",
});

async function stop(signal: NodeJS.Signals) {
  app.kill(signal);
  await new Promise((resolve) => app.once("exit", resolve));
  mailApi.close();
  await smtp.close();
  await fakeS3?.close();
  await Promise.all(vendors.map((vendor) => vendor.close()));
  tiles.server.close();
  process.exit(0);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));
app.once("exit", (code) => {
  mailApi.close();
  void smtp.close();
  void fakeS3?.close();
  process.exit(code ?? 1);
});
