import { expect, test } from "../fixtures";
import { spawnServer } from "../support/spawn-server";

// ADR 0017: what the probe of ADR 0015 found, seen from a browser.

test("wrong passwords lock the attacking network out of an account, never its owner elsewhere", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const server = await spawnServer(3281, { TRUST_PROXY: "loopback", SEED_DEMO: "true" });
  const signInThroughThePage = async (clientIp: string) => {
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/listener/login`);
    await page.getByLabel("メールアドレス").fill("listener@demo.example");
    await page.locator('input[name="password"]').fill("demo-pass-2026");
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    return { page, close: () => context.close() };
  };
  try {
    const post = (clientIp: string, password: string) =>
      fetch(`${server.baseUrl}/listener/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": clientIp },
        body: new URLSearchParams({ email: "listener@demo.example", password }),
      });
    // Ten wrong passwords from one network (changing addresses inside its /24).
    for (let i = 0; i < 10; i++)
      expect((await post(`10.77.1.${i + 1}`, `wrong-password-${i}`)).status).toBe(400);

    // That network is locked out of the account, even with the right password and a proof of work.
    const attacker = await signInThroughThePage("10.77.1.200");
    await expect(attacker.page.getByText("ログインが一時的に制限されています")).toBeVisible();
    await attacker.close();

    // Elsewhere the account is under attack: a sign-in without a proof of work is refused...
    const bare = await post("10.88.0.1", "demo-pass-2026");
    expect(bare.status).toBe(429);
    expect(await bare.text()).toContain("ログインが一時的に制限されています");

    // ...but the owner's login page solves one in the background, and the owner gets in.
    const owner = await signInThroughThePage("10.99.0.1");
    await expect(owner.page).toHaveURL(/\/listener\/mypage$/);
    await owner.close();
  } finally {
    await server.stop();
  }
});

test("cross-site posts to resource routes are refused; the site's own pass", async ({ request }) => {
  const evil = await request.post("/logout", { headers: { origin: "https://evil.example" } });
  expect(evil.status()).toBe(403);
  expect(await evil.text()).toContain("他のサイトから送信されたため受け付けられませんでした");
  const api = await request.post("/api/favorites", {
    headers: { origin: "https://evil.example" },
    data: { staff_id: "x" },
  });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ error: { code: "permission-denied" } });
  const signOut = await request.post("/api/auth/sign-out", { headers: { origin: "https://evil.example" } });
  expect(signOut.status()).toBe(403);
});

test("Permissions-Policy: powerful features off, camera for broadcasters and geolocation for /gps only", async ({
  page,
  request,
}) => {
  const home = await request.get("/");
  expect(home.headers()["permissions-policy"]).toContain("camera=()");
  expect(home.headers()["permissions-policy"]).toContain("geolocation=()");
  expect((await request.get("/gps")).headers()["permissions-policy"]).toContain("geolocation=(self)");
  // The header is valid for Chromium (the fixture fails the test on a console error) and applies.
  await page.goto("/");
  const allowed = await page.evaluate(() => {
    const policy = (document as unknown as { featurePolicy: { allowsFeature(f: string): boolean } })
      .featurePolicy;
    return ["camera", "microphone", "geolocation", "payment"].map((f) => policy.allowsFeature(f));
  });
  expect(allowed).toEqual([false, false, false, false]);
});

test("a NUL in a registration field is refused with a message; a clean draft goes on", async ({
  request,
}) => {
  const response = await request.post("/listener/registration", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "email=nul%40example.com&password=nul-pass-2026&password_confirmation=nul-pass-2026&nickname=a%00b",
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("入力に使用できない文字（制御文字）が含まれています");
  const api = await request.get("/api/staffs?keyword=%00");
  expect(api.status()).toBe(400);
  expect(await api.json()).toEqual({
    error: { code: "invalid-argument", message: "入力に使用できない文字（制御文字）が含まれています" },
  });
  expect((await request.get("/api/staffs?ageFrom=32768")).status()).toBe(400);
});
