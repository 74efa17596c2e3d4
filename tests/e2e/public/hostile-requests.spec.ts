import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";

/** A raw HTTP exchange, for what a browser would never send. */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  chunks: (string | Buffer)[],
): Promise<{ status: number; body: string }> {
  const url = new URL(path, E2E_BASE_URL);
  // A declared length unless the test asks for a chunked body.
  if (!headers["transfer-encoding"] && !headers["content-length"])
    headers["content-length"] = String(chunks.reduce((n, c) => n + Buffer.byteLength(c), 0));
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { method, hostname: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", (error) => {
      // The server may answer and close before the whole body was written: that is the point.
      if ((error as NodeJS.ErrnoException).code !== "EPIPE") reject(error);
    });
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

const FORM = "application/x-www-form-urlencoded";

/** A request written byte for byte (a request line no HTTP client sends), and the whole answer. */
function rawExchange(text: string): Promise<{ status: number; head: string; body: string }> {
  const url = new URL(E2E_BASE_URL);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [head = "", body = ""] = answer.split("\r\n\r\n", 2);
      resolve({ status: Number(head.split(" ")[1]), head, body });
    });
  });
}

test.describe("hostile requests get a 4xx, never a 500, and cost the server nothing", () => {
  test("a form body over the limit is refused unread; so is one without a length", async ({ request }) => {
    const big = `email=a%40b.jp&password=${"x".repeat(300 * 1024)}`;
    const tooLarge = await raw(
      "POST",
      "/listener/login",
      { "content-type": FORM, "content-length": String(big.length) },
      [big],
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toContain("送信されたデータが大きすぎます");

    const chunked = await raw("POST", "/contact", { "content-type": FORM, "transfer-encoding": "chunked" }, [
      "name=a&",
      "email=b",
    ]);
    expect(chunked.status).toBe(411);

    const api = await request.put("/api/liver/staff/x/schedules?start=2026-11-23&end=2026-11-29", {
      headers: { "content-type": "application/json" },
      data: JSON.stringify({ items: [], pad: "x".repeat(300 * 1024) }),
    });
    expect(api.status()).toBe(413);
    expect(await api.json()).toMatchObject({ error: { code: "resource-exhausted" } });

    // The server is still there.
    expect((await request.get("/api/health")).status()).toBe(200);
  });

  test("a body that is not a form is a 400 with the form's messages", async () => {
    for (const path of [
      "/listener/login",
      "/staff/login",
      "/listener/registration",
      "/liver/registration",
      "/listener/reset",
    ]) {
      const json = await raw("POST", path, { "content-type": "application/json", origin: E2E_BASE_URL }, [
        '{"email":"a"}',
      ]);
      expect(json.status, `${path} with JSON`).toBe(400);
      const broken = await raw(
        "POST",
        path,
        { "content-type": "multipart/form-data; boundary=zzz", origin: E2E_BASE_URL },
        ['--zzz\r\nContent-Disposition: form-data; name="email"\r\n\r\nnot closed'],
      );
      expect(broken.status, `${path} with a broken multipart body`).toBe(400);
    }
  });

  test("the JSON auth endpoint is open only for the session and signing in", async ({ request }) => {
    for (const path of [
      "/api/auth/sign-up/email",
      "/api/auth/update-user",
      "/api/auth/change-password",
      "/api/auth/request-password-reset",
      "/api/auth/is-username-available",
      "/api/auth/change-email",
      "/api/auth/delete-user",
    ]) {
      const response = await request.post(path, { data: { email: "x@example.com", username: "demo-cast" } });
      expect(response.status(), path).toBe(403);
    }
    expect((await request.get("/api/auth/get-session")).status()).toBe(200);

    // Signing in takes JSON only, so the account it names always meets the per-account limit.
    const form = await request.post("/api/auth/sign-in/email", {
      form: { email: "listener@demo.example", password: "wrong-password-1" },
    });
    expect(form.status()).toBe(400);
    const wrong = await request.post("/api/auth/sign-in/email", {
      data: { email: "nobody-here@example.com", password: "wrong-password-1" },
    });
    expect(wrong.status()).toBe(401);
  });

  test("`from` never leads to another site, however it is spelled", async ({ page }) => {
    await page.goto("/listener/login?from=/.//evil.example/phish");
    await page.getByLabel("メールアドレス").fill("listener@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(/\/listener\/mypage$/);
    expect(new URL(page.url()).host).toBe(new URL(E2E_BASE_URL).host);
  });

  test("odd request lines and hosts get an answer, never a 500 or a stack", async () => {
    const host = new URL(E2E_BASE_URL).host;
    const cases: [string, string, number][] = [
      ["absolute-form target", `GET ${E2E_BASE_URL}/api/health HTTP/1.1\r\nHost: ${host}\r\n`, 200],
      ["OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: localhost\r\n", 204],
      ["GET *", "GET * HTTP/1.1\r\nHost: localhost\r\n", 400],
      ["TRACE", "TRACE / HTTP/1.1\r\nHost: localhost\r\n", 405],
      ["an empty Host", "GET /api/health HTTP/1.1\r\nHost:\r\n", 200],
      ["HTTP/1.0 without Host", "GET /api/health HTTP/1.0\r\n", 200],
      ["a page over HTTP/1.0 without Host", "GET /login HTTP/1.0\r\n", 200],
      ["a Host that is no host", "GET / HTTP/1.1\r\nHost: a b\r\n", 400],
      ["an unclosed IPv6 Host", "GET / HTTP/1.1\r\nHost: [::1\r\n", 400],
      ["an absolute-form target of another scheme", "GET ftp://x/ HTTP/1.1\r\nHost: localhost\r\n", 400],
    ];
    for (const [label, head, status] of cases) {
      const answer = await rawExchange(`${head}Connection: close\r\n\r\n`);
      expect(answer.status, label).toBe(status);
      expect(answer.body, label).not.toMatch(/\n\s+at /);
      if (status === 204 || status === 405) expect(answer.head, label).toMatch(/\r\nAllow: GET, HEAD, POST/i);
    }
  });
});
