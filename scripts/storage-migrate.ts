/**
 * npm run storage:migrate
 *
 * Copies every uploaded file from the local disk (DATA_DIR/uploads) to the S3 bucket configured by
 * the S3_* variables (ADR 0016). Files already in the bucket with the same size are skipped, so it
 * can run again after an interruption, and once more just before the switch. Rows keep their
 * `/uploads/…` URLs: nothing in the database changes.
 */

import { copyObjects } from "../app/.server/integrations/storage/copy-objects";
import { uploadsDir } from "../app/.server/integrations/storage/create-object-storage";
import { diskObjectStorage } from "../app/.server/integrations/storage/disk-storage";
import { s3ObjectStorage } from "../app/.server/integrations/storage/s3-storage";
import { createProgressBar } from "./progress-bar";
import { readScriptEnv } from "./read-env";

const USAGE = `Usage: npm run storage:migrate

Copies DATA_DIR/uploads (default ./data/uploads) to the bucket of S3_BUCKET (with S3_ENDPOINT,
S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY). Safe to run again: what is there is skipped.`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (argv.length > 0) {
    console.error(`storage:migrate: unknown argument ${argv[0]}\n\n${USAGE}`);
    return 2;
  }
  const env = readScriptEnv();
  if (!env) return 2;
  if (!env.s3) {
    console.error(
      "storage:migrate: S3_BUCKET (and the other S3_* variables) must be set: where should the files go?",
    );
    return 2;
  }
  const source = uploadsDir(env.dataDir);
  const from = diskObjectStorage(source);
  const to = s3ObjectStorage(env.s3);
  try {
    try {
      await to.check();
    } catch (error) {
      console.error(`storage:migrate: ${(error as Error).message}`);
      return 1;
    }
    console.error(`storage:migrate: ${source} → s3://${env.s3.bucket}`);
    const bar = createProgressBar(process.stderr);
    const started = Date.now();
    const summary = await copyObjects({
      from,
      to,
      onProgress: (p) => bar.update({ phase: "files", done: p.done, total: p.total }),
    });
    bar.end();
    for (const { key, error } of summary.failed) console.error(`  failed: ${key}: ${error.message}`);
    console.log(
      `storage:migrate: ${summary.total} files: ${summary.copied} copied (${(summary.bytes / 1024 / 1024).toFixed(1)} MB), ` +
        `${summary.skipped} already there, ${summary.failed.length} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return summary.failed.length > 0 ? 1 : 0;
  } finally {
    to.client.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
