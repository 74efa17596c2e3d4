import { type SQL, sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import type { Db, Tx } from "../client";
import { JOB_DATA, JOB_QUEUES, JOB_SCHEMA, type JobData, type JobName } from "./queues";
import { sqlFromText } from "./sql-from-text";

// Only used to build pg-boss's INSERT; it never connects (every send passes its own connection).
const sender = new PgBoss({
  schema: JOB_SCHEMA,
  db: {
    executeSql: () => Promise.reject(new Error("the job sender has no connection of its own")),
  },
});

/** The payload as its queue's schema says (JOB_DATA): a wrong one throws in the caller's transaction. */
function checkedData<N extends JobName>(name: N, data: JobData<N>): object {
  return JOB_DATA[name].parse(data);
}

/** pg-boss answered no id: the queue does not exist, or a singleton of the key already waits. */
class NotQueuedError extends Error {}

export interface EnqueueOptions {
  /** Overrides the queue's retry policy for this job (tests and tuning). */
  retryDelay?: number;
  retryLimit?: number;
  startAfter?: Date | number;
  /**
   * pg-boss's singleton key: with the default queue policy it de-duplicates only together with a
   * singleton time slot (`singletonSeconds`), or on a queue whose policy is `singleton`/`stately`.
   */
  singletonKey?: string;
  /** With a singleton key: a job of that key already waiting is fine (answers null, no error). */
  ifAbsent?: boolean;
}

/**
 * Queues a job on the connection or transaction given: called inside the transaction of the
 * business write that causes it, the job exists exactly when that write commits.
 */
export async function enqueueJob<N extends JobName>(
  db: Db | Tx,
  name: N,
  data: JobData<N>,
  options: EnqueueOptions & { ifAbsent: true },
): Promise<string | null>;
export async function enqueueJob<N extends JobName>(
  db: Db | Tx,
  name: N,
  data: JobData<N>,
  options?: EnqueueOptions,
): Promise<string>;
export async function enqueueJob<N extends JobName>(
  db: Db | Tx,
  name: N,
  data: JobData<N>,
  options: EnqueueOptions = {},
): Promise<string | null> {
  const policy = JOB_QUEUES[name];
  const id = await sender.send(name, checkedData(name, data), {
    retryLimit: options.retryLimit ?? policy.retryLimit,
    retryDelay: options.retryDelay ?? policy.retryDelay,
    retryBackoff: policy.retryBackoff,
    expireInSeconds: policy.expireInSeconds,
    ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
    ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
    db: {
      executeSql: async (text: string, values: unknown[]) =>
        (await db.execute(sqlFromText(text, values))) as unknown as { rows: { id: string }[] },
    },
  });
  if (!id && options.ifAbsent && options.singletonKey) return null;
  if (!id)
    throw new NotQueuedError(
      `Job ${name} was not queued (is its queue created, or a singleton already waiting?)`,
    );
  return id;
}

/**
 * Queues many jobs of one queue in one statement (pg-boss's bulk insert) on the connection or
 * transaction given — the bulk twin of `enqueueJob` for fan-outs (ADR 0025). `id` names the job,
 * so the caller can record it next to its business row.
 */
export async function enqueueJobs<N extends JobName>(
  db: Db | Tx,
  name: N,
  jobs: { id?: string; data: JobData<N> }[],
  options: Pick<EnqueueOptions, "retryDelay" | "retryLimit"> = {},
): Promise<void> {
  if (jobs.length === 0) return;
  const policy = JOB_QUEUES[name];
  await sender.insert(
    jobs.map((job) => ({
      ...(job.id ? { id: job.id } : {}),
      name,
      data: checkedData(name, job.data),
      retryLimit: options.retryLimit ?? policy.retryLimit,
      retryDelay: options.retryDelay ?? policy.retryDelay,
      retryBackoff: policy.retryBackoff,
      expireInSeconds: policy.expireInSeconds,
    })),
    {
      db: {
        executeSql: async (text: string, values: unknown[]) =>
          (await db.execute(sqlFromText(text, values))) as unknown as { rows: { id: string }[] },
      },
    },
  );
}

/**
 * Like `enqueueJob` on a queue with a `stately`/`singleton` policy: null (nothing queued) when a
 * job with the same singleton key is already waiting, instead of an error.
 */
export async function enqueueJobOnce<N extends JobName>(
  db: Db | Tx,
  name: N,
  data: JobData<N>,
  options: EnqueueOptions & { singletonKey: string },
): Promise<string | null> {
  try {
    return await enqueueJob(db, name, data, options);
  } catch (error) {
    if (error instanceof NotQueuedError) return null;
    throw error;
  }
}

/**
 * pg-boss's own INSERT of one job, as a data-modifying CTE body for a caller's statement, written
 * only when the CTE named `guard` has a row (so one statement can book a business write and its
 * job, or neither). The text is the one `send` would run (captured, never executed here), with
 * `WHERE EXISTS (SELECT 1 FROM <guard>)` added before its ON CONFLICT; a pg-boss whose INSERT no
 * longer has that shape fails here loudly rather than queueing unconditionally.
 */
export async function jobInsertWhen<N extends JobName>(
  guard: string,
  name: N,
  data: JobData<N>,
): Promise<SQL> {
  if (!/^[a-z_][a-z0-9_]*$/.test(guard)) throw new Error(`not a CTE name: ${guard}`);
  const policy = JOB_QUEUES[name];
  let captured: { text: string; values: unknown[] } | undefined;
  await sender.send(name, checkedData(name, data), {
    retryLimit: policy.retryLimit,
    retryDelay: policy.retryDelay,
    retryBackoff: policy.retryBackoff,
    expireInSeconds: policy.expireInSeconds,
    db: {
      executeSql: async (text: string, values: unknown[]) => {
        captured = { text, values };
        return { rows: [{ id: "captured" }] };
      },
    },
  });
  if (!captured) throw new Error("pg-boss sent no INSERT to capture");
  const marker = /\bON CONFLICT DO NOTHING\b/g;
  const conflicts = captured.text.match(marker);
  if (!/^\s*INSERT INTO/i.test(captured.text) || conflicts?.length !== 1)
    throw new Error("pg-boss's job INSERT changed shape; jobInsertWhen needs a look");
  const text = captured.text.replace(marker, `WHERE EXISTS (SELECT 1 FROM ${guard}) ON CONFLICT DO NOTHING`);
  return sql`${sqlFromText(text, captured.values)}`;
}
