import { type NotificationRecipientType, settingLabel } from "~/domain/notifications";
import type { Env } from "../../env";
import { readUnsubscribeToken } from "./unsubscribe-token";

export type ReadUnsubscribeLinkResult =
  | { ok: true; role: NotificationRecipientType; label: string }
  | { ok: false; error: "invalid" };

/** What the unsubscribe page (GET) shows for a token: the setting's label, nothing changed yet. */
export function readUnsubscribeLink({
  env,
  input,
}: {
  env: Pick<Env, "authSecret">;
  input: { token: string };
}): ReadUnsubscribeLinkResult {
  const subject = readUnsubscribeToken(input.token, env);
  if (!subject) return { ok: false, error: "invalid" };
  return { ok: true, role: subject.role, label: settingLabel(subject) };
}
