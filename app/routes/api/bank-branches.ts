import { apiError, cachedJson } from "~/.server/http/api-response";
import { searchBranches } from "~/.server/services/platform/search-branches";
import type { Route } from "./+types/bank-branches";

const ONE_DAY_SECONDS = 86_400;

/** `GET /api/banks/:code/branches?q=&limit=`: a bank's branches by name, reading or code (ADR 0054). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await searchBranches({
    input: { bank_code: params.code, q: url.searchParams.get("q"), limit: url.searchParams.get("limit") },
  });
  if (result.ok)
    return cachedJson({ bank: result.bank, items: result.items, total: result.total }, ONE_DAY_SECONDS);
  return apiError(result.error === "not_found" ? "not-found" : "invalid-argument", result.message);
}

export function action() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
