import { eq } from "drizzle-orm";
import {
  ListenerMailSettingSchema,
  type ListenerMailSettingValue,
  LiverMailSettingSchema,
  type LiverMailSettingValue,
} from "~/domain/account-settings";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners, livers } from "../../db/schema";

export type UpdateMailSettingsResult = { ok: true } | { ok: false; error: "forbidden" };

/**
 * Replaces the mail_setting flags of the actor's own profile (docs/product.md): the listener's four or the
 * store's three, every flag given (an unchecked box is false). Staff have none.
 */
export async function updateMailSettings({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Viewer;
  input: { mail_setting: ListenerMailSettingValue | LiverMailSettingValue };
}): Promise<UpdateMailSettingsResult> {
  const refused = roleRefusal(actor, "account.mail_settings.update");
  if (refused) return { ok: false, error: refused };
  if (actor.type === "listener") {
    const mail_setting = ListenerMailSettingSchema.parse(input.mail_setting);
    await db.update(listeners).set({ mail_setting }).where(eq(listeners.uid, actor.uid));
    return { ok: true };
  }
  if (actor.type === "liver") {
    const mail_setting = LiverMailSettingSchema.parse(input.mail_setting);
    await db.update(livers).set({ mail_setting }).where(eq(livers.uid, actor.uid));
    return { ok: true };
  }
  return { ok: false, error: "forbidden" };
}
