/**
 * A process that fans one notification event out and prints a line after each committed chunk,
 * for the test that kills it with SIGKILL halfway (tests/integration/fan-out-kill.test.ts).
 * Usage: node --import tsx tests/support/fan-out-child.ts <postgres URL | PGlite directory> <event id>
 */
import { openDatabase } from "../../app/.server/db/client";
import { createMailer } from "../../app/.server/integrations/mail/mailer";
import { fanOutNotification } from "../../app/.server/services/notifications/fan-out-notification";

const [target = "", eventId = ""] = process.argv.slice(2);
const database = await openDatabase(
  target.startsWith("postgres")
    ? { databaseUrl: target, poolSize: 4, migrate: false }
    : { pgliteDir: target, migrate: false },
);
const db = database.db;
const mailer = createMailer({
  db,
  env: { smtpUrl: "smtp://127.0.0.1:9", mailFrom: "no-reply@yoru.example" },
});
await fanOutNotification(
  {
    db,
    mailer,
    env: { baseUrl: "https://yoru.example", authSecret: "kill-test-secret-0123456789abcdef0123" },
    chunkSize: 50,
    onInAppChunk: (written) => process.stdout.write(`in-app ${written}\n`),
    onChunk: ({ mails }) => process.stdout.write(`mail ${mails}\n`),
  },
  eventId,
);
process.stdout.write("done\n");
await database.close();
