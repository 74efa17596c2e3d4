import { cacheableJson } from "~/.server/http/etag";
import { getPublicConfig } from "~/.server/services/config/get-public-config";
import { REMOTE_CONFIG_CACHE_SECONDS } from "~/domain/remote-config";
import type { Route } from "./+types/config";

/**
 * The remote configuration for browsers (ADR 0033): the keys marked `client` with their values
 * in force. The same for everyone, so shared caches may keep it for a few minutes; the ETag lets
 * the client (components/remote-config) and caches revalidate with a 304.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const body = await getPublicConfig({ db: context.db });
  return cacheableJson(request, body, `public, max-age=${REMOTE_CONFIG_CACHE_SECONDS}`);
}
