import { randomUUID } from "node:crypto";
import {
  CONTACT_FIELD_LABELS,
  type ContactInput,
  ContactSchema,
  contactCategoryLabel,
} from "~/domain/contact";
import type { PowFailure } from "~/domain/pow";
import type { Db } from "../../db/client";
import { contactMessages } from "../../db/schema";
import type { Env } from "../../env";
import {
  autoReplyReceiptRows,
  contactAutoReplyMail,
  contactOperatorMail,
  type InquiryRow,
  operatorReceiptRows,
} from "../../integrations/mail/inquiry-templates";
import type { Mailer, MailResult, OutgoingMail } from "../../integrations/mail/mailer";
import { hitRateLimits } from "../../rate-limit/rate-limiter";
import { RATE_LIMITS } from "../../rate-limit/rules";
import { storeWithRedeemedPow } from "../shared/proof-of-work";

export type SendContactResult =
  | { ok: true; id: string; autoReply: MailResult; operatorMail: MailResult }
  | { ok: false; error: "too_many_requests" | Extract<PowFailure, "expired" | "replayed"> };

/**
 * The confirm step of `/contact`: within the per-IP limit, redeems the proof of work checked at
 * the input step and stores the message with the operator's mail and the automatic reply in one
 * transaction; the mails are delivered in the background.
 */
export async function sendContactMessage({
  db,
  env,
  mailer,
  clientIp,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Env;
  mailer: Mailer;
  clientIp: string;
  input: { message: ContactInput; pow: { challenge: string; expiresAt: Date } };
  now?: Date;
}): Promise<SendContactResult> {
  const message = ContactSchema.parse(input.message);
  if (input.pow.expiresAt.getTime() <= now.getTime()) return { ok: false, error: "expired" };
  const limited = await hitRateLimits(db, [{ rule: RATE_LIMITS.contactPerIp, subject: clientIp }], now);
  if (!limited.allowed) return { ok: false, error: "too_many_requests" };

  const id = randomUUID();
  const L = CONTACT_FIELD_LABELS;
  const categoryLabel = contactCategoryLabel(message.category);
  const rows: InquiryRow[] = [
    { label: L.name, value: message.name },
    { label: L.email, value: message.email },
    { label: L.category, value: categoryLabel },
    { label: L.message, value: message.message },
  ];
  const operatorMail: OutgoingMail = {
    kind: "contact-operator",
    to: env.operator.email,
    ...contactOperatorMail({
      name: message.name,
      categoryLabel,
      rows: operatorReceiptRows({ id, receivedAt: now, clientIp, rows }),
      origin: env.baseUrl,
    }),
    meta: { contactMessageId: id },
  };
  const autoReply: OutgoingMail = {
    kind: "contact-auto-reply",
    to: message.email,
    ...contactAutoReplyMail({
      name: message.name,
      rows: autoReplyReceiptRows({
        id,
        receivedAt: now,
        rows: [{ label: L.category, value: categoryLabel }],
      }),
      faqUrl: `${env.baseUrl}/faq`,
    }),
    meta: { contactMessageId: id },
  };
  // The request and both mails in one transaction: all of them exist, or none (ADR 0015).
  let sent: { operatorMail: MailResult; autoReply: MailResult } | undefined;
  const stored = await storeWithRedeemedPow(db, input.pow, now, async (tx) => {
    await tx.insert(contactMessages).values({ id, ...message, client_ip: clientIp, created_at: now });
    sent = {
      operatorMail: await mailer.send(operatorMail, { tx }),
      autoReply: await mailer.send(autoReply, { tx }),
    };
  });
  if (!stored || !sent) return { ok: false, error: "replayed" };
  return { ok: true, id, ...sent };
}
