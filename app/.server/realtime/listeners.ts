import type { PGlite } from "@electric-sql/pglite";
import type { Client } from "pg";
import type { Database } from "../db/client";
import type { NotificationSource } from "./hub";
import { NOTIFY_CHANNEL } from "./publish";

/** PGlite: the database is in this process; `listen()` hears commits of its one connection. */
export function pgliteSource(client: PGlite): NotificationSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start({ onNotify }) {
      unlisten = await client.listen(NOTIFY_CHANNEL, onNotify);
    },
    async stop() {
      const stop = unlisten;
      unlisten = null;
      if (stop && !client.closed) await stop().catch(() => {});
    },
  };
}

/**
 * PostgreSQL: one dedicated connection per process that only LISTENs (a pooled connection would
 * be handed to queries and lose its LISTEN). A lost connection is replaced with a doubling wait
 * (up to 10 s); once back, the hub reads what it missed. A `select 1` every 30 s that does not
 * come back within 10 s marks the connection dead (a socket a NAT dropped silently would
 * otherwise look alive until TCP gives up, many minutes later); TCP keep-alive starts after 10 s.
 */
export function postgresSource(url: string, log: (line: string) => void = console.log): NotificationSource {
  let client: Client | null = null;
  let stopped = false;
  let delay = 250;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let pingTimer: NodeJS.Timeout | null = null;
  let handlers: { onNotify(payload: string): void; onResume(): void };
  /** Gives up the current connection (and reconnects). */
  let loseCurrent: ((why: string) => void) | null = null;
  let pinging = false;

  const connect = async (): Promise<void> => {
    const { default: pg } = await import("pg");
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    let lost = false;
    const onLost = (why: string) => {
      if (lost) return;
      lost = true;
      if (client === next) {
        client = null;
        loseCurrent = null;
      }
      next.end().catch(() => {});
      if (stopped) return;
      log(`[realtime] LISTEN connection lost (${why}); reconnecting`);
      schedule();
    };
    next.on("notification", (message) => {
      if (message.channel === NOTIFY_CHANNEL && message.payload) handlers.onNotify(message.payload);
    });
    next.on("error", (error) => onLost(error.message));
    next.on("end", () => onLost("closed"));
    try {
      await next.connect();
      await next.query(`listen ${NOTIFY_CHANNEL}`);
    } catch (error) {
      lost = true;
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    loseCurrent = onLost;
  };

  const schedule = () => {
    if (stopped || reconnectTimer) return;
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = null;
      try {
        await connect();
        delay = 250;
        log("[realtime] LISTEN connection back; catching up");
        handlers.onResume();
      } catch (error) {
        delay = Math.min(delay * 2, 10_000);
        log(`[realtime] reconnecting failed: ${(error as Error).message}; next try in ${delay} ms`);
        schedule();
      }
    }, delay);
    reconnectTimer.unref();
  };

  return {
    async start(h) {
      handlers = h;
      try {
        await connect();
      } catch (error) {
        log(`[realtime] LISTEN failed: ${(error as Error).message}; retrying`);
        schedule();
      }
      pingTimer = setInterval(() => {
        const current = client;
        if (!current || pinging) return;
        pinging = true;
        const lose = loseCurrent;
        const timeout = setTimeout(() => {
          if (client === current) lose?.("no answer to a ping within 10 s");
        }, 10_000);
        timeout.unref();
        current
          .query("select 1")
          .catch(() => {
            // the error event of the client reports it and reconnects
          })
          .finally(() => {
            pinging = false;
            clearTimeout(timeout);
          });
      }, 30_000);
      pingTimer.unref();
    },
    async stop() {
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      if (pingTimer) clearInterval(pingTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}

/** The source that fits the database: in-process on PGlite, a LISTEN connection on PostgreSQL. */
export function notificationSource(database: Pick<Database, "listenTarget">, log?: (line: string) => void) {
  const target = database.listenTarget;
  return target.kind === "pglite" ? pgliteSource(target.client) : postgresSource(target.url, log);
}
