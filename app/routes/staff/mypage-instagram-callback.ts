import { snsLinkCallback } from "~/.server/http/sns-links";
import type { Route } from "./+types/mypage-instagram-callback";

// The OAuth redirect URI of the staff member's Instagram / TikTok link (register it at the vendor).
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return snsLinkCallback({ request, context, role: "staff", source: params.source });
}
