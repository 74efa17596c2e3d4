import PgBoss from "pg-boss";
import type { Database } from "../db/client";
import {
  JOB_DATA,
  JOB_SCHEDULES,
  JOB_SCHEMA,
  JOB_TIME_ZONE,
  type JobData,
  type JobName,
} from "../db/queue/queues";

export interface JobContext {
  id: string;
  /** 0 for the first attempt. */
  retryCount: number;
  /** This is the last attempt the queue will make. */
  final: boolean;
}

/**
 * What a job of queue `N` does with its payload (checked against the queue's schema, JOB_DATA,
 * before it is called); it throws to fail the attempt (the queue retries or ends it `failed`).
 */
export type JobHandler<N extends JobName = JobName> = (data: JobData<N>, job: JobContext) => Promise<unknown>;

export type JobHandlers = { [N in JobName]: JobHandler<N> };

/** A handler as the runner calls it, its payload already checked against its queue's schema. */
type AnyJobHandler = (data: unknown, job: JobContext) => Promise<unknown>;

export interface JobRunner {
  /**
   * Stops fetching and lets running jobs finish (up to `timeoutMs`). A job still running then is
   * failed back to the queue (pg-boss retries it), and whatever its handler does afterwards writes
   * nothing: when `stop` returns, the runner no longer touches the database, so it may be closed.
   */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobRunnerOptions {
  database: Database;
  handlers: JobHandlers;
  /** How often an idle worker looks for work (pg-boss polls; 0.5 s is its minimum). */
  pollingIntervalSeconds?: number;
  /** Run the cron-like schedules of `JOB_SCHEDULES` (every serving process does; pg-boss lets one fire). */
  schedule?: boolean;
  log?: (line: string) => void;
}

/**
 * Works the queues in this process (ADR 0015). Every server process runs one; pg-boss hands each
 * job to one of them (`FOR UPDATE SKIP LOCKED`), expires jobs whose process died and retries them,
 * and fires each schedule once per tick for the whole cluster.
 */
export async function startJobRunner({
  database,
  handlers,
  pollingIntervalSeconds = 1,
  schedule = true,
  log = (line) => console.error(line),
}: JobRunnerOptions): Promise<JobRunner> {
  // pg-boss records a job's outcome (and polls, and supervises) on timers of its own that `stop`
  // does not all await. Its statements go through this gate: once stopped, a statement it still
  // issues never reaches the database (it never settles, as if this process had died), and
  // `stop` waits for the statements already sent, so the database may be closed right after it.
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const gate: PgBoss.Db = {
    executeSql(text: string, values?: unknown[]) {
      if (stopped) return new Promise(() => {});
      const sent = database.sql.executeSql(text, values);
      inFlight.add(sent);
      const forget = () => inFlight.delete(sent);
      sent.then(forget, forget);
      return sent as ReturnType<PgBoss.Db["executeSql"]>;
    },
  };
  const boss = new PgBoss({
    schema: JOB_SCHEMA,
    db: gate,
    // The schema and queues are created by `migrate` (install-queues.ts).
    migrate: false,
    supervise: true,
    schedule,
  });
  boss.on("error", (error) => log(`[jobs] ${error.message}`));
  await boss.start();
  // A handler that outlives `stop` never settles: its job was already failed back to the queue by
  // pg-boss's shutdown, exactly as if this process had died.
  const settleUnlessStopped = <T>(work: Promise<T>): Promise<T> =>
    work.then(
      (value) => (stopped ? new Promise<T>(() => {}) : value),
      (error: unknown) => (stopped ? new Promise<T>(() => {}) : Promise.reject(error)),
    );
  for (const [name, handler] of Object.entries(handlers) as [JobName, AnyJobHandler][]) {
    let workerId = "";
    workerId = await boss.work<Record<string, unknown>>(
      name,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
      (jobs) =>
        settleUnlessStopped(
          runJobs(name, handler, jobs).finally(() => {
            // A worker that found a job looks for the next at once (pg-boss would wait the polling
            // interval after every job: one push batch or mail a second); an idle one polls.
            if (!stopped && workerId) boss.notifyWorker(workerId);
          }),
        ),
    );
  }
  if (schedule) {
    for (const { name, cron } of JOB_SCHEDULES) await boss.schedule(name, cron, {}, { tz: JOB_TIME_ZONE });
  }
  return {
    async stop(timeoutMs = 8_000) {
      // `close: false`: the connection is the application's, closed with the database.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: timeoutMs });
      // A job that ended within the timeout has had its outcome queued by now (a turn of the loop
      // after its handler settled); one still running has been failed by the shutdown.
      await new Promise((resolve) => setImmediate(resolve));
      stopped = true;
      await Promise.allSettled([...inFlight]);
    },
  };

  async function runJobs(
    name: JobName,
    handler: AnyJobHandler,
    jobs: PgBoss.JobWithMetadata<Record<string, unknown>>[],
  ) {
    for (const job of jobs) {
      const context = { id: job.id, retryCount: job.retryCount, final: job.retryCount >= job.retryLimit };
      try {
        const data = JOB_DATA[name].safeParse(job.data ?? {});
        if (!data.success)
          throw new Error(`its payload does not fit the queue's schema: ${data.error.message}`);
        await handler(data.data, context);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        log(`[jobs] ${name} ${job.id} attempt ${job.retryCount + 1} failed: ${reason}`);
        throw error;
      }
    }
  }
}
