/**
 * `npm run lint` (its last step): the JSON API's OpenAPI document, generated from the zod schemas
 * (ADR 0020), checked with Spectral's `spectral:oas` ruleset as the field's tools read it (client
 * generators name methods by `operationId` and group them by tag). Any error or warning fails.
 */
import spectralCore from "@stoplight/spectral-core";
import spectralParsers from "@stoplight/spectral-parsers";
import spectralRulesets from "@stoplight/spectral-rulesets";
import { openApiDocument } from "../app/.server/openapi/document";

// CommonJS packages: their named exports are read from the default import.
const { Document, Spectral } = spectralCore;
const { Json } = spectralParsers;
const { oas } = spectralRulesets;

const spectral = new Spectral();
spectral.setRuleset({ extends: [oas] } as Parameters<InstanceType<typeof Spectral>["setRuleset"]>[0]);
const document = new Document(
  JSON.stringify(openApiDocument("https://yoru.example"), null, 2),
  Json,
  "openapi.json",
);
const results = await spectral.run(document);
const SEVERITY = ["error", "warning", "info", "hint"];
for (const result of results)
  console.log(
    `openapi.json ${SEVERITY[result.severity]} ${result.code}: ${result.message} at ${result.path.join(".")}`,
  );
const failing = results.filter((result) => result.severity <= 1).length;
console.log(`openapi: ${results.length} findings of spectral:oas, ${failing} errors or warnings`);
process.exit(failing > 0 ? 1 : 0);
