import { createTransport, type SendMailOptions, type SMTPTransportOptions } from "nodemailer";

/** The whole budget of one delivery attempt, from DNS lookup to the server's last reply. */
export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

export interface SmtpTransport {
  /** Delivers one message; rejects with a short, single-line error. Never takes longer than the budget. */
  send(message: SendMailOptions): Promise<void>;
  close(): void;
}

export class SmtpError extends Error {
  constructor(
    message: string,
    /**
     * Only when the budget ran out: the attempt nodemailer still has under way. It resolves if
     * that attempt delivers after all (and never rejects), so the caller can correct its record.
     */
    readonly late?: Promise<boolean>,
  ) {
    super(message);
    this.name = "SmtpError";
  }
}

/**
 * Connection options from `SMTP_URL`: `smtp://` talks plain SMTP (upgrading with STARTTLS when
 * the server offers it), `smtps://` is TLS from the first byte. User and password are
 * percent-decoded so that passwords with `@` or `:` survive.
 *
 * Each phase has its own timeout, and they are chosen so that a dead or silent server fails one
 * of them well inside the budget; `send` still enforces the budget as a whole, for a server that
 * answers just often enough to keep the socket alive.
 */
export function smtpOptionsFromUrl(
  url: string,
  timeoutMs: number = DEFAULT_SMTP_TIMEOUT_MS,
): SMTPTransportOptions {
  const parsed = new URL(url);
  const secure = parsed.protocol === "smtps:";
  if (!secure && parsed.protocol !== "smtp:")
    throw new Error(`SMTP_URL: unsupported protocol ${parsed.protocol}`);
  const user = decodeURIComponent(parsed.username);
  const pass = decodeURIComponent(parsed.password);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: user ? { user, pass } : undefined,
    dnsTimeout: Math.round(timeoutMs * 0.3),
    connectionTimeout: Math.round(timeoutMs * 0.5),
    greetingTimeout: Math.round(timeoutMs * 0.5),
    socketTimeout: Math.round(timeoutMs * 0.6),
    logger: false,
    debug: false,
  };
}

/** One nodemailer transport (a fresh connection per message, no pool, no retries). */
export function createSmtpTransport({
  url,
  timeoutMs = DEFAULT_SMTP_TIMEOUT_MS,
}: {
  url: string;
  timeoutMs?: number;
}): SmtpTransport {
  const transporter = createTransport(smtpOptionsFromUrl(url, timeoutMs));
  return {
    async send(message) {
      let timer: NodeJS.Timeout | undefined;
      const attempt = transporter.sendMail(message);
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const late = attempt.then(
            () => true,
            () => false,
          );
          reject(
            new SmtpError(`ETIMEDOUT: no complete answer from the SMTP server within ${timeoutMs} ms`, late),
          );
        }, timeoutMs);
      });
      try {
        await Promise.race([attempt, deadline]);
      } catch (error) {
        throw error instanceof SmtpError ? error : new SmtpError(describeSmtpError(error));
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** "CODE: message", one line, at most 500 characters; the server's reply is part of the message. */
export function describeSmtpError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; response?: unknown };
  const message = typeof e?.message === "string" && e.message ? e.message : String(error);
  const response = typeof e?.response === "string" ? e.response : "";
  const code = typeof e?.code === "string" ? e.code : "";
  let text = message;
  if (response && !message.includes(response)) text = `${text} (${response})`;
  if (code && !text.startsWith(code)) text = `${code}: ${text}`;
  text = text.replace(/\s+/g, " ").trim();
  return text.length > 500 ? `${text.slice(0, 499)}…` : text;
}
