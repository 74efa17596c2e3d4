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
  { path: "/listener/coin", role: "listener", built: false },
  { path: "/liver/mypage", role: "liver", built: true },
  { path: "/liver/mypage/staff", role: "liver", built: false },
  { path: "/staff/mypage", role: "staff", built: true },
  { path: "/staff/mypage/schedule?week=2", role: "staff", built: false },
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

test("the JSON sign-up endpoint is closed: accounts are made through the registration pages", async ({
  request,
}) => {
  const response = await request.post("/api/auth/sign-up/email", {
    data: { email: "x@example.com", password: "password-123", name: "x" },
  });
  expect(response.status()).toBe(403);
});
