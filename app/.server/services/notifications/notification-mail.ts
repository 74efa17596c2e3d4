import { type NotificationKindName, settingLabel, settingsPath } from "~/domain/notifications";
import type { Env } from "../../env";
import type { OutgoingMail } from "../../integrations/mail/mailer";
import { notificationMail } from "../../integrations/mail/notification-templates";
import { detailsPath, type EventDetails } from "./event-details";
import type { Recipient } from "./notification-recipients";
import { type UnsubscribeSubject, unsubscribeUrl } from "./unsubscribe-token";

export type NotificationEnv = Pick<Env, "baseUrl" | "authSecret">;

/** One event of a mail: what the fan-out resolved, and when it happened. */
export interface MailEntry {
  details: EventDetails;
  at: Date;
}

/**
 * The mail of one recipient for one kind: the prompt mail of one event or the summary of several,
 * with the RFC 8058 one-click unsubscribe headers and the same signed link in the body.
 * The kind's name is also the name of the setting it answers to.
 */
export function buildNotificationMail(
  env: NotificationEnv,
  recipient: Pick<Recipient, "type" | "id" | "email" | "name">,
  kind: NotificationKindName,
  entries: MailEntry[],
  summary: boolean,
): OutgoingMail {
  const subject = { role: recipient.type, setting: kind, uid: recipient.id } as UnsubscribeSubject;
  const unsubscribe = unsubscribeUrl(subject, env);
  const rendered = notificationMail({
    kind,
    name: recipient.name,
    summary,
    entries: entries.map(({ details, at }) => ({
      actor: details.actor,
      ...(details.staff !== undefined ? { staff: details.staff } : {}),
      ...(details.item !== undefined ? { item: details.item } : {}),
      at,
      url: `${env.baseUrl}${detailsPath(details, recipient.type) ?? settingsPath(recipient.type)}`,
    })),
    settingsUrl: `${env.baseUrl}${settingsPath(recipient.type)}`,
    unsubscribeUrl: unsubscribe,
    settingLabel: settingLabel(subject),
  });
  return {
    kind: summary ? `notification.${kind}.summary` : `notification.${kind}`,
    to: recipient.email,
    ...rendered,
    meta: { recipient: `${recipient.type}:${recipient.id}`, entries: String(entries.length) },
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
