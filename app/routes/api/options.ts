import { cachedJson } from "~/.server/http/api-response";
import { optionsPayload } from "~/domain/options";

export function loader() {
  return cachedJson(optionsPayload());
}
