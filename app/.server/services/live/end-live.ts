import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import type { Live } from "../../db/schema";
import { finishLive } from "./finish-live";
import { findManagedLive } from "./live-access";

export type EndLiveResult = { ok: true; live: Live } | { ok: false; error: "forbidden" | "not_found" };

/**
 * `POST /api/lives/{id}/end`: the broadcaster ends her live, or a store ends its own or its staff
 * member's (ADR 0031). Ending an ended live answers the live as it is (a second tap, the
 * server's timeout that came first). Another store's or another staff member's live: not_found.
 */
export async function endLive({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { liveId: string };
}): Promise<EndLiveResult> {
  return db.transaction(async (tx) => {
    const found = await findManagedLive(tx, actor, "live.end", input.liveId, { lock: true });
    if (!found.ok) return found;
    if (found.live.status === "ended") return { ok: true, live: found.live } as const;
    const byStore = actor.type === "liver" && found.live.broadcaster_type === "staff";
    const ended = await finishLive(tx, found.live.live_id, byStore ? "store" : "broadcaster");
    return { ok: true, live: ended ?? found.live } as const;
  });
}
