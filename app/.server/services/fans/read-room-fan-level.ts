import { fanLevel } from "~/domain/fans";
import { tokyoMonth } from "~/domain/money";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { memberRoom } from "../chat/room-access";
import { fanPointsOf } from "./fan-points";

/**
 * The fan level of a chat room's listener for the room's staff member this Tokyo month (contract
 * ADR 0043: the badge beside her name in that broadcaster's chat), for either member of the room; a
 * stranger gets `not_found`, as for the room itself.
 */
export async function readRoomFanLevel({
  db,
  actor,
  input,
  thresholds,
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  input: { roomId: string };
  thresholds: readonly number[];
  now?: Date;
}): Promise<{ ok: true; level: number } | { ok: false; error: "not_found" }> {
  const access = await memberRoom(db, actor, "room.read", input.roomId);
  if (!access.ok) return access;
  const { room } = access;
  const points = await fanPointsOf(db, {
    listenerIds: [room.listener_id],
    broadcasterId: room.staff_id,
    month: tokyoMonth(now),
  });
  return { ok: true, level: fanLevel(points.get(room.listener_id) ?? 0, thresholds) };
}
