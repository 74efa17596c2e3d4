/**
 * The remote configuration for browsers (ADR 0033): `GET /api/config`. Its value
 * schema is read from the key table (app/domain/remote-config.ts), so a new `client` key appears
 * in the document without a line here.
 */
import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  REMOTE_CONFIG_CACHE_SECONDS,
  REMOTE_CONFIG_KEY_NAMES,
  REMOTE_CONFIG_KEYS,
  type RemoteConfigKeyDefinition,
} from "~/domain/remote-config";

function valueSchema(definition: RemoteConfigKeyDefinition): z.ZodType {
  const described = { description: `${definition.type}, default ${JSON.stringify(definition.default)}` };
  switch (definition.type) {
    case "number":
      return (definition.integer ? z.number().int() : z.number())
        .min(definition.min)
        .max(definition.max)
        .meta(described);
    case "boolean":
      return z.boolean().meta(described);
    case "string":
      return z.string().max(definition.maxLength).meta(described);
  }
}

export const RemoteConfig = z
  .object({
    values: z.object(
      Object.fromEntries(
        REMOTE_CONFIG_KEY_NAMES.filter((key) => REMOTE_CONFIG_KEYS[key].client).map((key) => [
          key,
          valueSchema(REMOTE_CONFIG_KEYS[key]),
        ]),
      ),
    ),
  })
  .meta({ id: "RemoteConfig" });

const caching = z.object({
  ETag: z.string().meta({ description: "the body's validator; send it back as If-None-Match" }),
  "Cache-Control": z.string().meta({ description: `public, max-age=${REMOTE_CONFIG_CACHE_SECONDS}` }),
});

export const CONFIG_PATHS: ZodOpenApiPathsObject = {
  "/api/config": {
    get: {
      summary:
        "The remote configuration browsers read (every key marked for clients, with its value in force)",
      description: `A key the operator has not set has its default. The same for everyone: cacheable for ${REMOTE_CONFIG_CACHE_SECONDS} s, revalidated with If-None-Match. The browser client fetches it at most every 12 hours (60 s timeout).`,
      requestParams: {
        header: z.object({
          "If-None-Match": z.string().optional().meta({ description: "the ETag of a body held" }),
        }),
      },
      responses: {
        "200": {
          description: "OK",
          headers: caching,
          content: { "application/json": { schema: RemoteConfig } },
        },
        "304": { description: "not modified: the body held is current", headers: caching },
      },
    },
  },
};
