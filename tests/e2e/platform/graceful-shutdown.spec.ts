import http from "node:http";
import net from "node:net";
import { expect, test } from "@playwright/test";
import { LOOPBACK_BUDGET_MS } from "../../support/budgets";
import { spawnServer } from "../support/spawn-server";

const PORT = 3291;
const HOST = `127.0.0.1:${PORT}`;

/** A raw connection, so the test decides when each byte of a request leaves. */
function connect(): Promise<{ socket: net.Socket; received: () => string; closed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(PORT, "127.0.0.1");
    let text = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    const closed = new Promise<void>((done) => socket.on("close", () => done()));
    socket.once("error", reject);
    socket.once("connect", () => resolve({ socket, received: () => text, closed }));
  });
}

/** Whether `text` holds one whole HTTP answer: its head and all of its body. */
function wholeAnswer(text: string): boolean {
  const at = text.indexOf("\r\n\r\n");
  if (at < 0) return false;
  const head = text.slice(0, at);
  const payload = text.slice(at + 4);
  const length = /content-length: (\d+)/i.exec(head)?.[1];
  if (length) return Buffer.byteLength(payload, "latin1") === Number(length);
  return /transfer-encoding: chunked/i.test(head) && payload.endsWith("0\r\n\r\n");
}

function refusesConnections(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

// docs/deployment.md, "Shutdown": behind a proxy an instance stopped with SIGTERM must lose no
// request — it stops accepting connections (the proxy tries the other instance), answers what it
// was given with `Connection: close`, closes idle keep-alive connections, ends event streams
// cleanly (clients resume elsewhere with Last-Event-ID) and exits 0.
test("SIGTERM: the in-flight request is answered with Connection: close, streams end cleanly, exit 0", async () => {
  test.setTimeout(180_000);
  const server = await spawnServer(PORT, { SEED_DEMO: "true", BASE_URL: `http://${HOST}` });
  let exited: Promise<number | null> | undefined;
  try {
    // A signed-in listener's event stream, open.
    const login = await fetch(`${server.baseUrl}/listener/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: server.baseUrl },
      body: new URLSearchParams({ email: "listener@demo.example", password: "demo-pass-2026" }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("session_token");
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${server.baseUrl}/api/me/events`, { headers: { cookie } }, resolve).once("error", reject),
    );
    expect(stream.statusCode).toBe(200);
    let streamText = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      streamText += chunk;
    });
    const streamClosed = new Promise<void>((resolve) => stream.once("close", () => resolve()));
    await expect.poll(() => streamText).toContain("retry:");

    // A keep-alive connection that has been served and now idles.
    const idle = await connect();
    idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`);
    await expect.poll(() => wholeAnswer(idle.received())).toBe(true);
    expect(idle.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(idle.received().toLowerCase()).toContain("connection: keep-alive");
    const idleAnswer = idle.received();

    // A post whose body is still on its way (the input guard reads every body before any route
    // looks at it, server/input-guard.ts): `100 Continue` says the server has it in hand.
    const body = JSON.stringify({ staff_id: "00000000-0000-0000-0000-000000000000" });
    const posting = await connect();
    posting.socket.write(
      `POST /api/favorites HTTP/1.1\r\nHost: ${HOST}\r\nOrigin: http://${HOST}\r\n` +
        "Content-Type: application/json\r\n" +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await expect.poll(() => posting.received()).toContain("HTTP/1.1 100 Continue\r\n\r\n");
    posting.socket.write(body.slice(0, 10));

    exited = server.stop();
    await expect.poll(() => server.output()).toContain("SIGTERM: closing");
    // New connections are refused (a proxy's connect fails and it tries the next instance).
    await expect.poll(refusesConnections).toBe(true);
    // The idle connection is closed without a word; the event stream ends as a whole response.
    await idle.closed;
    expect(idle.received()).toBe(idleAnswer);
    await streamClosed;
    expect(stream.complete).toBe(true);

    // The rest of the body: the answer comes whole, says `Connection: close`, and the server
    // closes the connection after it.
    posting.socket.write(body.slice(10));
    await posting.closed;
    const answer = posting.received().slice("HTTP/1.1 100 Continue\r\n\r\n".length);
    const head = answer.slice(0, answer.indexOf("\r\n\r\n"));
    // Signed out: refused, once the whole body has been read.
    expect(head).toMatch(/^HTTP\/1\.1 401 /);
    expect(head.toLowerCase()).toContain("connection: close");
    expect(wholeAnswer(answer)).toBe(true);

    // And the process exits 0 (its own 15 s limit would exit 1).
    await expect.poll(() => server.child.exitCode, { timeout: LOOPBACK_BUDGET_MS }).toBe(0);
    expect(server.output()).toContain("[db] closed");
  } finally {
    if (!exited) await server.stop();
    else await exited;
  }
});
