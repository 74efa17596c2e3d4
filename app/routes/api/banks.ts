import { apiError, cachedJson } from "~/.server/http/api-response";
import { searchBanks } from "~/.server/services/platform/search-banks";
import type { Route } from "./+types/banks";

const ONE_DAY_SECONDS = 86_400;

/** `GET /api/banks?q=&limit=`: banks by name, reading or code, for the payout account's chooser (ADR 0054). */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await searchBanks({
    input: { q: url.searchParams.get("q"), limit: url.searchParams.get("limit") },
  });
  if (!result.ok) return apiError("invalid-argument", result.message);
  return cachedJson({ items: result.items, total: result.total }, ONE_DAY_SECONDS);
}

export function action() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
