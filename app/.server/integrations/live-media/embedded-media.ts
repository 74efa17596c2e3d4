import { type ChildProcess, fork } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type LiveMediaPort,
  type MediaAccess,
  MediaError,
  type MediaErrorCode,
  type MediaStats,
  type SfuOptions,
} from "./media-port";
import type { SfuCall, SfuReply, SfuRequest } from "./sfu/sfu-protocol";

const REQUEST_TIMEOUT_MS = 10_000;

/** A request/response channel over an IPC `send` (the SFU child, or the cluster primary). */
class IpcCaller {
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout }
  >();

  constructor(private readonly send: (message: SfuRequest) => boolean) {}

  call(request: SfuCall): Promise<unknown> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new MediaError("unavailable", "the SFU did not answer in time"));
      }, REQUEST_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      try {
        if (!this.send({ ...request, id } as SfuRequest)) throw new Error("channel closed");
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(new MediaError("unavailable", `the SFU cannot be reached: ${(error as Error).message}`));
      }
    });
  }

  receive(reply: SfuReply): void {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    clearTimeout(waiting.timer);
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(new MediaError(reply.code, reply.message));
  }

  failAll(why: string): void {
    for (const [id, waiting] of this.pending) {
      clearTimeout(waiting.timer);
      waiting.reject(new MediaError("unavailable", why));
      this.pending.delete(id);
    }
  }
}

/**
 * The SFU's entry: `server.js` with YORU_SFU_CHILD=1 in production (it loads the server bundle,
 * which exports `runSfuChild`), the TypeScript entry through tsx in development and tests.
 */
