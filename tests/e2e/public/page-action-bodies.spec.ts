import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { type APIRequestContext, expect, request as playwrightRequest, test } from "@playwright/test";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../../app/routes";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

/**
 * Every action of app/routes.ts, sent bodies no form sends (ADR 0047): a page action reads
 * `request.formData()`, which throws on them, so the input gate refuses them for all pages at once
 * with 400 and its message, signed in as the page's role or not; the API answers for its own
 * bodies, never with a 5xx. Run on a private server with the demo data: a signed-in post that got
 * through could change what other specs read.
 */
const PORT = 3283;
const NOT_A_FORM = "送信内容を読み取れませんでした";

interface ActionRoute {
  path: string;
  file: string;
}

/** Every route whose module exports an action, with its full path. */
function actionRoutes(entries: RouteConfigEntry[], parent = ""): ActionRoute[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const source = readFileSync(`app/${entry.file}`, "utf8");
    const own = /export (async )?function action\b|export const action\b/.test(source)
      ? [{ path: path || "/", file: entry.file }]
      : [];
    return [...own, ...actionRoutes(entry.children ?? [], path)];
  });
}

/** A concrete URL for a route path: placeholder ids, the optional segments dropped. */
function concrete(path: string): string {
  return path
    .replace(/\/:[A-Za-z]+\?/g, "")
    .replace(/:kind/g, "live_comment")
    .replace(/:(source)/g, "instagram")
    .replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000")
    .replace(/\*/g, "x");
}

const ROLES = ["listener", "liver", "staff"] as const;
type Role = (typeof ROLES)[number];
const roleOf = (path: string): Role | null =>
  ROLES.find((role) => path.startsWith(`/${role}/mypage`)) ?? null;

/** Bodies an HTML form never sends: JSON, plain text, none at all, a multipart body that is no form. */
const BODIES: { label: string; headers: Record<string, string>; data?: string }[] = [
  { label: "JSON", headers: { "content-type": "application/json" }, data: '{"item_id":"x","quantity":1}' },
  { label: "text", headers: { "content-type": "text/plain" }, data: "item_id=x" },
  { label: "no type", headers: {}, data: "" },
  {
    label: "broken multipart",
    headers: { "content-type": "multipart/form-data; boundary=zzz" },
    data: '--zzz\r\nContent-Disposition: form-data; name="item_id"\r\n\r\nnot closed',
  },
];

let server: SpawnedServer;
const sessions = new Map<Role | null, APIRequestContext>();

async function signedIn(role: Role): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: server.baseUrl });
  const form: Record<string, string> =
    role === "staff"
      ? { login_id: "demo-cast", password: "demo-pass-2026" }
      : {
          email: role === "listener" ? "listener@demo.example" : "store@demo.example",
          password: "demo-pass-2026",
        };
  const answer = await context.post(`/${role}/login`, { form });
  expect(new URL(answer.url()).pathname, `${role} signed in`).toBe(`/${role}/mypage`);
  return context;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await spawnServer(PORT, { SEED_DEMO: "true", BASE_URL: `http://127.0.0.1:${PORT}` });
  sessions.set(null, await playwrightRequest.newContext({ baseURL: server.baseUrl }));
  for (const role of ROLES) sessions.set(role, await signedIn(role));
});

test.afterAll(async () => {
  for (const context of sessions.values()) await context.dispose();
  await server?.stop();
});

test("a body that is not a form is a 400 for every page action, and never a 5xx for the API", async () => {
  test.setTimeout(180_000);
  const all = actionRoutes(routes);
  // The table is the route table: it must hold the pages the probe found.
  expect(all.map((route) => route.path)).toEqual(
    expect.arrayContaining(["/listener/mypage/purchase", "/listener/coin", "/liver/mypage/item/convert"]),
  );
  const failures: string[] = [];
  for (const route of all) {
    const url = concrete(route.path);
    const api = url.startsWith("/api/");
    const session = sessions.get(roleOf(url))!;
    for (const body of BODIES) {
      // The API reads JSON: a JSON body to it is a request like any other, not this test's subject.
      if (api && body.label === "JSON") continue;
      const answer = await session.post(url, { headers: body.headers, data: body.data, maxRedirects: 0 });
      const status = answer.status();
      const text = await answer.text();
      const ok = api ? status < 500 : status === 400 && text.includes(NOT_A_FORM);
      if (!ok) failures.push(`${url} (${route.file}) with ${body.label}: ${status}`);
    }
  }
  expect(failures).toEqual([]);
});

/**
 * A multipart post the parser refuses early, sent slowly enough that the refusal comes while the
 * client is still writing: the answer must arrive (a 400 in JSON), not a closed connection.
 */
function postWhileSending(
  path: string,
  cookie: string,
  head: string,
  tail: Buffer,
): Promise<{ status: number; body: string }> {
  const boundary = "yoruboundary";
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const first = Buffer.from(head.replaceAll("BOUNDARY", boundary));
  const url = new URL(path, server.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        method: "POST",
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        headers: {
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(first.length + tail.length + end.length),
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(first);
    // The rest in 64 kB pieces, a little apart: the server has refused long before the last.
    let at = 0;
    const next = () => {
      if (at >= tail.length) {
        req.end(end);
        return;
      }
      req.write(tail.subarray(at, at + 65_536));
      at += 65_536;
      setImmediate(next);
    };
    next();
  });
}

test("a post the upload parser refuses mid-body is answered with a 400, not a closed connection", async () => {
  const staff = sessions.get("staff")!;
  const cookie = (await staff.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const megabyte = Buffer.alloc(1024 * 1024, 0x61);
  const cases = [
    [
      "a file under an unknown field",
      '--BOUNDARY\r\nContent-Disposition: form-data; name="nope"; filename="a.bin"\r\n\r\n',
    ],
    ["a part with no name", "--BOUNDARY\r\nContent-Disposition: form-data\r\n\r\n"],
    ["a caption of 1 MB", '--BOUNDARY\r\nContent-Disposition: form-data; name="caption"\r\n\r\n'],
  ] as const;
  for (const [label, head] of cases) {
    const answer = await postWhileSending("/api/posts", cookie, head, megabyte);
    expect(answer.status, label).toBe(400);
    expect(JSON.parse(answer.body), label).toMatchObject({ error: { code: "invalid-argument" } });
  }
});
