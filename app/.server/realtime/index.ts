import type { Database } from "../db/client";
import { RealtimeHub } from "./hub";
import { notificationSource } from "./listeners";

export { RealtimeHub } from "./hub";

/** The realtime hub of one server process, listening (ADR 0018). */
export async function startRealtime(
  database: Pick<Database, "db" | "listenTarget">,
  options: { maxStreamsPerAccount: number; heartbeatSeconds: number; log?: (line: string) => void },
): Promise<RealtimeHub> {
  const log = options.log ?? ((line: string) => console.log(line));
  const hub = new RealtimeHub({
    db: database.db,
    source: notificationSource(database, log),
    maxStreamsPerKey: options.maxStreamsPerAccount,
    heartbeatMs: options.heartbeatSeconds * 1000,
    log,
  });
  await hub.start();
  return hub;
}
