import { apiError, cachedJson } from "~/.server/http/api-response";
import { lookupPostalCode, POSTAL_CODE_MESSAGES } from "~/.server/services/platform/lookup-postal-code";
import type { Route } from "./+types/postal-codes";

const ONE_DAY_SECONDS = 86_400;

/** `GET /api/postal-codes/:code`: the addresses of a postal code, for the address autofill of forms. */
export async function loader({ params }: Route.LoaderArgs) {
  const result = await lookupPostalCode({ input: { postal_code: params.code } });
  if (result.ok) return cachedJson({ items: result.items }, ONE_DAY_SECONDS);
  return result.error === "invalid"
    ? apiError("invalid-argument", POSTAL_CODE_MESSAGES.invalid)
    : apiError("not-found", POSTAL_CODE_MESSAGES.not_found);
}

export function action() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
