import { cachedJson } from "~/.server/http/api-response";
import { toApiTree } from "~/domain/areas";

export function loader() {
  return cachedJson(toApiTree());
}
