/**
 * The OpenAPI 3.1 document of the JSON API (ADR 0020), served at `/api/openapi.json`: generated
 * by zod-openapi from the schemas of ./paths.ts (ADR 0020), once per process and base URL.
 */
import { createDocument, type oas31, type ZodOpenApiPathsObject } from "zod-openapi";
import { SITE_NAME } from "~/site";
import { API_TAGS, OPERATIONS } from "./operation-names";
import { API_PATHS } from "./paths";

const METHODS = ["get", "put", "post", "delete", "patch"] as const;

/**
 * Every operation with its `operationId`, tag and a description: its own, or its summary and who
 * may call it (read from the answers it documents: 401 means a session is needed).
 */
function named(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => {
          if (!(METHODS as readonly string[]).includes(method)) return [method, operation];
          const name = OPERATIONS[`${method} ${path}`];
          if (!name) throw new Error(`openapi: ${method} ${path} has no name in operation-names.ts`);
          const op = operation as {
            summary?: string;
            description?: string;
            responses?: Record<string, unknown>;
          };
          const who = op.responses?.["401"]
            ? "Needs a signed-in session (the site's session cookie)."
            : "Open to anyone; no session needed.";
          return [
            method,
            {
              ...op,
              operationId: name[0],
              tags: [name[1]],
              description: op.description ?? `${(op.summary ?? "").replace(/\.$/, "")}. ${who}`,
            },
          ];
        }),
      ),
    ]),
  );
}

function generate(baseUrl: string): oas31.OpenAPIObject {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: `${SITE_NAME} API`,
      version: "1.0.0",
      description:
        "Errors are `{error: {code, message}}` with the function status names of the spec. Lists answer `{items, total, page, pageSize}`. Signed-in endpoints use the session cookie of the site.",
      contact: { name: `${SITE_NAME} 運営`, url: `${baseUrl}/contact` },
    },
    servers: [{ url: baseUrl }],
    tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
    paths: named(API_PATHS),
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
