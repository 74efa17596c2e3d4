import { getViewer } from "~/.server/auth/viewer";
import { publicJson } from "~/.server/http/api-json";
import { listTopStaffs, TOP_STAFF_COUNT } from "~/.server/services/directory/list-top-staffs";
import type { Route } from "./+types/staffs-top";

/** `GET /api/staffs/top`: the 5 publicly listed staff with the most followers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await getViewer(request, context);
  const items = await listTopStaffs({ db: context.db, actor: viewer });
  return publicJson({ items, total: items.length, page: 1, pageSize: TOP_STAFF_COUNT }, viewer);
}