function childEntry(): { file: string; execArgv: string[]; env: Record<string, string> } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts"))
    return {
      file: path.join(path.dirname(here), "sfu", "sfu-main.ts"),
      execArgv: ["--import", "tsx"],
      env: {},
    };
  // The bundle's chunk lives under build/server/…: the project's server.js is up from there.
  let dir = path.dirname(here);
  while (!existsSync(path.join(dir, "server.js")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return { file: path.join(dir, "server.js"), execArgv: [], env: { YORU_SFU_CHILD: "1" } };
}

/** An SDP offer as a browser sends one: the session line first, at least one media line, bounded. */
export function checkOffer(sdp: string | undefined): string {
  if (!sdp || sdp.length > 64 * 1024 || !/^v=0\r?\n/.test(sdp) || !/^m=(audio|video) /m.test(sdp))
    throw new MediaError("invalid", "a WebRTC offer (SDP) with audio or video is needed");
  return sdp;
}

/** Turns the SFU's answers into the port's. */
function portOver(call: (request: SfuCall) => Promise<unknown>, close: () => Promise<void>): LiveMediaPort {
  return {
    mode: "embedded",
    async publish({ liveId, sdp }) {
      const answer = (await call({ op: "publish", liveId, sdp: checkOffer(sdp) })) as {
        sessionId: string;
        sdp: string;
      };
      return { mode: "embedded", session_id: answer.sessionId, sdp: answer.sdp } satisfies MediaAccess;
    },
    async subscribe({ liveId, viewerId, sdp }) {
      const answer = (await call({ op: "subscribe", liveId, viewerId, sdp: checkOffer(sdp) })) as {
        sessionId: string;
        sdp: string;
      };
      return { mode: "embedded", session_id: answer.sessionId, sdp: answer.sdp } satisfies MediaAccess;
    },
    async leave(liveId, viewerId) {
      await call({ op: "leave", liveId, viewerId });
    },
    async endLive(liveId) {
      await call({ op: "end", liveId });
    },
    async stats() {
      return (await call({ op: "stats" })) as MediaStats;
    },
    close,
  };
}

/**
 * Embedded mode in this process: the SFU child is forked on first use and again after it died (the
 * lives' media then reconnect; their rows and comments are untouched).
 */
export function createEmbeddedMedia(
  options: SfuOptions,
  log: (line: string) => void = console.log,
): LiveMediaPort {
  let child: ChildProcess | null = null;
  let caller: IpcCaller | null = null;
  let ready: Promise<void> | null = null;
  let closed = false;

  const start = (): Promise<void> => {
    if (ready) return ready;
    const { file, execArgv, env } = childEntry();
    const forked = fork(file, [], {
      execArgv,
      env: { ...process.env, ...env, YORU_SFU_OPTIONS: JSON.stringify(options) },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      serialization: "json",
    });
    const channel = new IpcCaller((message) => forked.send(message));
    child = forked;
    caller = channel;
    ready = new Promise<void>((resolve, reject) => {
      forked.on("message", (message: SfuReply) => {
        if (message.id === 0) return resolve();
        channel.receive(message);
      });
      forked.once("exit", (code, signal) => {
        channel.failAll("the SFU process ended");
        if (child === forked) {
          child = null;
          caller = null;
          ready = null;
        }
        reject(new MediaError("unavailable", "the SFU process did not start"));
        if (!closed)
          log(`[live] SFU process ended (${signal ?? `code ${code}`}); it starts again on the next request`);
      });
    });
    return ready;
  };

  const call = async (request: SfuCall) => {
    if (closed) throw new MediaError("unavailable", "the server is shutting down");
    await start();
    if (!caller) throw new MediaError("unavailable", "the SFU process is gone");
    return caller.call(request);
  };

  return portOver(call, async () => {
    closed = true;
    const running = child;
    if (!running) return;
    await new Promise<void>((resolve) => {
      running.once("exit", () => resolve());
      running.disconnect();
      setTimeout(() => {
        running.kill("SIGKILL");
        resolve();
      }, 3_000).unref();
    });
  });
}

// ——— Several HTTP workers (WEB_CONCURRENCY): the primary holds the SFU, the workers relay ———

interface WorkerEnvelope {
  sfu: SfuRequest;
}
interface PrimaryEnvelope {
  sfuReply: SfuReply;
}

/**
 * In a cluster worker: the same port, every request relayed to the primary over the cluster's IPC
 * channel (a live's media must be in one process, whichever worker a browser's request reaches).
 */
export function createWorkerMediaClient(): LiveMediaPort {
  const caller = new IpcCaller(
    (message) => process.send?.({ sfu: message } satisfies WorkerEnvelope) ?? false,
  );
  process.on("message", (message: PrimaryEnvelope) => {
    if (message && typeof message === "object" && "sfuReply" in message) caller.receive(message.sfuReply);
  });
  return portOver(
    (request) => caller.call(request),
    async () => {},
  );
}

/** In the cluster primary: answers the workers' media requests with the one embedded SFU. */
export function serveMediaToWorkers(media: LiveMediaPort): void {
  cluster.on("message", (worker, message: WorkerEnvelope) => {
    if (!message || typeof message !== "object" || !("sfu" in message)) return;
    const request = message.sfu;
    const reply = (
      body: { ok: true; result: unknown } | { ok: false; code: MediaErrorCode; message: string },
    ) => {
      if (worker.isConnected())
        worker.send({ sfuReply: { ...body, id: request.id } as SfuReply } satisfies PrimaryEnvelope);
    };
    run(media, request).then(
      (result) => reply({ ok: true, result }),
      (error: Error) =>
        reply({
          ok: false,
          code: error instanceof MediaError ? error.code : "unavailable",
          message: error.message,
        }),
    );
  });
}

async function run(media: LiveMediaPort, request: SfuRequest): Promise<unknown> {
  switch (request.op) {
    case "publish": {
      const access = await media.publish({
        liveId: request.liveId,
        broadcasterId: "",
        broadcasterName: "",
        sdp: request.sdp,
      });
      return access.mode === "embedded" ? { sessionId: access.session_id, sdp: access.sdp } : access;
    }
    case "subscribe": {
      const access = await media.subscribe({
        liveId: request.liveId,
        viewerId: request.viewerId,
        sdp: request.sdp,
      });
      return access.mode === "embedded" ? { sessionId: access.session_id, sdp: access.sdp } : access;
    }
    case "leave":
      return media.leave(request.liveId, request.viewerId);
    case "end":
      return media.endLive(request.liveId);
    case "stats":
      return media.stats();
  }
}
