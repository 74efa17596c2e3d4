import { readdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { eq } from "drizzle-orm";
import express from "express";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, staffs } from "~/.server/db/schema";
import { submitNativePost } from "~/.server/http/native-post-form";
import { POST_MESSAGES } from "~/domain/native-posts";
import { action as postAction } from "~/routes/api/post";
import { action as postsAction } from "~/routes/api/posts";
import { action as liverPageAction, loader as liverPageLoader } from "~/routes/liver/mypage-post";
import { action as staffPageAction } from "~/routes/staff/mypage-post";
import { serveUploads } from "../../server/serve-uploads";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { png } from "../support/post-uploads";
import { call, routeContext, sessionCookie } from "../support/routes";
import { mp4Fixture, webmFixture } from "../support/video-fixtures";

/**
 * `POST /api/posts`, `PATCH` / `DELETE /api/posts/{id}` and the editor pages' plain forms, called
 * as React Router calls them (real multipart bodies, real sessions), and the stored video served
 * with byte ranges.
 */
describe.each(drivers)("native posts over HTTP on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};
  let uploads: { base: string; server: Server };

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "native_posts_api" });
    ({ context } = routeContext(database.db));
    const store = await makeLiver(database.db);
    const otherStore = await makeLiver(database.db);
    const cast = await makeStaff(database.db, store.uid);
    const colleague = await makeStaff(database.db, store.uid);
    const listener = await makeListener(database.db);
    Object.assign(ids, { store: store.uid, cast: cast.uid });
    cookies.store = await sessionCookie(context, "liver", store.email, FACTORY_PASSWORD);
    cookies.otherStore = await sessionCookie(context, "liver", otherStore.email, FACTORY_PASSWORD);
    cookies.cast = await sessionCookie(context, "staff", cast.loginId, FACTORY_PASSWORD);
    cookies.colleague = await sessionCookie(context, "staff", colleague.loginId, FACTORY_PASSWORD);
    cookies.listener = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const app = express();
    app.use("/uploads", serveUploads(context.storage));
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    uploads = { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  });
  afterAll(async () => {
    uploads?.server.close();
    await database?.close();
  });

  const multipart = async (fields: {
    caption?: string;
    images?: number;
    video?: [Uint8Array, string];
    poster?: boolean;
  }) => {
    const form = new FormData();
    if (fields.caption !== undefined) form.append("caption", fields.caption);
    for (let i = 0; i < (fields.images ?? 0); i++)
      form.append("images", new File([await png(60 + i, 40)], `p${i}.png`, { type: "image/png" }));
    if (fields.video)
      form.append(
        "video",
        new File([new Uint8Array(fields.video[0])], fields.video[1], { type: "video/mp4" }),
      );
    if (fields.poster)
      form.append("poster", new File([await png(90, 160)], "poster.png", { type: "image/png" }));
    return form;
  };
  const post = async (as: string | undefined, form: FormData) =>
    call(postsAction, { context, url: "/api/posts", method: "POST", body: form, cookie: as && cookies[as] });
  const patch = (as: string | undefined, id: string, body: unknown) =>
    call(postAction, {
      context,
      url: `/api/posts/${id}`,
      method: "PATCH",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
      cookie: as && cookies[as],
      params: { id },
    });
  const remove = (as: string | undefined, id: string) =>
    call(postAction, {
      context,
      url: `/api/posts/${id}`,
      method: "DELETE",
      cookie: as && cookies[as],
      params: { id },
    });
  type PostBody = {
    post_id: string;
    kind: string;
    caption: string;
    media: { url: string; thumbnail_url: string | null }[];
  };

  it("POST /api/posts: a carousel from three pictures (201), a text post; 401 signed out, 403 a listener", async () => {
    const carousel = await post("cast", await multipart({ caption: "3枚", images: 3 }));
    expect(carousel.status).toBe(201);
    expect(carousel.body).toMatchObject({
      kind: "carousel_album",
      caption: "3枚",
      author_type: "staff",
      source: "native",
    });
    expect((carousel.body as PostBody).media).toHaveLength(3);
    const text = await post("store", await multipart({ caption: "本日営業" }));
    expect([text.status, (text.body as PostBody).kind]).toEqual([201, "text"]);
    expect((await post(undefined, await multipart({ caption: "x" }))).status).toBe(401);
    const listener = await post("listener", await multipart({ caption: "x" }));
    expect([listener.status, (listener.body as { error: { code: string } }).error.code]).toEqual([
      403,
      "permission-denied",
    ]);
    const [castRow] = await database.db.select().from(staffs).where(eq(staffs.uid, ids.cast!));
    expect(castRow!.last_post_at).not.toBeNull();
  });

  it("POST /api/posts: an MP4 and a WebM with posters are stored and served with byte ranges (206)", async () => {
    const bytes = mp4Fixture(30);
    const created = await post("cast", await multipart({ video: [bytes, "clip.mp4"], poster: true }));
    expect(created.status).toBe(201);
    const video = (created.body as PostBody).media[0]!;
    const ranged = await fetch(`${uploads.base}${video.url}`, { headers: { Range: "bytes=4-11" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-type")).toBe("video/mp4");
    expect(ranged.headers.get("content-range")).toBe(`bytes 4-11/${bytes.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).toString("latin1")).toBe("ftypisom");
    const poster = await fetch(`${uploads.base}${video.thumbnail_url}`);
    expect([poster.status, poster.headers.get("content-type")]).toEqual([200, "image/webp"]);

    // The declared type says MP4; the bytes say WebM, and the bytes win.
    const webm = await post("cast", await multipart({ video: [webmFixture(12), "clip.mp4"], poster: true }));
    expect(webm.status).toBe(201);
    expect((webm.body as PostBody).media[0]!.url).toMatch(/\.webm$/);
  });

  it("POST /api/posts: a fake or too long video is a 400 naming the field, and nothing is written", async () => {
    const before = await database.db.select().from(posts);
    const fake = await post(
      "cast",
      await multipart({ video: [new TextEncoder().encode("hello, not a video"), "a.mp4"], poster: true }),
    );
    expect(fake).toMatchObject({
      status: 400,
      body: { error: { code: "invalid-argument", message: POST_MESSAGES.not_video, field: "video" } },
    });
    const long = await post("cast", await multipart({ video: [mp4Fixture(240), "a.mp4"], poster: true }));
    expect(long.body).toMatchObject({ error: { message: POST_MESSAGES.video_too_long, field: "video" } });
    const noPoster = await post("cast", await multipart({ video: [mp4Fixture(20), "a.mp4"] }));
    expect(noPoster.body).toMatchObject({
      error: { message: POST_MESSAGES.poster_required, field: "poster" },
    });
    expect(await database.db.select().from(posts)).toHaveLength(before.length);
  });

  it("a video over the limit stops the reading at once: no post, no temporary or stored file", async () => {
    const temporary = () => readdirSync(tmpdir()).filter((name) => name.startsWith("upload-")).length;
    const tempBefore = temporary();
    const before = await database.db.select().from(posts);
    const request = new Request("http://localhost:3999/api/posts", {
      method: "POST",
      body: await multipart({
        caption: "大きい",
        video: [mp4Fixture(10, { mdatBytes: 300_000 }), "big.mp4"],
        poster: true,
      }),
    });
    const viewer = { type: "staff", uid: ids.cast!, name: "", email: "" } as const;
    const result = await submitNativePost({
      request,
      context,
      actor: viewer,
      limits: { maxBytes: 100_000, maxSeconds: 180 },
    });
    expect(result).toEqual({
      ok: false,
      error: "invalid",
      errors: { video: POST_MESSAGES.video_too_large },
      values: { caption: "", is_pr: "" },
    });
    expect(temporary()).toBe(tempBefore);
    expect(await database.db.select().from(posts)).toHaveLength(before.length);
  });

  it("PATCH and DELETE /api/posts/{id}: the author edits and deletes, the store deletes its staff's, others get 404", async () => {
    const created = await post("cast", await multipart({ caption: "前", images: 1 }));
    const id = (created.body as PostBody).post_id;
    const url = (created.body as PostBody).media[0]!.url;

    expect((await patch(undefined, id, { caption: "x" })).status).toBe(401);
    expect((await patch("listener", id, { caption: "x" })).status).toBe(403);
    expect((await patch("colleague", id, { caption: "x" })).status).toBe(404);
    expect((await patch("store", id, { caption: "x" })).status).toBe(404);
    expect((await patch("cast", id, { caption: "あ".repeat(2201) })).body).toMatchObject({
      error: { code: "invalid-argument", message: POST_MESSAGES.caption_too_long },
    });
    expect((await patch("cast", id, { nope: 1 })).status).toBe(400);
    const edited = await patch("cast", id, { caption: "後" });
    expect([edited.status, (edited.body as PostBody).caption]).toEqual([200, "後"]);

    expect((await remove(undefined, id)).status).toBe(401);
    expect((await remove("listener", id)).status).toBe(403);
    expect((await remove("otherStore", id)).status).toBe(404);
    expect((await remove("colleague", id)).status).toBe(404);
    expect((await fetch(`${uploads.base}${url}`)).status).toBe(200);
    expect((await remove("store", id)).status).toBe(204);
    expect((await fetch(`${uploads.base}${url}`)).status).toBe(404);
    expect((await remove("cast", id)).status).toBe(404);

    const own = await post("cast", await multipart({ caption: "自分で消す" }));
    expect((await remove("cast", (own.body as PostBody).post_id)).status).toBe(204);
  });

  it("the editor pages work as plain forms: multipart post, caption edit and delete, with messages next to fields", async () => {
    const page = (
      fn: typeof staffPageAction | typeof liverPageAction,
      path: string,
      as: string,
      body: FormData | URLSearchParams,
    ) => call(fn, { context, url: path, method: "POST", body, cookie: cookies[as] });

    const created = await page(
      staffPageAction,
      "/staff/mypage/post",
      "cast",
      await multipart({ caption: "フォームから", images: 2 }),
    );
    expect([created.status, created.location]).toEqual([302, "/staff/mypage/post?done=post_created"]);
    const refused = await page(
      staffPageAction,
      "/staff/mypage/post",
      "cast",
      await multipart({ caption: "動画", video: [mp4Fixture(10), "a.mp4"] }),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        intent: "post_create",
        values: { caption: "動画" },
        errors: { poster: POST_MESSAGES.poster_required },
      },
    });

    const listed = await call(liverPageLoader, { context, url: "/liver/mypage/post", cookie: cookies.store });
    const staffPost = (
      listed.body as { posts: { post_id: string; caption: string; editable: boolean }[] }
    ).posts.find((p) => p.caption === "フォームから");
    expect(staffPost?.editable).toBe(false);
    const edit = new URLSearchParams({
      intent: "post_caption",
      post_id: staffPost!.post_id,
      caption: "店が書き換え",
    });
    expect((await page(liverPageAction, "/liver/mypage/post", "store", edit)).status).toBe(404);
    const tooLong = new URLSearchParams({
      intent: "post_caption",
      post_id: staffPost!.post_id,
      caption: "あ".repeat(2201),
    });
    expect((await page(staffPageAction, "/staff/mypage/post", "cast", tooLong)).body).toMatchObject({
      errors: { caption: POST_MESSAGES.caption_too_long },
    });
    const del = new URLSearchParams({ intent: "post_delete", post_id: staffPost!.post_id });
    const deleted = await page(liverPageAction, "/liver/mypage/post", "store", del);
    expect([deleted.status, deleted.location]).toEqual([302, "/liver/mypage/post?done=post_deleted"]);
  });
});
