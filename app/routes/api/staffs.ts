import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { searchStaffs } from "~/.server/services/directory/search-staffs";
import { parseStaffSearch } from "~/domain/directory-search";
import type { Route } from "./+types/staffs";

/** `GET /api/staffs` (ADR 0020): publicly listed staff, filtered, sorted and paged by the database. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const parsed = parseStaffSearch(new URL(request.url).searchParams);
  if (!parsed.ok) return apiError("invalid-argument", parsed.message);
  const viewer = await getViewer(request, context);
  return publicJson(await searchStaffs({ db: context.db, actor: viewer, input: parsed.value }), viewer);
}
