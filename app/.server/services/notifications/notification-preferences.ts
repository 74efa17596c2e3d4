import { sql } from "drizzle-orm";
import type { InAppKind } from "~/domain/in-app-notifications";
import { roleRefusal } from "~/domain/permissions";
import { SHIFT_SUMMARY_DEFAULT_HOUR } from "~/domain/web-push";
import type { Viewer } from "../../auth/viewer";
import { type Db, queryRows } from "../../db/client";

export interface NotificationPreferences {
  /** Push switches as stored (absent = on). */
  push: Record<string, boolean>;
  /** The hour (Tokyo) of the daily shift summary. */
  shiftHour: number;
  /** Devices with push on for this account. */
  devices: number;
}

/** The account's notification settings for its settings page (ADR 0045). */
export async function getNotificationPreferences({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<NotificationPreferences | null> {
  if (roleRefusal(actor, "notification.settings")) return null;
  const [row] = await queryRows<{
    push: Record<string, boolean> | null;
    shift_hour: number | null;
    devices: number;
  }>(
    db,
    sql`select p.push, p.shift_hour,
               (select count(*)::int from push_subscriptions s where s.account_id = ${actor.uid}) as devices
        from (select 1) one
        left join notification_preferences p on p.account_id = ${actor.uid}`,
  );
  return {
    push: row?.push ?? {},
    shiftHour: row?.shift_hour ?? SHIFT_SUMMARY_DEFAULT_HOUR,
    devices: row?.devices ?? 0,
  };
}

/**
 * Saves which kinds come by push and (a listener) the hour of the shift summary. The form's
 * schema (`pushSettingFormSchema`) already checked the values; kinds of other roles are never in it.
 */
export async function updateNotificationPreferences({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { push_setting: Partial<Record<InAppKind, boolean>>; shift_hour?: number | undefined };
}): Promise<{ ok: true } | { ok: false; error: "forbidden" }> {
  const refused = roleRefusal(actor, "notification.settings");
  if (refused) return { ok: false, error: refused };
  const hour = actor.type === "listener" ? (input.shift_hour ?? SHIFT_SUMMARY_DEFAULT_HOUR) : null;
  await db.execute(
    sql`insert into notification_preferences (account_id, push, shift_hour)
        values (${actor.uid}, ${JSON.stringify(input.push_setting)}::jsonb, ${hour})
        on conflict (account_id) do update
          set push = excluded.push, shift_hour = excluded.shift_hour, updated_at = now()`,
  );
  return { ok: true };
}
