import type { LinkedSource } from "~/domain/posts";
import type { Env } from "../../env";
import { createSnsPorts, type SnsPorts } from "../../integrations/sns";
import type { SnsHttpOptions } from "../../integrations/sns/http";
import { createTokenCipher, type TokenCipher } from "./token-cipher";

/** What the link pages and the importer need besides the database: the vendor ports, the cipher. */
export interface SnsContext {
  ports: SnsPorts;
  cipher: TokenCipher;
  /** BASE_URL, for the OAuth redirect URIs and the links of the broken-link mail. */
  baseUrl: string;
  importIntervalMin: number;
}

export function createSnsContext(
  env: Pick<Env, "sns" | "authSecret" | "baseUrl">,
  http: SnsHttpOptions = {},
): SnsContext {
  return {
    ports: createSnsPorts(env.sns, http),
    cipher: createTokenCipher(env.authSecret),
    baseUrl: env.baseUrl,
    importIntervalMin: env.sns.importIntervalMin,
  };
}

const cache = new WeakMap<object, SnsContext>();

/** One context per configuration object (the server's `env` lives as long as the process). */
export function snsContextFor(env: Pick<Env, "sns" | "authSecret" | "baseUrl">): SnsContext {
  let found = cache.get(env);
  if (!found) {
    found = createSnsContext(env);
    cache.set(env, found);
  }
  return found;
}

export function isConfigured(sns: SnsContext, source: LinkedSource): boolean {
  return sns.ports[source] !== null;
}

/** The AES-GCM associated data of a link's tokens: stable across reconnects of the same link. */
export function tokenContext(link: { owner_id: string; source: string }): string {
  return `sns-link:${link.owner_id}:${link.source}`;
}
