import { randomBytes } from "node:crypto";
import { type NotificationKindName, settingLabel, settingsPath } from "~/domain/notifications";
import type { Env } from "../../env";
import type { MailTemplate, TemplateFill } from "../../integrations/mail/mail-template";
import type { OutgoingMail } from "../../integrations/mail/mailer";
import { greetingName, notificationMail } from "../../integrations/mail/notification-templates";
import { escapeHtml } from "../../integrations/mail/render";
import { detailsPath, type EventDetails } from "./event-details";
import type { Recipient } from "./notification-recipients";
import { createUnsubscribeToken, type UnsubscribeSubject, unsubscribeUrl } from "./unsubscribe-token";

export type NotificationEnv = Pick<Env, "baseUrl" | "authSecret">;

/** One event of a mail: what the fan-out resolved, and when it happened. */
export interface MailEntry {
  details: EventDetails;
  at: Date;
}

type MailRecipient = Pick<Recipient, "type" | "id" | "email" | "name">;

/**
 * The mail of one recipient for one kind: the prompt mail of one event or the summary of several,
 * with the RFC 8058 one-click unsubscribe headers and the same signed link in the body.
 * The kind's name is also the name of the setting it answers to.
 */
export function buildNotificationMail(
  env: NotificationEnv,
  recipient: MailRecipient,
  kind: NotificationKindName,
  entries: MailEntry[],
  summary: boolean,
): OutgoingMail {
  const subject = { role: recipient.type, setting: kind, uid: recipient.id } as UnsubscribeSubject;
  return {
    ...composeMail(env, recipient.type, kind, entries, summary, recipient.name, unsubscribeUrl(subject, env)),
    to: recipient.email,
    meta: mailMeta(recipient, entries),
  };
}

// Letters and digits only: escaping, oneLine and URLs leave them as they are; the nonce keeps a
// news title or a name from ever containing one.
const NONCE = randomBytes(8).toString("hex");
const NAME_MARKER = `yoru${NONCE}name`;
const TOKEN_MARKER = `yoru${NONCE}token`;

/**
 * The prompt mail of one event for every recipient of one type at once (the fan-out, ADR 0025):
 * the mail rendered once with markers for the two personal parts — the greeting's name and the
 * unsubscribe token — and each recipient's values for them. `fillTemplate(template, fill(r))` is
 * exactly `buildNotificationMail(env, r, kind, [entry], false)` (the fan-out checks one recipient
 * per chunk and falls back to the full rendering if it ever differs).
 */
export function notificationTemplate(
  env: NotificationEnv,
  type: Recipient["type"],
  kind: NotificationKindName,
  entry: MailEntry,
): { template: MailTemplate; fill(recipient: MailRecipient): TemplateFill } {
  const mail = composeMail(
    env,
    type,
    kind,
    [entry],
    false,
    NAME_MARKER,
    `${env.baseUrl}/unsubscribe/${TOKEN_MARKER}`,
  );
  return {
    template: { ...mail, markers: [NAME_MARKER, TOKEN_MARKER] },
    fill(recipient) {
      const name = greetingName(recipient.name);
      const token = createUnsubscribeToken(
        { role: recipient.type, setting: kind, uid: recipient.id } as UnsubscribeSubject,
        env,
      );
      return {
        to: recipient.email,
        meta: mailMeta(recipient, [entry]),
        text: [name, token],
        html: [escapeHtml(name), escapeHtml(token)],
      };
    },
  };
}

function mailMeta(recipient: MailRecipient, entries: MailEntry[]): Record<string, string> {
  return { recipient: `${recipient.type}:${recipient.id}`, entries: String(entries.length) };
}

/** Everything of the mail but the address and meta, for a name and an unsubscribe link. */
function composeMail(
  env: NotificationEnv,
  type: Recipient["type"],
  kind: NotificationKindName,
  entries: MailEntry[],
  summary: boolean,
  name: string,
  unsubscribe: string,
): Omit<OutgoingMail, "to" | "meta"> & { headers: Record<string, string> } {
  const rendered = notificationMail({
    kind,
    name,
    summary,
    entries: entries.map(({ details, at }) => ({
      actor: details.actor,
      ...(details.staff !== undefined ? { staff: details.staff } : {}),
      ...(details.item !== undefined ? { item: details.item } : {}),
      at,
      url: `${env.baseUrl}${detailsPath(details, type) ?? settingsPath(type)}`,
    })),
    settingsUrl: `${env.baseUrl}${settingsPath(type)}`,
    unsubscribeUrl: unsubscribe,
    settingLabel: settingLabel({ role: type, setting: kind } as UnsubscribeSubject),
  });
  return {
    kind: summary ? `notification.${kind}.summary` : `notification.${kind}`,
    ...rendered,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
