import { issuePowChallenge } from "~/.server/services/inquiries/issue-pow-challenge";
import type { Route } from "./+types/challenge";

/** `GET /api/challenge`: a proof-of-work challenge for the public forms (ALTCHA format, ADR 0008). */
export async function loader({ context }: Route.LoaderArgs) {
  const challenge = await issuePowChallenge({ env: context.env });
  return Response.json(challenge, { headers: { "Cache-Control": "no-store" } });
}
