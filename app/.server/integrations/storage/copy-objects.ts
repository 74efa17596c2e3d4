import type { ObjectStorage, ObjectSummary } from "./object-storage";

export interface CopyProgress {
  done: number;
  total: number;
  key: string;
  outcome: "copied" | "skipped" | "failed";
}

export interface CopySummary {
  total: number;
  copied: number;
  skipped: number;
  /** Bytes copied (skipped objects not counted). */
  bytes: number;
  failed: { key: string; error: Error }[];
}

/**
 * Copies every object of `from` that `to` lacks (the move from the disk to S3: `npm run
 * storage:migrate`). An object already there with the same size is skipped, so a second run copies
 * only what the first missed; a failure is reported and the rest goes on. Objects stream across,
 * never whole in memory; a few at a time.
 */
export async function copyObjects({
  from,
  to,
  concurrency = 4,
  onProgress,
}: {
  from: ObjectStorage;
  to: ObjectStorage;
  concurrency?: number;
  onProgress?: (progress: CopyProgress) => void;
}): Promise<CopySummary> {
  const all: ObjectSummary[] = [];
  for await (const item of from.list()) all.push(item);
  all.sort((a, b) => a.key.localeCompare(b.key));
  const summary: CopySummary = { total: all.length, copied: 0, skipped: 0, bytes: 0, failed: [] };
  let next = 0;
  let done = 0;

  const copyOne = async (item: ObjectSummary): Promise<CopyProgress["outcome"]> => {
    const there = await to.head(item.key);
    if (there && there.size === item.size) return "skipped";
    const source = await from.get(item.key);
    if (!source) return "skipped"; // removed since the listing: nothing to copy
    await to.put(item.key, source.body, { contentType: source.contentType, size: source.size });
    summary.bytes += source.size;
    return "copied";
  };

  const worker = async () => {
    while (next < all.length) {
      const item = all[next++]!;
      let outcome: CopyProgress["outcome"];
      try {
        outcome = await copyOne(item);
      } catch (error) {
        outcome = "failed";
        summary.failed.push({ key: item.key, error: error as Error });
      }
      if (outcome === "copied") summary.copied++;
      if (outcome === "skipped") summary.skipped++;
      onProgress?.({ done: ++done, total: all.length, key: item.key, outcome });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return summary;
}
