import { cachedJson } from "~/.server/http/api-response";
import { openApiDocument } from "~/.server/openapi/document";
import type { Route } from "./+types/openapi";

/** `GET /api/openapi.json`: the description of the JSON API. */
export function loader({ context }: Route.LoaderArgs) {
  return cachedJson(openApiDocument(context.env.baseUrl));
}
