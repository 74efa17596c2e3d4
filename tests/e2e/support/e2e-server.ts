// The server of the end-to-end suite: the production build (`node server.js`) wired to a real
// SMTP server on loopback, whose received mails the tests read over a small HTTP endpoint.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { startSmtpServer } from "../../support/smtp";

const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3211);
const smtp = await startSmtpServer();

const mailApi = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (req.method === "DELETE") {
    smtp.clear();
    res.writeHead(204).end();
    return;
  }
  const to = url.searchParams.get("to")?.toLowerCase();
  const mails = to ? smtp.mails.filter((mail) => mail.to.includes(to)) : smtp.mails;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(mails));
});
await new Promise<void>((resolve) => mailApi.listen(mailPort, "127.0.0.1", resolve));

const app = spawn(process.execPath, ["server.js"], {
  env: { ...process.env, SMTP_URL: smtp.url },
  stdio: "inherit",
});

async function stop(signal: NodeJS.Signals) {
  app.kill(signal);
  await new Promise((resolve) => app.once("exit", resolve));
  mailApi.close();
  await smtp.close();
  process.exit(0);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));
app.once("exit", (code) => {
  mailApi.close();
  void smtp.close();
  process.exit(code ?? 1);
});
