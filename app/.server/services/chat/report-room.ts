import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { REPORT_CONTEXT_MESSAGES, ReportReasonSchema } from "~/domain/chat";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { messages, type RoomReport, roomReports } from "../../db/schema";
import { memberRoom } from "./room-access";

export type ReportRoomResult =
  | { ok: true; report: RoomReport }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "invalid"; message: string };

/**
 * `POST /api/rooms/{id}/report {reason}`: either member reports the room to the operator. The
 * report keeps the newest 50 messages as they are now (oldest first), so what the operator reads
 * at /admin is what was reported even if the room goes on; its `status` starts `open`.
 */
export async function reportRoom({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { roomId: string; reason: unknown };
}): Promise<ReportRoomResult> {
  const access = await memberRoom(db, actor, "room.report", input.roomId);
  if (!access.ok) return access;
  const reason = ReportReasonSchema.safeParse(typeof input.reason === "string" ? input.reason : "");
  if (!reason.success) return { ok: false, error: "invalid", message: reason.error.issues[0]?.message ?? "" };
  return db.transaction(async (tx) => {
    const newest = await tx
      .select()
      .from(messages)
      .where(eq(messages.room_id, access.room.id))
      .orderBy(desc(messages.created_at), desc(messages.message_id))
      .limit(REPORT_CONTEXT_MESSAGES);
    const [report] = await tx
      .insert(roomReports)
      .values({
        report_id: randomUUID(),
        room_id: access.room.id,
        reporter_id: actor.uid,
        reported_id: access.counterpartId,
        reason: reason.data,
        messages: newest.reverse().map((m) => ({
          message_id: m.message_id,
          sender_id: m.sender_id,
          body: m.body,
          image_url: m.image_url,
          created_at: m.created_at.toISOString(),
        })),
      })
      .returning();
    if (!report) throw new Error("report insert returned nothing");
    return { ok: true, report } as const;
  });
}
