import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { parseLiverSearch, parseStaffSearch } from "~/domain/directory-search";
import { E2E_BASE_URL } from "../../../playwright.config";
import { type SpawnedServer, spawnServer } from "../support/spawn-server";

/**
 * A table-driven fuzz of every public endpoint and form (ADR 0015, ADR 0017): hostile values in
 * every query parameter, path segment, form field and JSON property must never get a 5xx.
 * Read-only requests go to the shared server (with its demo data, so ids reach deep code);
 * posts, signed out and signed in, go to one private server with the demo data behind a declared
 * proxy, each from another address, so the abuse limits neither bite the fuzz nor the other tests.
 */

/** Hostile values as they appear in a URL or urlencoded body (already percent-encoded). */
const RAW_VALUES = [
  "%00",
  "a%00b",
  "%FF",
  "%E3%81", // truncated UTF-8
  "%C0%AF", // overlong encoding
  "%",
  "%zz",
  "%2500",
  "-1",
  "0",
  "32768",
  "100000",
  "2147483648",
  "99999999999999999999999",
  "1e309",
  "-0",
  "1.5",
  "NaN",
  "0x10",
  "%EF%BC%91%EF%BC%90", // full-width digits
  "x".repeat(5_000),
  "%F0%9F%98%80%F0%9F%98%80", // emoji
  "%E2%80%AE%D8%A7%D9%84%D8%B9%D8%B1%D8%A8%D9%8A%D8%A9", // RTL override + Arabic
  "%27%20OR%201%3D1--",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "..%2F..%2Fetc%2Fpasswd",
  "%0D%0ASet-Cookie%3A%20x%3D1",
  "true",
  "null",
  "A,AB,A,,%2C",
];

/** The same ideas as decoded JSON values, plus the shapes a form cannot send. */
const JSON_VALUES: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\uD800", // lone surrogate
  -1,
  32768,
  2 ** 53 + 1,
  1e308,
  -1e308,
  0.5,
  "x".repeat(5_000),
  "😀",
  "\u202Eالعربية",
  "<script>",
  ["a", "b"],
  [[["deep"]]],
  { nested: { $ne: null } },
  null,
  true,
  "",
];

const SEARCH_PARAMS = [
  "keyword",
  "ageFrom",
  "ageTo",
  "heightFrom",
  "heightTo",
  "page",
  "pageSize",
  "ids",
  "liverIds",
  "region",
  "prefecture",
  "group",
  "area",
  "area_detail",
  "areas",
  "store_type",
  "storeTypes",
  "services",
  "commitments",
  "bloodTypes",
  "bustTypes",
  "sort",
  "is_individual",
];

/** A raw HTTP/1.1 exchange: what fetch or Playwright would refuse to send (a bare `%` in a path). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<number> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        method,
        hostname: url.hostname,
        port: url.port,
        path,
        headers:
          body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** How often each status came back, for checking that a fuzz reached the code it means to. */
let statusCounts: Record<number, number> = {};

interface FuzzTask {
  label: string;
  run: () => Promise<number>;
  /** The answer's status, once run. */
  status?: number;
}

/** Runs `tasks` a few at a time; collects every answer of 500 or more. */
async function fuzz(tasks: FuzzTask[], concurrency = 4): Promise<string[]> {
  const failures: string[] = [];
  statusCounts = {};
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const task = tasks[next++]!;
        const status = await task.run();
        task.status = status;
        statusCounts[status] = (statusCounts[status] ?? 0) + 1;
        if (status >= 500 || status === 0) failures.push(`${status} ${task.label}`);
      }
    }),
  );
  return failures;
}

/** Every hostile query of one parameter: each raw value, an array where a scalar belongs, brackets. */
function hostileQueries(param: string): string[] {
  return [
    ...RAW_VALUES.map((value) => `${param}=${value}`),
    `${param}=1&${param}=2`,
    `${param}[]=1`,
    `${param}[a]=1`,
  ];
}

