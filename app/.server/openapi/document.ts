/**
 * The OpenAPI 3.1 document of the JSON API (ADR 0020), served at `/api/openapi.json`: generated
 * by zod-openapi from the schemas of ./paths.ts (ADR 0020), once per process and base URL.
 */
import { createDocument, type oas31 } from "zod-openapi";
import { SITE_NAME } from "~/site";
import { API_PATHS } from "./paths";

function generate(baseUrl: string): oas31.OpenAPIObject {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: `${SITE_NAME} API`,
      version: "1.0.0",
      description:
        "Errors are `{error: {code, message}}` with the function status names of the spec. Lists answer `{items, total, page, pageSize}`. Signed-in endpoints use the session cookie of the site.",
    },
    servers: [{ url: baseUrl }],
    paths: API_PATHS,
  });
}

const cache = new Map<string, oas31.OpenAPIObject>();

export function openApiDocument(baseUrl: string): oas31.OpenAPIObject {
  let document = cache.get(baseUrl);
  if (!document) {
    document = generate(baseUrl);
    cache.set(baseUrl, document);
  }
  return document;
}
