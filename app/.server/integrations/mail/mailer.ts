import { randomUUID } from "node:crypto";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { SITE_NAME } from "~/site";
import type { Db, Tx } from "../../db/client";
import { enqueueJob, enqueueJobs } from "../../db/queue/enqueue";
import { type MailStatus, mailOutbox } from "../../db/schema";
import type { Env } from "../../env";
import { filledHeaders, type MailTemplate, type TemplateFill } from "./mail-template";
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
  /** Extra headers, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailResult {
  id: string;
  /** `queued` with SMTP (a job delivers it), `kept` without (the development outbox). */
  status: MailStatus;
}

export interface SendOptions {
  /**
   * The transaction of the business write that causes the mail: the mail and its delivery job
   * exist exactly when that write commits. Without it the mail is written on its own.
   */
  tx?: Tx;
}

export type DeliveryOutcome = "sent" | "already-sent" | "missing" | "kept";

/**
 * The mail port (ADR 0015). `send` only writes: the mail row and, with SMTP, its `mail.deliver`
 * job, in one transaction. Delivery happens in the background (`deliver`), with retries; a mail
 * whose retries all failed ends `failed`, visible to the operator, who can `resend` it.
 */
export interface Mailer {
  send(mail: OutgoingMail, options?: SendOptions): Promise<MailResult>;
  /**
   * The bulk form of `send` for fan-outs (ADR 0025): every mail row in one statement and, with
   * SMTP, every `mail.deliver` job in one more, in the transaction given.
   */
  sendMany(mails: OutgoingMail[], options: { tx: Tx }): Promise<MailResult[]>;
  /**
   * `sendMany` for mails that differ only in a few values (ADR 0025): the template's text and HTML
   * go to the database once, each recipient's values fill its markers there, and every recipient
   * still gets a complete outbox row (the same row `sendMany(fills.map(fillTemplate))` writes)
   * and its `mail.deliver` job. Results in the order of `fills`.
   */
  sendFromTemplate(template: MailTemplate, fills: TemplateFill[], options: { tx: Tx }): Promise<MailResult[]>;
  /**
   * Queues a `failed` (or, once SMTP is configured, `kept`) mail again; any other row is left as
   * it is and its status answered. Without SMTP nothing changes.
   */
  resend(id: string, options?: SendOptions): Promise<MailResult>;
  /**
   * One delivery attempt of the `mail.deliver` job. Throws when SMTP refused, so the queue retries;
   * on the last attempt (`final`) the row is marked `failed` first.
   */
  deliver(id: string, attempt: { final: boolean }): Promise<DeliveryOutcome>;
}

export class MailNotFoundError extends Error {
  constructor(readonly id: string) {
    super(`No mail ${id} in the outbox`);
    this.name = "MailNotFoundError";
  }
}

export interface MailerOptions {
  db: Db;
  env: Pick<Env, "smtpUrl" | "mailFrom"> & Partial<Pick<Env, "mailRetryDelaySeconds">>;
  /** Budget of one SMTP delivery, everything included (default 10 s). Tests pass less. */
  timeoutMs?: number;
  /** Retries after the first attempt (default: the `mail.deliver` queue's). Tests pass less. */
  retryLimit?: number;
}

