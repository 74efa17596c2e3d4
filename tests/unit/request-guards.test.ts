import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable } from "@react-router/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimits, POST_UPLOAD_PATHS, UPLOAD_PATHS } from "../../server/body-limits";
import { BAD_URL_MESSAGE, inputGuard, NOT_A_FORM_MESSAGE, NUL_MESSAGE } from "../../server/input-guard";
import { permissionsPolicyFor } from "../../server/permissions-policy";
import { isHostHeader } from "../../server/request-target";
import { CROSS_SITE_MESSAGE, sameOriginMutations } from "../../server/same-origin";

// The guards in front of a handler that reads the body exactly as React Router's Express adapter
// does (a web Request over the Node stream), so a body the guard peeked at must arrive whole.
const BASE_URL = "https://yoru.example";
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(sameOriginMutations(BASE_URL));
  app.use(
    bodyLimits({
      formBytes: 256 * 1024,
      multipartBytes: 4 * 1024 * 1024,
      uploadPaths: UPLOAD_PATHS,
      largeUploads: { paths: POST_UPLOAD_PATHS, bytes: 8 * 1024 * 1024 },
    }),
  );
  app.use(inputGuard({ multipartPeekBytes: 4 * 1024 * 1024 }));
  app.use(async (req, res) => {
    const init: RequestInit & { duplex?: "half" } = {
      method: req.method,
      headers: req.headers as HeadersInit,
    };
    if (req.method !== "GET" && req.method !== "HEAD") {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
    const request = new Request(`http://localhost${req.originalUrl}`, init);
    const body = Buffer.from(await request.arrayBuffer());
    res.json({
      length: body.length,
      text: body.toString("latin1"),
      path: req.path,
      origin: request.headers.get("origin"),
    });
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe("inputGuard: NUL anywhere is a 400 with a message, before any route runs", () => {
  it.each([
    "/api/staffs?keyword=%00",
    "/api/staffs?keyword=a%00b",
    "/api/livers/%00",
    "/listener/staff/%00",
    "/search/staff?keyword=%00",
    "/listener/login?from=%2F%00",
  ])("%s", async (path) => {
    const response = await fetch(`${origin}${path}`);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain(NUL_MESSAGE);
    if (path.startsWith("/api/")) {
      expect(JSON.parse(body)).toEqual({ error: { code: "invalid-argument", message: NUL_MESSAGE } });
    } else {
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    }
  });

  it("a path that is not valid percent-encoded UTF-8 is a 400", async () => {
    const response = await fetch(`${origin}/listener/staff/%FF`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(BAD_URL_MESSAGE);
  });

  it.each([
    ["a urlencoded field", FORM, "nickname=%00&email=a%40b.jp"],
    ["a raw NUL in a form", FORM, "nickname=a\0b"],
    ["a NUL in a field name", FORM, "nick%00=x"],
    ["a JSON string", { "content-type": "application/json" }, '{"email":"a\\u0000@b.jp"}'],
    ["a JSON key", { "content-type": "application/json" }, '{"a\\u0000":1}'],
    ["a nested JSON string", { "content-type": "application/json" }, '{"items":[{"note":"\\u0000"}]}'],
    [
      "a deeply nested JSON string",
      { "content-type": "application/json" },
      `${"[".repeat(500)}"\\u0000"${"]".repeat(500)}`,
    ],
  ])("%s", async (name, headers, body) => {
    // JSON is the API's; a page takes forms only.
    const path = name.includes("JSON") ? "/api/auth/sign-in/email" : "/listener/registration";
    const response = await fetch(`${origin}${path}`, { method: "POST", headers, body });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(NUL_MESSAGE);
  });

  it("a NUL in a multipart text field or file name is refused; NUL bytes inside a file are not", async () => {
    const withField = new FormData();
    withField.set("nickname", "a\0b");
    const refused = await fetch(`${origin}/listener/mypage/setting`, { method: "POST", body: withField });
    expect(refused.status).toBe(400);

    const withName = new FormData();
    withName.set("image", new Blob([new Uint8Array([1, 2])]), "a\0.png");
    expect((await fetch(`${origin}/x`, { method: "POST", body: withName })).status).toBe(400);

    const binary = new Uint8Array(200_000).map((_, i) => i % 256); // full of zero bytes
    const upload = new FormData();
    upload.set("intent", "image");
    upload.set("image", new Blob([binary], { type: "image/png" }), "a.png");
    const response = await fetch(`${origin}/listener/mypage/setting`, { method: "POST", body: upload });
    expect(response.status).toBe(200);
    const echoed = (await response.json()) as { length: number; text: string };
    // The whole multipart body reached the handler, the file's bytes unchanged.
    expect(echoed.text).toContain(Buffer.from(binary).toString("latin1"));
  });

  it("a large multipart body is taken only on the upload pages; elsewhere it is refused unread", async () => {
    const big = new FormData();
    big.set("image", new Blob([new Uint8Array(300_000)], { type: "image/png" }), "a.png");
    expect((await fetch(`${origin}/contact`, { method: "POST", body: big })).status).toBe(413);
    expect((await fetch(`${origin}/api/auth/sign-in/email`, { method: "POST", body: big })).status).toBe(413);
    expect((await fetch(`${origin}/liver/mypage/profile`, { method: "POST", body: big })).status).toBe(200);
  });

  it("a multipart body above the upload limit is taken only where posts are sent (videos)", async () => {
    const video = new FormData();
    video.set("video", new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "video/mp4" }), "a.mp4");
    for (const path of ["/api/posts", "/staff/mypage/post", "/liver/mypage/post", "/liver/mypage/post.data"])
      expect((await fetch(`${origin}${path}`, { method: "POST", body: video })).status, path).toBe(200);
    for (const path of ["/liver/mypage/profile", "/api/posts/x", "/api/favorites", "/staff/mypage/post/x"])
      expect((await fetch(`${origin}${path}`, { method: "POST", body: video })).status, path).toBe(413);
    const tooBig = new FormData();
    tooBig.set("video", new Blob([new Uint8Array(9 * 1024 * 1024)], { type: "video/mp4" }), "a.mp4");
    expect((await fetch(`${origin}/api/posts`, { method: "POST", body: tooBig })).status).toBe(413);
  });

  it("clean bodies of every kind reach the handler unchanged", async () => {
    const form = "nickname=%E3%81%82%F0%9F%98%80&email=a%40b.jp&note=%2500";
    const a = await fetch(`${origin}/listener/registration`, { method: "POST", headers: FORM, body: form });
    expect(await a.json()).toMatchObject({ length: form.length, text: form });

    const json = JSON.stringify({ email: "a@b.jp", note: "\\u0000 is text here", emoji: "😀" });
    const b = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: json,
    });
    expect(Buffer.from(((await b.json()) as { text: string }).text, "latin1").toString("utf8")).toBe(json);

    const big = `pad=${"x".repeat(200_000)}`;
    const c = await fetch(`${origin}/contact`, { method: "POST", headers: FORM, body: big });
    expect(await c.json()).toMatchObject({ length: big.length });

    // Not a form: streams on unread to the API (a binary upload of the future).
    const octets = new Uint8Array([0, 0, 1, 0]);
    const d = await fetch(`${origin}/api/upload`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: octets,
    });
    expect(await d.json()).toMatchObject({ length: 4 });
  });
});

