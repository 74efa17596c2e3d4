import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { SITE_NAME } from "~/site";
import type { Db } from "../../db/client";
import { mailOutbox, type OutboxMail } from "../../db/schema";
import type { Env } from "../../env";
import {
  createSmtpTransport,
  DEFAULT_SMTP_TIMEOUT_MS,
  SmtpError,
  type SmtpTransport,
} from "./smtp-transport";

export interface OutgoingMail {
  /** What the mail is for ("verify-email", "reset-password", …), for the outbox and for tests. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  meta?: Record<string, string>;
}

export interface MailResult {
  id: string;
  status: "kept" | "sent" | "failed";
  error?: string;
}

/** The mail port. `send` never throws for SMTP problems: they come back as `failed`. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<MailResult>;
  /** Sends an outbox row again; without SMTP the row is left as it is. */
  resend(id: string): Promise<MailResult>;
}

export class MailNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No mail ${id} in the outbox`);
    this.name = "MailNotFoundError";
  }
}

export interface MailerOptions {
  db: Db;
  env: Pick<Env, "smtpUrl" | "mailFrom">;
  /** Budget of one SMTP delivery, everything included (default 10 s). Tests pass less. */
  timeoutMs?: number;
}

/**
 * Every mail is written to `mail_outbox` first, so nothing is lost whatever happens next. Without
 * `SMTP_URL` it stays there (`kept`, the development outbox at /dev/mail); with SMTP it is
 * delivered and the row records the outcome (`sent` or `failed` with the reason).
 */
export function createMailer({ db, env, timeoutMs = DEFAULT_SMTP_TIMEOUT_MS }: MailerOptions): Mailer {
  const transport: SmtpTransport | null = env.smtpUrl
    ? createSmtpTransport({ url: env.smtpUrl, timeoutMs })
    : null;
  const from = { name: SITE_NAME, address: senderAddress(env.mailFrom) };

  async function deliver(row: OutboxMail, smtp: SmtpTransport): Promise<MailResult> {
    try {
      await smtp.send({ from, to: row.to, subject: row.subject, text: row.text, html: row.html });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await db.update(mailOutbox).set({ status: "failed", error: message }).where(eq(mailOutbox.id, row.id));
      if (error instanceof SmtpError && error.late) {
        // A server slower than the budget may still take the mail: then the record says so.
        void error.late
          .then((delivered) =>
            delivered
              ? db
                  .update(mailOutbox)
                  .set({ status: "sent", error: null, sent_at: new Date() })
                  .where(
                    and(
                      eq(mailOutbox.id, row.id),
                      eq(mailOutbox.status, "failed"),
                      eq(mailOutbox.error, message),
                    ),
                  )
              : undefined,
          )
          .catch(() => {});
      }
      return { id: row.id, status: "failed", error: message };
    }
    await db
      .update(mailOutbox)
      .set({ status: "sent", error: null, sent_at: new Date() })
      .where(eq(mailOutbox.id, row.id));
    return { id: row.id, status: "sent" };
  }

  return {
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          id: randomUUID(),
          kind: mail.kind,
          to: mail.to.trim(),
          subject: mail.subject.replace(/\s+/g, " ").trim(),
          text: mail.text,
          html: mail.html,
          status: "kept",
          meta: mail.meta ?? {},
        })
        .returning();
      if (!row) throw new Error("mail_outbox insert returned no row");
      if (!transport) return { id: row.id, status: "kept" };
      return deliver(row, transport);
    },

    async resend(id) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      if (!row) throw new MailNotFoundError(id);
      if (!transport) return { id: row.id, status: row.status, ...(row.error ? { error: row.error } : {}) };
      return deliver(row, transport);
    },
  };
}

/** `MAIL_FROM` may be a bare address or "Name <address>"; the display name is always the site's. */
function senderAddress(mailFrom: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}