/**
 * Pages whose loader parses the query with the same function as an API endpoint and then renders
 * what it accepted (the directory's searches). A value the API refuses, the page refuses the same
 * way (one 400 page per parameter shows that); a value the API accepts, the page must also render.
 * So a page is fuzzed with what its API accepted plus one refusal per parameter, after its API.
 * The page reads its query through `parse` (app/routes/public/search-staff.tsx, search-liver.tsx)
 * and otherwise only as it is, as the follow buttons' way back (`location.search`): so it is asked
 * with an accepted query that parses to a search it has not rendered yet, or that carries a hostile
 * value it has not been sent yet — most hostile values of a parameter become its default or one
 * clamped value, which need not be rendered once per parameter.
 */
const PAGE_OF_API: Record<
  string,
  { page: string; parse: (query: URLSearchParams) => { ok: true; value: unknown } | { ok: false } }
> = {
  "/api/staffs": { page: "/search/staff", parse: parseStaffSearch },
  "/api/livers": { page: "/search/liver", parse: parseLiverSearch },
};

test.describe("fuzz: no hostile input gets a 5xx", () => {
  test("GET pages and API endpoints with hostile query values and path segments", async ({ request }) => {
    test.setTimeout(600_000);
    const staffs = (await (await request.get("/api/staffs?pageSize=1")).json()) as {
      items: { id?: string; staff_id?: string; uid?: string; liver_id?: string }[];
    };
    const staff = staffs.items[0]!;
    const staffId = String(staff.id ?? staff.staff_id ?? staff.uid);
    const liverId = String(staff.liver_id);

    // The directory's search pages follow their APIs (PAGE_OF_API), below.
    const queryTargets: [string, string[]][] = [
      ["/api/staffs", SEARCH_PARAMS],
      ["/api/livers", SEARCH_PARAMS],
      // Map and GPS (ADR 0028)
      ["/gps", ["lat", "lng", "radius", "page", "pageSize", "store_type"]],
      ["/gps?lat=35.695&lng=139.703", ["radius", "page", "pageSize", "keyword"]],
      ["/api/livers/nearby?lat=35.695&lng=139.703", ["lat", "lng", "radius", "page", "pageSize"]],
      ["/search/sns", ["source"]],
      ["/api/posts/map", ["bbox", "zoom", "source"]],
      [`/api/livers/${liverId}/staffs`, ["page", "pageSize"]],
      [`/api/staffs/${staffId}/schedules`, ["start", "end"]],
      // The store page's estimate, station suggestions and coupons (ADR 0056–0058)
      [
        `/api/livers/${liverId}/estimate`,
        ["people", "sets", "extensions", "set", "first_visit", "nomination"],
      ],
      ["/api/stations", ["q", "lat", "lng", "limit"]],
      ["/coupons", ["page", "region", "prefecture", "store_type"]],
      ["/api/favorites", ["page", "pageSize", "kind"]],
      ["/sitemap.xml", ["part"]],
      ["/listener/login", ["from", "verify", "reset", "verified"]],
      ["/liver/login", ["from", "verify"]],
      ["/staff/login", ["from"]],
      ["/listener/reset", ["token"]],
      ["/staff/registration", ["invite"]],
      ["/listener/registration/complete", ["mail"]],
      ["/contact", ["expired"]],
      ["/shop_entry", ["sent"]],
      ["/", ["q", "from"]],
      ["/api/health", ["x"]],
      ["/api/areas", ["x"]],
      ["/api/options", ["x"]],
      ["/api/challenge", ["x"]],
      ["/api/me", ["x"]],
    ];
    const pathTargets = [
      "/listener/staff/{v}",
      "/listener/liver/{v}",
      "/api/staffs/{v}",
      "/api/staffs/slug/{v}",
      "/api/staffs/{v}/schedules?start=2026-11-01&end=2026-11-07",
      "/api/livers/{v}",
      "/api/livers/slug/{v}",
      "/api/livers/{v}/staffs",
      "/api/livers/{v}/estimate?people=2&sets=1",
      "/coupons/{v}",
      "/api/postal-codes/{v}",
      "/api/favorites/{v}",
      "/api/liver/staff/{v}/schedules?start=2026-11-01&end=2026-11-07",
      "/{v}",
      "/listener/mypage/{v}",
      "/uploads/{v}",
      "/assets/{v}",
    ];
    const get = (target: string): FuzzTask => ({
      label: `GET ${target.slice(0, 120)}`,
      run: () => raw(E2E_BASE_URL, "GET", target),
    });
    const tasks: FuzzTask[] = [];
    /** The API's tasks by parameter, for the page that follows it. */
    const apiTasks = new Map<string, { param: string; query: string; task: FuzzTask }[]>();
    for (const [path, params] of queryTargets) {
      // A target may carry fixed parameters (a position) that the fuzzed one joins.
      const join = path.includes("?") ? "&" : "?";
      for (const param of params) {
        for (const query of hostileQueries(param)) {
          const task = get(`${path}${join}${query}`);
          tasks.push(task);
          if (PAGE_OF_API[path]) apiTasks.set(path, [...(apiTasks.get(path) ?? []), { param, query, task }]);
        }
      }
    }
    for (const template of pathTargets) {
      for (const value of RAW_VALUES) tasks.push(get(template.replace("{v}", value)));
    }
    const failures = await fuzz(tasks);
    expect(failures, `${failures.length} of ${tasks.length} requests answered 5xx`).toEqual([]);

    const pageTasks: FuzzTask[] = [];
    for (const [api, cases] of apiTasks) {
      const { page, parse } = PAGE_OF_API[api]!;
      const refusedShown = new Set<string>();
      const searches = new Set<string>();
      const valuesSent = new Set<string>();
      for (const { param, query, task } of cases) {
        const refused = (task.status ?? 0) >= 400;
        if (refused && refusedShown.has(param)) continue;
        if (refused) refusedShown.add(param);
        else {
          const parsed = parse(new URLSearchParams(query));
          // A query the API took but this parse refuses would be a difference: it is asked as is.
          const search = parsed.ok ? JSON.stringify(parsed.value) : query;
          // The hostile value without its parameter's name ("=%00", "[]=1", "=1&=2").
          const value = query.replaceAll(param, "");
          if (searches.has(search) && valuesSent.has(value)) continue;
          searches.add(search);
          valuesSent.add(value);
        }
        pageTasks.push(get(`${page}?${query}`));
      }
    }
    const pageFailures = await fuzz(pageTasks);
    expect(pageFailures, `${pageFailures.length} of ${pageTasks.length} page requests answered 5xx`).toEqual(
      [],
    );
    // The pages were reached with values their API took, not only with refusals.
    expect(statusCounts[200] ?? 0).toBeGreaterThan(pageTasks.length / 4);
    expect((await request.get("/api/health")).status()).toBe(200);
  });

  test.describe("posts, signed out and signed in (a private server, free to change)", () => {
    let server: SpawnedServer;
    let address = 0;
    /** Another client address (and network) per request, so no abuse limit interferes. */
    const client = () => {
      address++;
      return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    };
    // One server for both: the signed-out posts touch no demo account (their address is fuzz@…).
    test.beforeAll(async () => {
      test.setTimeout(120_000);
      server = await spawnServer(3280, { TRUST_PROXY: "loopback", SEED_DEMO: "true" });
    });
    test.afterAll(async () => {
      await server?.stop();
    });

    test("POST forms and JSON endpoints with hostile bodies", async () => {
      test.setTimeout(600_000);
      const forms: [string, string[]][] = [
        ["/listener/login", ["email", "password", "intent", "altcha"]],
        ["/liver/login", ["email", "password"]],
        ["/staff/login", ["login_id", "password"]],
        ["/listener/registration", ["email", "password", "password_confirmation", "nickname"]],
        [
          "/liver/registration",
          [
            "email",
            "store_name",
            "store_name_kana",
            "phone",
            "postal_code",
            "prefecture",
            "area",
            "store_type",
          ],
        ],
        ["/staff/registration", ["invite", "name", "name_kana", "login_id", "password"]],
        ["/listener/reset", ["email", "token", "password", "password_confirmation"]],
        ["/liver/reset", ["email"]],
        ["/contact", ["name", "email", "category", "message", "altcha"]],
        ["/shop_entry", ["store_name", "email", "phone", "message", "altcha"]],
        ["/logout", ["x"]],
        ["/listener/registration/confirm", ["x"]],
      ];
      const base = {
        email: "fuzz@example.com",
        password: "fuzz-password-1",
        password_confirmation: "fuzz-password-1",
        nickname: "fuzz",
      };
      const tasks: FuzzTask[] = [];
      const formHeaders = () => ({
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": client(),
      });
      for (const [path, fields] of forms) {
        for (const field of fields) {
          for (const value of RAW_VALUES) {
            const others = Object.entries(base).filter(([name]) => name !== field);
            const body = `${new URLSearchParams(others).toString()}&${field}=${value}`;
            tasks.push({
              label: `POST ${path} ${field}=${value.slice(0, 40)}`,
              run: () => raw(server.baseUrl, "POST", path, formHeaders(), body),
            });
          }
          for (const body of [`${field}=1&${field}=2`, `${field}[]=1`, `${field}.a.b=1`, `__proto__.x=1`]) {
            tasks.push({
              label: `POST ${path} ${body}`,
              run: () => raw(server.baseUrl, "POST", path, formHeaders(), body),
            });
          }
        }
        // The same form as multipart, with a NUL in a field.
        const boundary = "fuzzboundary";
        const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`;
        tasks.push({
          label: `POST ${path} multipart NUL`,
          run: () =>
            raw(
              server.baseUrl,
              "POST",
              path,
              { "content-type": `multipart/form-data; boundary=${boundary}`, "x-forwarded-for": client() },
              multipart,
            ),
        });
      }
      const jsonTargets: [string, string, string[]][] = [
        ["POST", "/api/auth/sign-in/email", ["email", "password", "altcha"]],
        ["POST", "/api/auth/sign-in/username", ["username", "password"]],
        ["POST", "/api/auth/sign-out", ["x"]],
        ["POST", "/api/favorites", ["staff_id", "liver_id"]],
        ["DELETE", "/api/favorites/x", ["x"]],
        ["PUT", "/api/liver/staff/x/schedules?start=2026-11-01&end=2026-11-07", ["items"]],
      ];
      for (const [method, path, fields] of jsonTargets) {
        for (const field of fields) {
          for (const value of JSON_VALUES) {
            const body = JSON.stringify({
              email: "fuzz@example.com",
              password: "fuzz-password-1",
              [field]: value,
            });
            tasks.push({
              label: `${method} ${path} ${field}=${JSON.stringify(value).slice(0, 40)}`,
              run: () =>
                raw(
                  server.baseUrl,
                  method,
                  path,
                  { "content-type": "application/json", "x-forwarded-for": client() },
                  body,
                ),
            });
          }
        }
        for (const body of ["", "null", "[]", '"x"', "{", '{"a":', "1e999", `{"a":${"[".repeat(5_000)}}`]) {
          tasks.push({
            label: `${method} ${path} body ${body.slice(0, 20)}`,
            run: () =>
              raw(
                server.baseUrl,
                method,
                path,
                { "content-type": "application/json", "x-forwarded-for": client() },
                body,
              ),
          });
        }
      }
      const failures = await fuzz(tasks);
      expect(failures, `${failures.length} of ${tasks.length} requests answered 5xx`).toEqual([]);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    });

    test("signed-in forms and JSON endpoints with hostile values", async () => {
      test.setTimeout(600_000);
      const signIn = async (path: string, fields: Record<string, string>) => {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client() },
          body: new URLSearchParams(fields),
        });
        expect(response.status, `sign-in at ${path}`).toBe(302);
        return response.headers
          .getSetCookie()
          .map((cookie) => cookie.split(";")[0])
          .join("; ");
      };
      const listener = await signIn("/listener/login", {
        email: "listener@demo.example",
        password: "demo-pass-2026",
      });
      const store = await signIn("/liver/login", {
        email: "store@demo.example",
        password: "demo-pass-2026",
      });
      const staff = await signIn("/staff/login", { login_id: "demo-cast", password: "demo-pass-2026" });

      const me = (await (await fetch(`${server.baseUrl}/api/me`, { headers: { cookie: store } })).json()) as {
        account: Record<string, unknown>;
      };
      const storeId = String(me.account.liver_id ?? me.account.uid ?? me.account.id);
      const staffList = (await (await fetch(`${server.baseUrl}/api/livers/${storeId}/staffs`)).json()) as {
        items?: Record<string, unknown>[];
      };
      const first = staffList.items?.[0];
      const staffId = String(first?.staff_id ?? first?.uid ?? first?.id ?? "none");
      const rooms = (await (
        await fetch(`${server.baseUrl}/api/listeners/rooms`, { headers: { cookie: listener } })
      ).json()) as { items?: { room_id?: string; id?: string }[] };
      const roomId = String(rooms.items?.[0]?.room_id ?? rooms.items?.[0]?.id ?? "none");
      expect(roomId, "the demo listener has a chat room").not.toBe("none");

      // Every field any mypage form has, all set to the hostile value at once, per intent of a page.
      const FIELDS = [
        "nickname",
        "email",
        "password",
        "current_password",
        "password_confirmation",
        "mail_setting",
        "name",
        "name_kana",
        "age",
        "height",
        "birth_of_date",
        "introduction",
        "followers",
        "slug",
        "status",
        "store_name",
        "store_name_kana",
        "store_type",
        "phone_number",
        "address",
        "area",
        "prefecture",
        "business_start_time",
        "business_end_time",
        "holidays",
        "services",
        "commitments",
        "published_profile",
        "instagram_id",
        "tiktok_id",
        "youtube_id",
        "url",
        "login_id",
        "staff_id",
        "direction",
        "displayed",
        "invitation_id",
        "start",
        "end",
        "note",
        "remove",
        "sets",
        "drinks",
        "extension.minutes",
        "extension.price",
        "service_charge_percent",
        "tax_percent",
        "payment_methods",
        "bank_code",
        "branch_code",
        "account_type",
        "account_number",
        "account_holder",
        "new_plan_id",
        "plan_id",
        "matching_info.animal",
        "body",
        "reason",
        "pack_id",
        "item_id",
        "quantity",
        "idempotency_key",
        "points",
        "control",
        "card",
        "confirmed_terms",
        "return",
      ];
      const pages: [string, string, string[]][] = [
        [listener, "/listener/mypage/setting", ["nickname", "mail_setting", "email", "password"]],
        [listener, "/listener/mypage/profile", ["profile"]],
        [store, "/liver/mypage/profile", ["profile", "image_remove", "image_move"]],
        [store, "/liver/mypage/price", ["price"]],
        [store, "/liver/mypage/staff", ["display", "move", "delete", "invite", "revoke"]],
        [store, "/liver/mypage/staff/create", ["create"]],
        [store, `/liver/mypage/staff/${staffId}`, ["profile", "password", "schedule", "image_move"]],
        [store, "/liver/mypage/setting", ["email", "mail_setting", "bank_account", "plan"]],
        [staff, "/staff/mypage/profile", ["profile", "image_remove"]],
        [staff, "/staff/mypage/schedule", ["schedule"]],
        [staff, "/staff/mypage/setting", ["password"]],
        [listener, `/listener/mypage/message/${roomId}`, ["send", "report"]],
        [listener, "/listener/coin", ["buy"]],
        [listener, "/listener/coin/confirm?pack=coins-500", ["checkout"]],
        [listener, "/listener/mypage/purchase", ["buy"]],
        [store, "/liver/mypage/item/convert", ["convert", "payout"]],
        [store, "/liver/mypage/payment", ["subscribe", "cancel", "resume", "test"]],
        [store, "/liver/mypage/payment/confirm", ["subscribe"]],
      ];
      const tasks: FuzzTask[] = [];
      const formHeaders = (cookie: string) => ({
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": client(),
        cookie,
      });
      for (const [cookie, path, intents] of pages) {
        for (const intent of intents) {
          for (const value of RAW_VALUES) {
            const body = `intent=${intent}&${FIELDS.map((field) => `${field}=${value}`).join("&")}`;
            tasks.push({
              label: `POST ${path} intent=${intent} all=${value.slice(0, 30)}`,
              run: () => raw(server.baseUrl, "POST", path, formHeaders(cookie), body),
            });
          }
          const arrays = `intent=${intent}&${FIELDS.map((field) => `${field}=1&${field}=2`).join("&")}`;
          tasks.push({
            label: `POST ${path} intent=${intent} arrays`,
            run: () => raw(server.baseUrl, "POST", path, formHeaders(cookie), arrays),
          });
        }
      }
      const json = (cookie: string, method: string, path: string, body: string) =>
        raw(
          server.baseUrl,
          method,
          path,
          { "content-type": "application/json", "x-forwarded-for": client(), cookie },
          body,
        );
      for (const value of JSON_VALUES) {
        for (const field of ["staff_id", "liver_id"]) {
          const body = JSON.stringify({ [field]: value });
          tasks.push({
            label: `POST /api/favorites ${field}=${JSON.stringify(value).slice(0, 30)}`,
            run: () => json(listener, "POST", "/api/favorites", body),
          });
        }
        for (const body of [
          JSON.stringify({ item_id: value, quantity: value, staff_id: value, idempotency_key: value }),
          JSON.stringify({
            item_id: "rose",
            quantity: 1,
            liver_id: value,
            live_id: value,
            room_id: value,
            idempotency_key: "fuzz-key-0001",
          }),
        ])
          tasks.push({
            label: `POST /api/gifts ${body.slice(0, 60)}`,
            run: () => json(listener, "POST", "/api/gifts", body),
          });
        tasks.push({
          label: `POST /api/payments/webhook ${JSON.stringify(value).slice(0, 30)}`,
          run: () =>
            json(listener, "POST", "/api/payments/webhook", JSON.stringify({ id: value, type: value })),
        });
        const schedules = `/api/liver/staff/${staffId}/schedules?start=2026-11-01&end=2026-11-07`;
        for (const body of [
          JSON.stringify({ items: value }),
          JSON.stringify({ items: [value] }),
          JSON.stringify({ items: [{ date: value, start: value, end: value, note: value }] }),
          JSON.stringify({ items: [{ date: "2026-11-02", start: value, end: "LAST" }] }),
        ]) {
          tasks.push({
            label: `PUT ${schedules} ${body.slice(0, 60)}`,
            run: () => json(store, "PUT", schedules, body),
          });
        }
      }
      for (const value of RAW_VALUES) {
        tasks.push({
          label: `DELETE /api/favorites/${value.slice(0, 30)}`,
          run: () => json(listener, "DELETE", `/api/favorites/${value}`, "{}"),
        });
      }
      const failures = await fuzz(tasks);
      expect(failures, `${failures.length} of ${tasks.length} requests answered 5xx`).toEqual([]);
      // The sessions held: the posts reached the actions (400 with messages), not the login redirect.
      console.log("signed-in fuzz statuses", statusCounts);
      expect(statusCounts[400] ?? 0).toBeGreaterThan(tasks.length / 2);
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    });
  });
});
