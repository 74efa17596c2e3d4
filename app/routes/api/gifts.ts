import { data } from "react-router";
import { getViewer } from "~/.server/auth/viewer";
import { readJsonBody, roleError } from "~/.server/http/api-json";
import { apiError } from "~/.server/http/api-response";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { liveSettings } from "~/.server/services/live/live-settings";
import { MONEY_TEXTS } from "~/domain/money-texts";
import type { Route } from "./+types/gifts";

/**
 * `POST /api/gifts {item_id, quantity, staff_id | liver_id, live_id?, room_id?, pay_with_coins?,
 * idempotency_key}` (a listener, ADR 0032, 0043) → 201 with the gift (its combo, tier and the
 * coins it took); 200 with the same gift for a key already used; 400 (`field`) bad input, not
 * enough items (`quantity`) or coins (`pay_with_coins`), or the live is over; 403 a blocked room;
 * 404 no such item (or one no longer sold, to buy), receiver, live, or room of the listener's; 409
 * the key used with other parameters.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError("invalid-argument", "POST で送信してください");
  const viewer = await getViewer(request, context);
  const denied = roleError(viewer, "gift.send");
  if (denied || !viewer) return denied;
  const json = await readJsonBody(request);
  if (json === undefined) return apiError("invalid-argument", MONEY_TEXTS.invalid);
  const result = await sendGift({
    db: context.db,
    actor: viewer,
    input: json,
    settings: await liveSettings(context),
  });
  const headers = { "Cache-Control": "private, no-store" };
  if (result.ok) return data(result.gift, { status: result.replayed ? 200 : 201, headers });
  switch (result.error) {
    case "forbidden":
      return apiError("permission-denied", "このアカウントでは利用できません");
    case "not_found":
      return apiError("not-found", result.message, { field: result.field });
    case "blocked":
      return apiError("permission-denied", result.message, { field: result.field });
    case "idempotency_conflict":
      return data(
        { error: { code: "invalid-argument", message: result.message, field: "idempotency_key" } },
        { status: 409, headers },
      );
    default:
      return apiError("invalid-argument", result.message, result.field ? { field: result.field } : {});
  }
}

export function loader() {
  return apiError("not-found", "指定されたAPIは存在しません");
}
