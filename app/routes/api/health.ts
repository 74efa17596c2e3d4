import { checkHealth } from "~/.server/services/platform/check-health";
import type { Route } from "./+types/health";

/** Liveness and database reachability, for load balancers and the end-to-end tests. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await checkHealth({ db: context.db }), { headers: { "Cache-Control": "no-store" } });
}
