import { type APIRequestContext, request as playwrightRequest } from "@playwright/test";
import { E2E_BASE_URL } from "../../../playwright.config";
import { expect, test } from "../fixtures";

// The demo accounts every seeded database has (app/.server/seed/seed-database.ts).
const PASSWORD = "demo-pass-2026";
const ACTORS = {
  listener: { path: "/listener/login", identifier: { email: "listener@demo.example" } },
  liver: { path: "/liver/login", identifier: { email: "store@demo.example" } },
  staff: { path: "/staff/login", identifier: { login_id: "demo-cast" } },
} as const;

const PROTECTED: { path: string; role: keyof typeof ACTORS; built: boolean }[] = [
  { path: "/listener/mypage", role: "listener", built: true },
  { path: "/listener/mypage/follow", role: "listener", built: true },
  { path: "/listener/coin", role: "listener", built: true },
  { path: "/listener/mypage/purchase", role: "listener", built: true },
  { path: "/listener/mypage/history", role: "listener", built: true },
  { path: "/listener/mypage/payment", role: "listener", built: true },
  { path: "/listener/mypage/message", role: "listener", built: true },
  { path: "/liver/mypage", role: "liver", built: true },
  { path: "/liver/mypage/profile", role: "liver", built: true },
  { path: "/liver/mypage/staff", role: "liver", built: true },
  { path: "/liver/mypage/staff/create", role: "liver", built: true },
  { path: "/liver/mypage/price", role: "liver", built: true },
  { path: "/liver/mypage/setting", role: "liver", built: true },
  { path: "/liver/mypage/manual", role: "liver", built: true },
  { path: "/liver/mypage/item", role: "liver", built: true },
  { path: "/liver/mypage/item/convert", role: "liver", built: true },
  { path: "/staff/mypage", role: "staff", built: true },
  { path: "/staff/mypage/profile", role: "staff", built: true },
  { path: "/staff/mypage/schedule?week=2", role: "staff", built: true },
  { path: "/staff/mypage/schedule?view=month&month=-1", role: "staff", built: true },
  { path: "/staff/mypage/manual", role: "staff", built: true },
  { path: "/staff/mypage/item", role: "staff", built: true },
  { path: "/staff/mypage/message", role: "staff", built: true },
];

async function signedIn(role: keyof typeof ACTORS): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const actor = ACTORS[role];
  const response = await context.post(actor.path, {
    form: { ...actor.identifier, password: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), `${role} signs in`).toBe(302);
  expect(response.headers().location).toBe(`/${role}/mypage`);
  return context;
}

test.describe("role × protected route", () => {
  for (const actor of ["anonymous", "listener", "liver", "staff"] as const) {
    test(`${actor}: only the own area answers, everything else redirects to its login`, async () => {
      const context =
        actor === "anonymous"
          ? await playwrightRequest.newContext({ baseURL: E2E_BASE_URL })
          : await signedIn(actor);
      for (const route of PROTECTED) {
        const response = await context.get(route.path, { maxRedirects: 0 });
        if (actor === route.role) {
          expect(response.status(), route.path).toBe(route.built ? 200 : 404);
        } else {
          expect(response.status(), `${actor} → ${route.path}`).toBe(302);
          expect(response.headers().location).toBe(
            `/${route.role}/login?from=${encodeURIComponent(route.path)}`,
          );
        }
      }
      const me = await context.get("/api/me");
      if (actor === "anonymous") {
        expect(me.status()).toBe(401);
        expect(await me.json()).toMatchObject({ error: { code: "unauthenticated" } });
      } else {
        expect(me.status()).toBe(200);
        const body = await me.json();
        expect(body.type).toBe(actor);
        expect(JSON.stringify(body)).not.toMatch(
          /password|login_email|"account"\s*:\s*\{\s*"account_number"/,
        );
      }
      await context.dispose();
    });
  }
});

test("a store sees its own staff member's page; another store gets the 404, never the page", async () => {
  const staff = await signedIn("staff");
  const me = (await (await staff.get("/api/me")).json()) as { account: { uid: string } };
  const staffId = me.account.uid;
  const path = `/liver/mypage/staff/${staffId}`;

  const owner = await signedIn("liver");
  const own = await owner.get(path, { maxRedirects: 0 });
  expect(own.status()).toBe(200);
  expect(await own.text()).toContain("demo-cast");

  // Another seeded store (same demo password) asking for the demo store's staff member.
  const other = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL });
  const login = await other.post("/liver/login", {
    form: { email: "store-00001@demo.example", password: PASSWORD },
    maxRedirects: 0,
  });
  expect(login.status()).toBe(302);
  for (const url of [
    path,
    `${path}?tab=schedule`,
    `${path}?tab=password`,
    `/liver/mypage/staff/create/${staffId}`,
  ]) {
    const response = await other.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).not.toContain("demo-cast");
  }
  const api = await other.get(`/api/liver/staff/${staffId}/schedules?start=2026-01-04&end=2026-01-10`);
  expect(api.status()).toBe(404);
  expect(await api.json()).toMatchObject({ error: { code: "not-found" } });
  // The staff member themself reads their shifts through the same endpoint.
  expect(
    (await staff.get(`/api/liver/staff/${staffId}/schedules?start=2026-01-04&end=2026-01-10`)).status(),
  ).toBe(200);
  for (const context of [staff, owner, other]) await context.dispose();
});

test("the JSON sign-up endpoint is closed: accounts are made through the registration pages", async ({
  request,
}) => {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email: "x@example.com", password: "password-123", name: "x" },
  });
  expect(response.status()).toBe(403);
});
