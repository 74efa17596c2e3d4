import { sql } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import { PUSH_TEXTS, PushUnsubscribeSchema } from "~/domain/web-push";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";

export type UnsubscribePushResult =
  | { ok: true; removed: number }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "invalid"; field: string; message: string };

/**
 * `DELETE /api/push/subscriptions` `{endpoint}` (ADR 0045): this device stops receiving the
 * account's pushes. Only her own subscription is removed; removing one that is already gone (the
 * push service said 410) answers `removed: 0`, so switching off never fails.
 */
export async function unsubscribePush({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: unknown;
}): Promise<UnsubscribePushResult> {
  const refused = roleRefusal(actor, "notification.settings");
  if (refused) return { ok: false, error: refused };
  const parsed = PushUnsubscribeSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: "invalid", field: "endpoint", message: PUSH_TEXTS.endpointInvalid };
  const removed = await queryRows<{ id: string }>(
    db,
    sql`delete from push_subscriptions where account_id = ${actor.uid} and endpoint = ${parsed.data.endpoint}
        returning id`,
  );
  return { ok: true, removed: removed.length };
}
