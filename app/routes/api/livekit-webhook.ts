import { apiError } from "~/.server/http/api-response";
import { privateJson } from "~/.server/http/live-answers";
import { receiveLivekitWebhook } from "~/.server/services/live/livekit-webhook";
import type { Route } from "./+types/livekit-webhook";

/**
 * `POST /api/livekit/webhook`: LiveKit's webhooks (ADR 0031): the `Authorization` JWT
 * (signature, issuer, expiry) and its `sha256` claim over the raw body are verified before
 * anything is read → 200 also for rooms we do not know; 401 for a bad signature or digest; 404
 * when LiveKit is not the media transport.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const media = context.liveMedia;
  if (media.mode !== "livekit" || !("receiveWebhook" in media))
    return apiError("not-found", "指定されたAPIは存在しません");
  const raw = await request.text();
  const result = await receiveLivekitWebhook({
    db: context.db,
    verify: () =>
      (media as { receiveWebhook(b: string, a: string | null): Promise<unknown> }).receiveWebhook(
        raw,
        request.headers.get("authorization"),
      ),
  });
  if (!result.ok) return apiError("unauthenticated", "署名を確認できません");
  return privateJson({ received: true, event: result.event });
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
