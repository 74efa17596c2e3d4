import cluster, { type Worker } from "node:cluster";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import type { ViteDevServer } from "vite";
import { type Database, DEFAULT_POOL_SIZE, openDatabase } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/lock";
import { type Env, EnvError, ensureAuthSecret, ensureVapidKeys, parseEnv } from "~/.server/env";
import { createLiveMedia, sfuOptions } from "~/.server/integrations/live-media/create-live-media";
import { createEmbeddedMedia, serveMediaToWorkers } from "~/.server/integrations/live-media/embedded-media";
import { createMailer } from "~/.server/integrations/mail/mailer";
import { createWebPushPort } from "~/.server/integrations/push/push-port";
import { createObjectStorage } from "~/.server/integrations/storage/create-object-storage";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import { startRealtime } from "~/.server/realtime";
import { seedDemoIfEmpty } from "~/.server/seed/seed-demo-if-empty";
import { liveSettings } from "~/.server/services/live/live-settings";
import { FAN_OUT_PARALLEL_PG } from "~/.server/services/notifications/fan-out-notification";
import { snsContextFor } from "~/.server/services/sns/sns-context";
import { createApp, loadServerBuild } from "./app";
import { createJobHandlers } from "./job-handlers";

/** The embedded SFU's process enters here (server.js with YORU_SFU_CHILD=1, ADR 0031). */
export { runSfuChild } from "~/.server/integrations/live-media/sfu/sfu-child";

interface MainOptions {
  vite?: ViteDevServer;
}

// Kept on globalThis so a hot reload of this module in development does not open the database twice.
const state = globalThis as typeof globalThis & { __yoruServer?: { database: Database; server: Server } };

/**
 * Starts the server in one of three roles (ADR 0014):
 * - one process (the default, and always on PGlite or under Vite): migrates, seeds, serves and
 *   works the background jobs;
 * - the primary of `WEB_CONCURRENCY` > 1 workers: migrates and seeds, serves nothing, and forks
 *   the workers, restarts one that dies and stops them all on SIGTERM/SIGINT;
 * - a worker: opens its own pool, serves on the shared port and works background jobs (pg-boss
 *   hands each job to one process, ADR 0015).
 */
export async function main({ vite }: MainOptions): Promise<void> {
  if (state.__yoruServer) return;
  const env = readEnv();
  // The pool budget of one process shared by the workers, 4 connections at the least each.
  if (cluster.isWorker) {
    const poolSize = Math.max(4, Math.ceil(DEFAULT_POOL_SIZE / env.workers));
    return serve(env, await openOrExit(env, { migrate: false, poolSize }));
  }
  const primary = env.workers > 1 && !vite;
  if (env.workers > 1 && vite) console.log("[cluster] WEB_CONCURRENCY is ignored by the dev server");
  // The primary of workers only migrates and seeds: two connections are plenty.
  const database = await openOrExit(env, { migrate: true, poolSize: primary ? 2 : undefined });
  await prepare(database, env);
  if (primary) return supervise(env, database);
  return serve(env, database, vite);
}