describe("inputGuard: a page action is sent a form or nothing reaches it", () => {
  it.each([
    ["JSON", { "content-type": "application/json" }, '{"a":1}'],
    ["plain text", { "content-type": "text/plain" }, "a=1"],
    ["octets", { "content-type": "application/octet-stream" }, "a=1"],
    ["no type", {}, "a=1"],
    ["an empty multipart body", { "content-type": "multipart/form-data; boundary=zzz" }, ""],
    ["a broken multipart body", { "content-type": "multipart/form-data; boundary=zzz" }, "--zzz\r\nbroken"],
  ])("%s to a page is a 400 with a message", async (_name, headers, body) => {
    for (const path of ["/listener/mypage/purchase", "/liver/mypage/item/convert.data", "/"]) {
      const response = await fetch(`${origin}${path}`, { method: "POST", headers, body });
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain(NOT_A_FORM_MESSAGE);
    }
  });

  it("the API takes what it takes, and a page takes forms", async () => {
    for (const [path, headers, body] of [
      ["/api/rooms/x/messages", { "content-type": "application/json" }, '{"a":1}'],
      ["/api/rooms/x/messages", { "content-type": "text/plain" }, "a"],
      ["/listener/coin", FORM, "a=1"],
      ["/listener/coin", FORM, ""],
    ] as const) {
      const response = await fetch(`${origin}${path}`, { method: "POST", headers, body });
      expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(200);
    }
    const form = new FormData();
    form.set("a", "1");
    expect((await fetch(`${origin}/listener/coin`, { method: "POST", body: form })).status).toBe(200);
  });
});

