import { data } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { apiError } from "~/.server/http/api-response";
import { listStaffSchedules } from "~/.server/services/schedules/list-staff-schedules";
import { replaceStaffSchedules } from "~/.server/services/schedules/replace-staff-schedules";
import type { StaffAction } from "~/.server/services/shared/staff-access";
import { roleRefusal } from "~/domain/permissions";
import { SCHEDULE_RANGE_MAX_DAYS, SHIFT_MESSAGES } from "~/domain/shifts";
import type { Route } from "./+types/liver-staff-schedules";

/**
 * `GET/PUT /api/liver/staff/{id}/schedules?start=YYYY-MM-DD&end=YYYY-MM-DD` (ADR 0020): the
 * shifts of a staff member in a range, both ends inclusive, for the store owning the staff member
 * or that staff member. PUT replaces the range with `{"items": [{date, start_time, end_time}]}`
 * in one transaction and answers the new list.
 */

const MESSAGES = {
  unauthenticated: "ログインしていません",
  forbidden: "この操作は店舗またはキャスト本人のみ行えます",
  not_found: "指定されたキャストが見つかりません",
  body: 'リクエストの本文は {"items": [...]} 形式のJSONで送ってください',
  method: "このAPIはGETとPUTのみ使えます",
} as const;

const BODY_MAX_BYTES = 64 * 1024;
const NO_STORE = { "Cache-Control": "private, no-store" };

const list = (items: unknown[]) =>
  data({ items, total: items.length, page: 1, pageSize: SCHEDULE_RANGE_MAX_DAYS }, { headers: NO_STORE });

async function actor(request: Request, context: Route.LoaderArgs["context"], action: StaffAction) {
  const viewer = await getViewer(request, context);
  if (!viewer) return { error: apiError("unauthenticated", MESSAGES.unauthenticated) } as const;
  if (roleRefusal(viewer, action))
    return { error: apiError("permission-denied", MESSAGES.forbidden) } as const;
  return { viewer } as const;
}

function range(request: Request) {
  const params = new URL(request.url).searchParams;
  return { start: params.get("start") ?? undefined, end: params.get("end") ?? undefined };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const who = await actor(request, context, "staff.schedules.read");
  if (who.error) return who.error;
  const result = await listStaffSchedules({
    db: context.db,
    actor: who.viewer,
    staffId: params.id,
    input: range(request),
  });
  if (result.ok) return list(result.items);
  if (result.error === "invalid") return apiError("invalid-argument", result.message);
  return result.error === "forbidden"
    ? apiError("permission-denied", MESSAGES.forbidden)
    : apiError("not-found", MESSAGES.not_found);
}

/** The JSON body, read with a size limit; null when it is not JSON or too large. */
async function jsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > BODY_MAX_BYTES) return null;
  const text = await request.text().catch(() => "");
  if (text.length > BODY_MAX_BYTES) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== "PUT")
    return data(
      { error: { code: "invalid-argument", message: MESSAGES.method } },
      { status: 405, headers: { Allow: "GET, PUT" } },
    );
  const who = await actor(request, context, "staff.schedules.replace");
  if (who.error) return who.error;
  const body = await jsonBody(request);
  const items =
    typeof body === "object" && body !== null && "items" in body
      ? (body as { items: unknown }).items
      : undefined;
  if (!Array.isArray(items)) return apiError("invalid-argument", MESSAGES.body);
  const { start, end } = range(request);
  try {
    const result = await replaceStaffSchedules({
      db: context.db,
      actor: who.viewer,
      staffId: params.id,
      input: { start: start ?? "", end: end ?? "", items },
    });
    if (result.ok) return list(result.items);
    if (result.error === "invalid") return apiError("invalid-argument", result.message);
    return result.error === "forbidden"
      ? apiError("permission-denied", MESSAGES.forbidden)
      : apiError("not-found", MESSAGES.not_found);
  } catch (error) {
    // ADR 0007: a failed replacement answers a text error; the old shifts are still there.
    console.error("schedule replace failed", error);
    return apiError("unavailable", SHIFT_MESSAGES.failed);
  }
}
