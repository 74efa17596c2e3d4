import { createServer, type Server, type Socket } from "node:net";
import { type AddressObject, simpleParser } from "mailparser";
import { SMTPServer, type SMTPServerOptions } from "smtp-server";

/**
 * Real SMTP servers for tests, on 127.0.0.1 and a free port: one that receives and parses every
 * mail, and failing ones (a server that never answers, one that rejects every recipient).
 *
 *   const smtp = await startSmtpServer();
 *   const mailer = createMailer({ db, env: { ...env, smtpUrl: smtp.url } });
 *   const mail = await smtp.waitForMail({ to: "taro@example.com" });
 *   const [link] = linksIn(mail.text);
 *   await smtp.close();
 */

export interface ReceivedMail {
  /** Addresses of the To header, lower case. */
  to: string[];
  from: { name: string; address: string };
  subject: string;
  text: string;
  /** The HTML part, "" when there is none. */
  html: string;
  /** Every header as received, by lower-case name, folded lines joined (the first of repeated ones). */
  headers: Record<string, string>;
  /** The SMTP envelope (MAIL FROM, RCPT TO). */
  envelope: { from: string; to: string[] };
  receivedAt: Date;
}

export type MailMatch = ((mail: ReceivedMail) => boolean) | { to?: string; subject?: string | RegExp };

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, ready for SMTP_URL. */
  url: string;
  port: number;
  /** Every mail received so far, oldest first. */
  mails: ReceivedMail[];
  /** Deliveries refused so far (see `refuseFirst`). */
  refused(): number;
  /** Refuse the next `count` deliveries with a temporary 451 (a server having trouble). */
  refuseNext(count: number): void;
  /** The first mail (received or still to come) that matches; rejects after `timeoutMs`. */
  waitForMail(match?: MailMatch, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  close(): Promise<void>;
}

export interface StartSmtpServerOptions {
  /** Only these user/password pairs may log in; without it no login is needed (authOptional). */
  auth?: { user: string; pass: string };
  /** The first this many deliveries are refused with a temporary 451 reply. */
  refuseFirst?: number;
}

/** The temporary failure a refusing server answers with. */
export const TEMPORARY_FAILURE_REPLY = "4.3.0 Try again later (test server)";

/** http(s) URLs in a mail body, in order (trailing punctuation of the sentence is not part of them). */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'「」（）]+/g) ?? [];
  return found.map((url) => url.replace(/[.,;:!?。、）)\]]+$/, ""));
}

function rawHeaders(lines: ReadonlyArray<{ key: string; line: string }>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    if (key in headers) continue;
    headers[key] = line
      .slice(line.indexOf(":") + 1)
      .replace(/\r?\n[ \t]+/g, " ")
      .trim();
  }
  return headers;
}

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a) => a.value.map((v) => (v.address ?? "").toLowerCase())).filter(Boolean);
}

function toPredicate(match: MailMatch | undefined): (mail: ReceivedMail) => boolean {
  if (!match) return () => true;
  if (typeof match === "function") return match;
  return (mail) => {
    if (match.to && !mail.to.includes(match.to.toLowerCase())) return false;
    if (match.subject instanceof RegExp && !match.subject.test(mail.subject)) return false;
    if (typeof match.subject === "string" && !mail.subject.includes(match.subject)) return false;
    return true;
  };
}

