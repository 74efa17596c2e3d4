import type { NotificationEventRow } from "../../db/schema";
import type { NotificationEvent } from "./record-notification";

/** The event as it was recorded, from its row (dates back to `Date`). */
export function eventFromRow(row: NotificationEventRow): NotificationEvent {
  return { ...row.payload, kind: row.kind, at: row.occurred_at } as NotificationEvent;
}
