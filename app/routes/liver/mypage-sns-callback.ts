import { snsLinkCallback } from "~/.server/http/sns-links";
import type { Route } from "./+types/mypage-sns-callback";

// The OAuth redirect URI of the store's Instagram / TikTok link (register it at the vendor).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return snsLinkCallback({ request, context, role: "liver", source: params.source });
}
