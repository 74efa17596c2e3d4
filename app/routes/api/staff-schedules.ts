import { publicJson } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { listStaffSchedules } from "~/.server/services/directory/list-staff-schedules";
import { parseDateRange } from "~/domain/query-params";
import type { Route } from "./+types/staff-schedules";

/** `GET /api/staffs/{id}/schedules?start=YYYY-MM-DD&end=YYYY-MM-DD`: shifts in the range, both ends inclusive. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const range = parseDateRange(new URL(request.url).searchParams);
  if (!range.ok) return apiError("invalid-argument", range.message);
  const result = await listStaffSchedules({ db: context.db, input: { staffId: params.id, ...range.value } });
  if (!result.ok) return apiError("not-found", "キャストが見つかりません");
  return publicJson(
    { items: result.items, total: result.items.length, page: 1, pageSize: result.items.length },
    null,
  );
}