export function createMailer({
  db,
  env,
  timeoutMs = DEFAULT_SMTP_TIMEOUT_MS,
  retryLimit,
}: MailerOptions): Mailer {
  let transport: SmtpTransport | null | undefined;
  const smtp = () => {
    if (transport === undefined)
      transport = env.smtpUrl ? createSmtpTransport({ url: env.smtpUrl, timeoutMs }) : null;
    return transport;
  };
  const from = { name: SITE_NAME, address: senderAddress(env.mailFrom) };
  const jobOptions = {
    ...(env.mailRetryDelaySeconds ? { retryDelay: env.mailRetryDelaySeconds } : {}),
    ...(retryLimit !== undefined ? { retryLimit } : {}),
  };

  async function queue(writer: Db | Tx, id: string): Promise<void> {
    await enqueueJob(writer, "mail.deliver", { mailId: id }, jobOptions);
  }

  async function markSentLate(id: string, late: Promise<boolean>, reason: string) {
    // A server slower than the budget may still take the mail: the record then says so, and a
    // retry that finds it `sent` does nothing.
    if (!(await late)) return;
    await db
      .update(mailOutbox)
      .set({ status: "sent", error: null, sent_at: new Date() })
      .where(
        and(
          eq(mailOutbox.id, id),
          inArray(mailOutbox.status, ["queued", "failed"]),
          eq(mailOutbox.error, reason),
        ),
      );
  }

  const outboxRow = (id: string, mail: OutgoingMail, status: MailStatus) => ({
    id,
    kind: mail.kind,
    to: mail.to.trim(),
    subject: mail.subject.replace(/\s+/g, " ").trim(),
    text: mail.text,
    html: mail.html,
    status,
    meta: mail.meta ?? {},
    headers: mail.headers ?? {},
  });

  return {
    async send(mail, { tx } = {}) {
      const id = randomUUID();
      const status: MailStatus = env.smtpUrl ? "queued" : "kept";
      const write = async (writer: Db | Tx) => {
        await writer.insert(mailOutbox).values(outboxRow(id, mail, status));
        if (status === "queued") await queue(writer, id);
      };
      if (tx) await write(tx);
      else await db.transaction(write);
      return { id, status };
    },

    async sendMany(mails, { tx }) {
      if (mails.length === 0) return [];
      const status: MailStatus = env.smtpUrl ? "queued" : "kept";
      const rows = mails.map((mail) => outboxRow(randomUUID(), mail, status));
      // One parameter for the whole chunk: thousands of rows without thousands of placeholders.
      await tx.execute(sql`
        insert into mail_outbox (id, kind, "to", subject, text, html, status, meta, headers)
        select id, kind, "to", subject, text, html, status, meta, headers
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(
          id text, kind text, "to" text, subject text, text text, html text, status text, meta jsonb, headers jsonb)`);
      if (status === "queued")
        await enqueueJobs(
          tx,
          "mail.deliver",
          rows.map((row) => ({ data: { mailId: row.id } })),
          jobOptions,
        );
      return rows.map((row) => ({ id: row.id, status }));
    },

    async sendFromTemplate(template, fills, { tx }) {
      if (fills.length === 0) return [];
      const { markers } = template;
      if (
        markers.some(
          (m) => !/^[A-Za-z0-9]+$/.test(m) || template.subject.includes(m) || template.kind.includes(m),
        )
      )
        throw new Error("sendFromTemplate: markers are letters and digits, never in the subject or kind");
      const status: MailStatus = env.smtpUrl ? "queued" : "kept";
      const rows = fills.map((fill) => ({
        id: randomUUID(),
        to: fill.to.trim(),
        meta: fill.meta,
        t: fill.text,
        h: fill.html,
        headers: filledHeaders(template, fill),
      }));
      // replace(replace(body, marker0, value0), marker1, value1)…: fillTemplate's order exactly.
      const filled = (body: SQL, values: SQL) =>
        markers.reduce<SQL>(
          (acc, marker, i) => sql`replace(${acc}, ${marker}::text, ${values} ->> ${i}::int)`,
          body,
        );
      await tx.execute(sql`
        insert into mail_outbox (id, kind, "to", subject, text, html, status, meta, headers)
        select x.id, ${template.kind}, x."to", ${template.subject.replace(/\s+/g, " ").trim()},
          ${filled(sql`${template.text}::text`, sql`x.t`)}, ${filled(sql`${template.html}::text`, sql`x.h`)},
          ${status}, x.meta, x.headers
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as x(id text, "to" text, meta jsonb, t json, h json, headers jsonb)`);
      if (status === "queued")
        await enqueueJobs(
          tx,
          "mail.deliver",
          rows.map((row) => ({ data: { mailId: row.id } })),
          jobOptions,
        );
      return rows.map((row) => ({ id: row.id, status }));
    },

    async resend(id, { tx } = {}) {
      const requeue = async (writer: Db | Tx): Promise<MailResult> => {
        const [row] = await writer
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, id))
          .limit(1)
          .for("update");
        if (!row) throw new MailNotFoundError(id);
        // Only a mail that did not go out is queued again: a stale page or a second tab must not
        // send a delivered mail twice.
        if (!env.smtpUrl || (row.status !== "failed" && row.status !== "kept"))
          return { id, status: row.status };
        await writer.update(mailOutbox).set({ status: "queued" }).where(eq(mailOutbox.id, id));
        await queue(writer, id);
        return { id, status: "queued" };
      };
      return tx ? requeue(tx) : db.transaction(requeue);
    },

    async deliver(id, { final }) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      if (!row) return "missing";
      if (row.status === "sent") return "already-sent";
      const transport = smtp();
      if (!transport) {
        await db.update(mailOutbox).set({ status: "kept" }).where(eq(mailOutbox.id, id));
        return "kept";
      }
      await db
        .update(mailOutbox)
        .set({ status: "sending", attempts: row.attempts + 1 })
        .where(eq(mailOutbox.id, id));
      try {
        await transport.send({
          from,
          to: row.to,
          subject: row.subject,
          text: row.text,
          html: row.html,
          ...(Object.keys(row.headers).length > 0 ? { headers: row.headers } : {}),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        await db
          .update(mailOutbox)
          .set({ status: final ? "failed" : "queued", error: reason })
          .where(eq(mailOutbox.id, id));
        if (error instanceof SmtpError && error.late)
          void markSentLate(id, error.late, reason).catch(() => {});
        throw error;
      }
      await db
        .update(mailOutbox)
        .set({ status: "sent", error: null, sent_at: new Date() })
        .where(eq(mailOutbox.id, id));
      return "sent";
    },
  };
}

/** `MAIL_FROM` may be a bare address or "Name <address>"; the display name is always the site's. */
function senderAddress(mailFrom: string): string {
  const match = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (match?.[1] ?? mailFrom).trim();
}