describe("sameOriginMutations: the Origin check of every post, resource routes included", () => {
  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${origin}${path}`, { method: "POST", headers: { ...FORM, ...headers }, body: "a=1" });

  it.each(["/logout", "/api/favorites", "/api/auth/sign-out", "/listener/login"])(
    "refuses another site's post to %s with 403",
    async (path) => {
      const response = await post(path, { origin: "https://evil.example" });
      expect(response.status).toBe(403);
      expect(await response.text()).toContain(path.startsWith("/api/") ? "permission-denied" : "他のサイト");
    },
  );

  it("refuses an opaque origin (Origin: null)", async () => {
    expect((await post("/logout", { origin: "null" })).status).toBe(403);
  });

  it("lets through the site's own origin (BASE_URL or the address the request came to) and no Origin", async () => {
    expect((await post("/logout", { origin: BASE_URL })).status).toBe(200);
    expect((await post("/logout", { origin })).status).toBe(200);
    expect((await post("/logout", {})).status).toBe(200);
    // GET never changes anything: not checked.
    expect((await fetch(`${origin}/logout`, { headers: { origin: "https://evil.example" } })).status).toBe(
      200,
    );
  });

  it("lets a one-click unsubscribe (RFC 8058) through from any origin, and drops its Origin for React Router's check", async () => {
    const path = "/unsubscribe/djE6bGlzdGVuZXI.c2lnbmF0dXJl";
    for (const from of ["https://mail.google.com", "null", undefined]) {
      const response = await post(path, from ? { origin: from } : {});
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ path, origin: null, text: "a=1" });
    }
    // Exactly that path: not its neighbours, not other methods' business.
    for (const other of ["/unsubscribe", "/unsubscribe/a.b/c", "/unsubscribe/a.b.data", "/unsubscribex/a.b"])
      expect((await post(other, { origin: "https://mail.google.com" })).status).toBe(403);
    const own = await post(path, { origin: BASE_URL });
    expect(own.status).toBe(200);
  });

  it("counts X-Forwarded-Host/-Proto only from a trusted proxy (here: loopback)", async () => {
    const forwarded = { "x-forwarded-host": "shop.example", "x-forwarded-proto": "https" };
    expect((await post("/logout", { ...forwarded, origin: "https://shop.example" })).status).toBe(200);
    expect((await post("/logout", { ...forwarded, origin: "http://shop.example" })).status).toBe(403);
    expect(CROSS_SITE_MESSAGE).toMatch(/他のサイト/);
  });
});

describe("permissionsPolicyFor", () => {
  it.each([
    ["/", { camera: "()", microphone: "()", geolocation: "()" }],
    ["/staff/mypage", { camera: "(self)", microphone: "(self)", geolocation: "()" }],
    ["/liver/mypage/", { camera: "(self)", microphone: "(self)", geolocation: "()" }],
    ["/liver/mypage/profile", { camera: "()", microphone: "()", geolocation: "()" }],
    ["/listener/live/abc", { camera: "()", microphone: "()", geolocation: "()" }],
    ["/gps", { camera: "()", microphone: "()", geolocation: "(self)" }],
    ["/gps/x", { camera: "()", microphone: "()", geolocation: "()" }],
  ])("%s", (path, expected) => {
    const policy = permissionsPolicyFor(path);
    for (const [feature, allow] of Object.entries(expected)) expect(policy).toContain(`${feature}=${allow}`);
    expect(policy).toContain("payment=()");
  });
});

describe("isHostHeader: what a Host header may hold", () => {
  it.each([
    ["example.com", true],
    ["yoru.example:3000", true],
    ["127.0.0.1", true],
    ["127.0.0.1:8080", true],
    ["[::1]", true],
    ["[::1]:3000", true],
    ["localhost", true],
    ["a-b.c-d.jp.", true],
    ["", false],
    ["a b", false],
    ["[::1", false],
    ["example.com:", false],
    ["example.com:123456", false],
    ["-example.com", false],
    ["exa_mple.com", false],
    ["user@example.com", false],
    ["example.com/path", false],
    ["例え.jp", false],
    ["x".repeat(256), false],
  ])("%s → %s", (value, expected) => {
    expect(isHostHeader(value)).toBe(expected);
  });
});