function readEnv(): Env {
  try {
    return ensureVapidKeys(ensureAuthSecret(parseEnv(process.env)));
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function openOrExit(
  env: Env,
  { migrate, poolSize }: { migrate: boolean; poolSize?: number },
): Promise<Database> {
  const started = Date.now();
  try {
    const database = await openDatabase({
      databaseUrl: env.databaseUrl,
      pgliteDir: path.join(env.dataDir, "db"),
      migrate,
      poolSize,
    });
    if (migrate)
      console.log(
        `[db] ${database.driver === "pg" ? "PostgreSQL" : `PGlite in ${env.dataDir}`} ready, migrations applied (${Date.now() - started} ms)`,
      );
    return database;
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(`Could not open the database: ${(error as Error).message}`);
    }
    process.exit(1);
  }
}

/** Once per start, before anyone is served: the upload storage and demo data (pruning is an hourly job, ADR 0015). */
async function prepare(database: Database, env: Env): Promise<void> {
  // A wrong bucket or key stops the start, not the first upload hours later.
  const storage = createObjectStorage(env);
  try {
    await storage.check();
    console.log(`[storage] uploads in ${storage.location}`);
  } catch (error) {
    console.error(`[storage] ${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }
  if (env.seedDemo) {
    await seedDemoIfEmpty(database.db, {
      dataDir: env.dataDir,
      storage,
      log: (line) => console.log(`[seed] ${line}`),
    });
  }
}

async function serve(env: Env, database: Database, vite?: ViteDevServer): Promise<void> {
  const mailer = createMailer({ db: database.db, env });
  const realtime = await startRealtime(database, env.realtime);
  const liveMedia = createLiveMedia(env, {
    maxViewers: async () => (await liveSettings({ db: database.db })).maxViewers,
  });
  const app = createApp(
    { db: database.db, env, mailer, realtime, liveMedia, vite },
    await loadServerBuild(vite),
  );
  let jobs: JobRunner | undefined;
  try {
    jobs = await startJobRunner({
      database,
      handlers: createJobHandlers({
        db: database.db,
        mailer,
        env,
        fanOutParallel: database.driver === "pg" ? FAN_OUT_PARALLEL_PG : 1,
        sns: snsContextFor(env),
        push: env.push.vapid
          ? createWebPushPort({ vapid: env.push.vapid, production: env.isProduction })
          : undefined,
        storage: createObjectStorage(env),
      }),
    });
  } catch (error) {
    console.error(`[jobs] cannot start: ${(error as Error).message}`);
    await database.close();
    process.exit(1);
  }
  const who = cluster.isWorker ? `worker ${cluster.worker?.id}, ${env.workers} in all, ` : "";
  // Express 5 hands a failed listen (a taken port) to this callback: stop instead of serving nothing.
  const server = app.listen(env.port, (error?: Error) => {
    if (error) {
      console.error(`[http] cannot listen on port ${env.port}: ${error.message}`);
      void database.close().finally(() => process.exit(1));
      return;
    }
    console.log(`[http] ${env.baseUrl} (NODE_ENV=${env.nodeEnv}, ${who}pid ${process.pid})`);
  });
  state.__yoruServer = { database, server };
  const drain = drainOnStop(server);

  onStopSignal(async () => {
    // The single process already said which signal; a worker says who it is.
    if (cluster.isWorker) console.log(`[http] ${who}closing`);
    const force = setTimeout(() => {
      console.error("[http] open connections did not close within 15 s; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    // No new connections (a proxy's connect is refused and it tries the next instance); answers
    // still being made end their connection; idle keep-alive connections are closed, now and as
    // the in-flight ones fall idle (docs/deployment.md, "Shutdown").
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    drain.start();
    // Jobs stop fetching and finish what runs (a cut-off job is retried by another process).
    const jobsStopped = jobs
      // Longer than one SMTP attempt's budget (10 s): a mail being handed over is not cut off.
      ?.stop(12_000)
      .catch((error) => console.error(`[jobs] stop: ${(error as Error).message}`));
    // Open event streams would hold the drain for its 10 s: end them (browsers reconnect to another
    // instance and resume), then drop their connections as they fall idle.
    await realtime.close();
    await liveMedia.close();
    await Promise.all([closed, jobsStopped]);
    drain.stop();
    await vite?.close();
    await database.close();
    if (!cluster.isWorker) console.log("[db] closed");
    process.exit(0);
  });
}

/**
 * The graceful end of an instance's HTTP connections on SIGTERM, so that a proxy in front loses no
 * request (docs/deployment.md, "Shutdown"). Node keeps a connection alive after `server.close()`
 * and answers with `Connection: keep-alive`: a proxy could then send its next request on a
 * connection we are about to cut, and a POST cut that way is not retried. So from the stop on,
 * every answer whose headers are not written yet says `Connection: close` (the proxy will not
 * reuse it), an answer already streaming (an event stream, a file) ends its connection when it
 * finishes, and connections that are idle are closed, now and every 50 ms as others fall idle.
 */
function drainOnStop(server: Server): { start(): void; stop(): void } {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  let idle: ReturnType<typeof setInterval> | undefined;
  const lastAnswer = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader("Connection", "close");
    else {
      // Node detaches the socket from the answer when it finishes: keep hold of it.
      const socket = response.socket;
      response.once("finish", () => socket?.end());
    }
  };
  // Before Express's listener, so the header is set before the app writes anything.
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    if (stopping) return lastAnswer(response);
    inFlight.add(response);
    response.once("close", () => inFlight.delete(response));
  });
  return {
    start() {
      stopping = true;
      for (const response of inFlight) lastAnswer(response);
      inFlight.clear();
      server.closeIdleConnections();
      idle = setInterval(() => server.closeIdleConnections(), 50);
    },
    stop() {
      clearInterval(idle);
    },
  };
}

/**
 * The primary of several workers. Until the first set of workers is up, a worker that exits stops
 * everything (a taken port, a bad build: its twins would fail the same way). Afterwards a worker
 * that dies is replaced: at once if it had served, with a doubling wait (up to 30 s) while
 * replacements keep failing to start (the database down).
 */
function supervise(env: Env, database: Database): void {
  let stopping = false;
  let up = false;
  let delay = 1_000;
  const listening = new WeakSet<Worker>();
  cluster.setupPrimary({ exec: path.resolve("server.js") });
  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    worker.once("listening", () => {
      listening.add(worker);
      if (!up && Object.values(cluster.workers ?? {}).every((w) => w && listening.has(w))) up = true;
    });
  };
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    const how = signal ?? `code ${code}`;
    if (!up) {
      console.error(`[cluster] worker ${worker.id} exited before the server was up (${how}); stopping`);
      void stop(1);
      return;
    }
    const served = listening.has(worker);
    delay = served ? 1_000 : Math.min(delay * 2, 30_000);
    console.error(
      `[cluster] worker ${worker.id} ${served ? "died" : "failed to start"} (${how}); starting another in ${delay / 1000} s`,
    );
    setTimeout(fork, delay);
  });
  // The embedded SFU lives here, once for all workers: a live's media must be in one process,
  // whichever worker a browser's request reaches (ADR 0031). LiveKit needs no such thing.
  const liveMedia = env.live.media === "embedded" ? createEmbeddedMedia(sfuOptions(env)) : null;
  if (liveMedia) serveMediaToWorkers(liveMedia);
  console.log(`[cluster] starting ${env.workers} workers (pid ${process.pid})`);
  for (let i = 0; i < env.workers; i++) fork();

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await liveMedia?.close();
    await database.close();
    console.log("[db] closed");
    process.exit(exitCode);
  };
  onStopSignal(() => stop(0));
}

function onStopSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (!cluster.isWorker) console.log(`[http] ${signal}: closing`);
    void stop();
  };
  // `on`, not `once`: a stop signal sent to the whole process group reaches a worker twice (from
  // the service manager and from the primary); a second default SIGTERM would cut its draining.
  process.on("SIGTERM", () => handler("SIGTERM"));
  process.on("SIGINT", () => handler("SIGINT"));
}