function listen(server: { listen(port: number, host: string, cb: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
}

function portOf(server: Server): number {
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("SMTP test server is not listening");
  return address.port;
}

const quietServerOptions: SMTPServerOptions = {
  secure: false,
  disabledCommands: ["STARTTLS"],
  authOptional: true,
  logger: false,
  banner: "yoru-navi test SMTP server",
  // A test must not wait for a client that went away.
  closeTimeout: 200,
};

/** A working SMTP server that keeps every mail it receives, parsed. */
export async function startSmtpServer(options: StartSmtpServerOptions = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  let toRefuse = options.refuseFirst ?? 0;
  let refused = 0;
  const waiters = new Set<{
    predicate: (mail: ReceivedMail) => boolean;
    resolve: (mail: ReceivedMail) => void;
  }>();

  const server = new SMTPServer({
    ...quietServerOptions,
    authOptional: !options.auth,
    // Without TLS a client only logs in when the server allows it on a plain connection.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
      }
    },
    onRcptTo(_address, _session, callback) {
      if (toRefuse > 0) {
        toRefuse--;
        refused++;
        callback(Object.assign(new Error(TEMPORARY_FAILURE_REPLY), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const from = Array.isArray(parsed.from) ? parsed.from[0] : parsed.from;
          const mail: ReceivedMail = {
            to: addresses(parsed.to),
            from: {
              name: from?.value[0]?.name ?? "",
              address: (from?.value[0]?.address ?? "").toLowerCase(),
            },
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: typeof parsed.html === "string" ? parsed.html : "",
            headers: rawHeaders(parsed.headerLines),
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            },
            receivedAt: new Date(),
          };
          mails.push(mail);
          for (const waiter of waiters) {
            if (waiter.predicate(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  server.on("error", () => {
    // A client that hangs up mid-session is not the test's business.
  });
  await listen(server);
  const port = portOf(server.server);

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    refused: () => refused,
    refuseNext(count) {
      toRefuse = count;
    },
    // A queued mail goes out through the job runner: on a 2-core machine busy with the browser
    // suite beside Vitest, that has taken more than 10 s. The wait ends when the mail arrives.
    waitForMail(match, timeoutMs = 30_000) {
      const predicate = toPredicate(match);
      const already = mails.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(
            new Error(
              `No matching mail within ${timeoutMs} ms; received: ${JSON.stringify(mails.map((m) => ({ to: m.to, subject: m.subject })))}`,
            ),
          );
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      mails.length = 0;
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export interface FailingSmtpServer {
  url: string;
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** Messages accepted so far (only the slow server ever accepts one). */
  delivered(): number;
  close(): Promise<void>;
}

/**
 * An SMTP server that fails:
 * - `"silent"` accepts the TCP connection and never says a word (no greeting), to prove timeouts;
 * - `"reject"` greets normally and answers every RCPT TO and DATA with a permanent 5xx;
 * - `"slow"` speaks correct SMTP but waits `replyDelayMs` before every reply, so no single reply
 *   is late while the whole conversation is; it does accept the mail in the end (`delivered()`).
 */
export async function startFailingSmtpServer(
  mode: "silent" | "reject" | "slow",
  options: { replyDelayMs?: number } = {},
): Promise<FailingSmtpServer> {
  if (mode === "silent") return startSilentServer();
  if (mode === "slow") return startSlowServer(options.replyDelayMs ?? 500);
  return startRejectingServer();
}

/** The reply of the rejecting server, so tests can look for it in the recorded error. */
export const REJECT_REPLY = "5.7.1 Relaying denied by the test server";

async function startSilentServer(): Promise<FailingSmtpServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await listen(server);
  const port = portOf(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    connections: () => accepted,
    delivered: () => 0,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function startRejectingServer(): Promise<FailingSmtpServer> {
  let accepted = 0;
  const reject = (code: number) => Object.assign(new Error(REJECT_REPLY), { responseCode: code });
  const server = new SMTPServer({
    ...quietServerOptions,
    onConnect(_session, callback) {
      accepted++;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      callback(reject(550));
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback(reject(554)));
    },
  });
  server.on("error", () => {});
  await listen(server);
  const port = portOf(server.server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    connections: () => accepted,
    delivered: () => 0,
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function startSlowServer(replyDelayMs: number): Promise<FailingSmtpServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  let delivered = 0;
  const server = createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    const reply = (line: string, then?: () => void) =>
      setTimeout(() => {
        if (socket.destroyed) return;
        socket.write(`${line}\r\n`);
        then?.();
      }, replyDelayMs);
    reply("220 slow test server");
    let buffer = "";
    let inData = false;
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            reply("250 2.0.0 accepted, slowly", () => delivered++);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === "DATA") {
          inData = true;
          reply("354 go ahead");
        } else if (command === "QUIT") {
          reply("221 bye", () => socket.end());
        } else {
          reply("250 OK");
        }
      }
    });
  });
  await listen(server);
  const port = portOf(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    connections: () => accepted,
    delivered: () => delivered,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
