import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { roomRefusal, signedOut } from "~/.server/http/room-answers";
import { sendTyping } from "~/.server/services/chat/send-typing";
import type { Route } from "./+types/room-typing";

/** `POST /api/rooms/{id}/typing` (the two members): 「入力中…」 for the other side, `{sent}`. */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const refused = signedOut(viewer);
  if (refused || !viewer) return refused;
  const result = await sendTyping({ db: context.db, actor: viewer, input: { roomId: params.id } });
  if (!result.ok) return roomRefusal(result);
  return publicJson({ sent: result.sent }, viewer);
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
