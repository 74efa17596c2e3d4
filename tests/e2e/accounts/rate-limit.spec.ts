import { expect, test } from "@playwright/test";
import { spawnServer } from "../support/spawn-server";

// Exhausting a limit would disturb the other tests, so this one has a server of its own.
test("login is limited per client address, and a rotating X-Forwarded-For does not get around it", async () => {
  test.setTimeout(180_000);
  const server = await spawnServer(3296);
  try {
    const attempt = (i: number, path = "/listener/login") =>
      fetch(`${server.baseUrl}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-for": `10.9.${i >> 8}.${i & 255}`,
        },
        body: new URLSearchParams({ email: `nobody${i}@example.com`, password: "whatever-123" }),
      });

    const limit = 100; // RATE_LIMITS.loginPerIp
    for (let i = 0; i < limit; i++) {
      const response = await attempt(i);
      expect(response.status, `attempt ${i + 1}`).toBe(400);
    }
    const blocked = await attempt(limit);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("ログインが一時的に制限されています");

    // The JSON endpoint counts against the same address.
    const json = await fetch(`${server.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": "10.9.255.1" },
      body: JSON.stringify({ email: "nobody@example.com", password: "whatever-123" }),
    });
    expect(json.status).toBe(429);
    expect(await json.json()).toMatchObject({ error: { code: "resource-exhausted" } });
  } finally {
    await server.stop();
  }
});
