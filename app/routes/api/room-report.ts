import { getViewer } from "~/.server/auth/viewer";
import { publicJson, readJsonBody } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { roomRefusal, signedOut } from "~/.server/http/room-answers";
import { reportRoom } from "~/.server/services/chat/report-room";
import type { Route } from "./+types/room-report";

/**
 * `POST /api/rooms/{id}/report` `{reason}` (the two members) → 201: the operator gets the report
 * with the room's newest messages. 400 names `reason`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const refused = signedOut(viewer);
  if (refused || !viewer) return refused;
  const json = await readJsonBody(request);
  const reason = json && typeof json === "object" ? (json as { reason?: unknown }).reason : undefined;
  const result = await reportRoom({ db: context.db, actor: viewer, input: { roomId: params.id, reason } });
  if (!result.ok) return roomRefusal(result, "reason");
  const { report_id, room_id, reason: text, status, created_at } = result.report;
  return publicJson({ report_id, room_id, reason: text, status, created_at }, viewer, { status: 201 });
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
