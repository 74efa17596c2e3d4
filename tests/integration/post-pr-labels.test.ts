import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorAuditLog, posts } from "~/.server/db/schema";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { writePost } from "~/.server/services/posts/write-post";
import { ADMIN_POST_TEXTS } from "~/domain/admin-posts";
import { POST_MESSAGES } from "~/domain/native-posts";
import * as adminPosts from "~/routes/admin/posts";
import { action as postAction } from "~/routes/api/post";
import { action as postsAction, loader as postsLoader } from "~/routes/api/posts";
import { action as liverPostsAction, loader as liverPostsLoader } from "~/routes/liver/mypage-post";
import { loader as liverPageLoader } from "~/routes/public/liver-page";
import { loader as staffPageLoader } from "~/routes/public/staff-page";
import { action as staffPostsAction, loader as staffPostsLoader } from "~/routes/staff/mypage-post";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, routeContext, sessionCookie } from "../support/routes";

/**
 * The PR label of posts (ADR 0051) through the route modules, on both databases: the author ticks
 * it in the composer and the edit form, or sends `is_pr` to the JSON API; the feeds, the public
 * pages and the editor list answer it; the operator sets and unsets it on any post (an imported one
 * too) with an audit row each time; nobody else can.
 */
describe.each(drivers)("PR labels on posts on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let operator: SignedInOperator;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "post_pr_labels" });
    ({ context } = routeContext(database.db));
    const store = await makeLiver(database.db, { store_name: "PRテスト店" });
    const cast = await makeStaff(database.db, store.uid, { name: "あかり" });
    const colleague = await makeStaff(database.db, store.uid);
    const listener = await makeListener(database.db);
    Object.assign(ids, { store: store.uid, cast: cast.uid });
    cookies.store = await sessionCookie(context, "liver", store.email, FACTORY_PASSWORD);
    cookies.cast = await sessionCookie(context, "staff", cast.loginId, FACTORY_PASSWORD);
    cookies.colleague = await sessionCookie(context, "staff", colleague.loginId, FACTORY_PASSWORD);
    cookies.listener = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const op = await makeOperator(database.db, { authSecret: context.env.authSecret });
    operator = { uid: op.uid, email: op.email, ip: "192.0.2.50" };
    cookies.operator = await operatorCookie(context, op);
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;
  const isPrOf = async (postId: string) =>
    (await db().select({ is_pr: posts.is_pr }).from(posts).where(eq(posts.post_id, postId)))[0]?.is_pr;
  const auditRows = (postId: string) =>
    db()
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.target_type, "post"), eq(operatorAuditLog.target_id, postId)));
  /** The cast's post with this caption, as her editor page lists it. */
  const listedByCast = async (caption: string) => {
    const page = await call(staffPostsLoader, { context, url: "/staff/mypage/post", cookie: cookies.cast });
    return (page.body as { posts: { post_id: string; caption: string; is_pr: boolean }[] }).posts.find(
      (post) => post.caption === caption,
    );
  };
  const composer = (fields: Record<string, string>) =>
    call(staffPostsAction, {
      context,
      url: "/staff/mypage/post",
      method: "POST",
      cookie: cookies.cast,
      body: form({ intent: "post_create", ...fields }),
    });
  const editForm = (as: string, fields: Record<string, string>) =>
    call(as === "store" ? liverPostsAction : staffPostsAction, {
      context,
      url: as === "store" ? "/liver/mypage/post" : "/staff/mypage/post",
      method: "POST",
      cookie: cookies[as],
      body: new URLSearchParams({ intent: "post_caption", ...fields }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
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
  const toggle = (as: string | undefined, fields: Record<string, string>, url = "/admin/posts") =>
    call(adminPosts.action, {
      context,
      url,
      method: "POST",
      cookie: as && cookies[as],
      body: new URLSearchParams({ intent: "pr_label", ...fields }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  /** An Instagram post of the cast, imported as the importer writes it. */
  const importPost = (externalId: string, caption: string) =>
    db().transaction(async (tx) =>
      writePost(tx, {
        author: { type: "staff", staffId: ids.cast!, liverId: ids.store! },
        source: "instagram",
        kind: "image",
        caption,
        media: [
          { url: "https://example.com/a.jpg", kind: "image", width: 1, height: 1, thumbnail_url: null },
        ],
        permalink: `https://www.instagram.com/p/${externalId}/`,
        externalId,
        postedAt: new Date(),
      }),
    );

  it("the author ticks PR in the composer, unticks and ticks it again in the edit form", async () => {
    const plain = await composer({ caption: "ふつうの投稿" });
    expect([plain.status, plain.location]).toEqual([302, "/staff/mypage/post?done=post_created"]);
    expect((await listedByCast("ふつうの投稿"))?.is_pr).toBe(false);

    const pr = await composer({ caption: "新作カクテルのタイアップ", is_pr: "1" });
    expect(pr.status).toBe(302);
    const listed = await listedByCast("新作カクテルのタイアップ");
    expect(listed?.is_pr).toBe(true);
    const postId = listed!.post_id;

    // A refused composer keeps the box ticked.
    const refused = await composer({ caption: "あ".repeat(2201), is_pr: "1" });
    expect(refused).toMatchObject({
      status: 400,
      body: { values: { is_pr: "1" }, errors: { caption: POST_MESSAGES.caption_too_long } },
    });

    // The edit form sends the box with the caption: left unticked, the label goes.
    const unticked = await editForm("cast", { post_id: postId, caption: "新作カクテルのタイアップ" });
    expect([unticked.status, unticked.location]).toEqual([302, "/staff/mypage/post?done=post_updated"]);
    expect(await isPrOf(postId)).toBe(false);
    await editForm("cast", { post_id: postId, caption: "新作カクテルのタイアップ", is_pr: "1" });
    expect(await isPrOf(postId)).toBe(true);

    // The store lists it with its label (and may not change its staff member's post).
    const storePage = await call(liverPostsLoader, {
      context,
      url: "/liver/mypage/post",
      cookie: cookies.store,
    });
    const inStoreList = (storePage.body as { posts: { post_id: string; is_pr: boolean }[] }).posts.find(
      (post) => post.post_id === postId,
    );
    expect(inStoreList?.is_pr).toBe(true);
  });

  it("the JSON API: POST with is_pr, PATCH of is_pr alone keeps the caption, the feeds and pages answer it", async () => {
    const body = form({ caption: "APIからのPR投稿", is_pr: "true" });
    const created = await call(postsAction, {
      context,
      url: "/api/posts",
      method: "POST",
      body,
      cookie: cookies.cast,
    });
    expect(created.status).toBe(201);
    const post = created.body as { post_id: string; is_pr: boolean; caption: string };
    expect(post.is_pr).toBe(true);

    const feed = async () => {
      const answer = await call(postsLoader, { context, url: `/api/posts?staffId=${ids.cast}&pageSize=50` });
      return (answer.body as { items: { post_id: string; is_pr: boolean }[] }).items.find(
        (item) => item.post_id === post.post_id,
      );
    };
    expect((await feed())?.is_pr).toBe(true);
    // The staff and store pages' latest posts (their cards' data) carry the label.
    const staffPage = await call(staffPageLoader, {
      context,
      url: `/listener/staff/${ids.cast}`,
      params: { id: ids.cast! },
    });
    expect((staffPage.body as { posts: { post_id: string; is_pr: boolean }[] }).posts).toContainEqual(
      expect.objectContaining({ post_id: post.post_id, is_pr: true }),
    );
    const storePage = await call(liverPageLoader, {
      context,
      url: `/listener/liver/${ids.store}`,
      params: { id: ids.store! },
    });
    expect((storePage.body as { posts: { post_id: string; is_pr: boolean }[] }).posts).toContainEqual(
      expect.objectContaining({ post_id: post.post_id, is_pr: true }),
    );

    const unset = await patch("cast", post.post_id, { is_pr: false });
    expect(unset.status).toBe(200);
    expect(unset.body).toMatchObject({ post_id: post.post_id, is_pr: false, caption: "APIからのPR投稿" });
    expect((await feed())?.is_pr).toBe(false);
    const both = await patch("cast", post.post_id, { caption: "書き直し", is_pr: true });
    expect(both.body).toMatchObject({ is_pr: true, caption: "書き直し" });
    // A caption alone leaves the label as it is.
    expect((await patch("cast", post.post_id, { caption: "もう一度" })).body).toMatchObject({ is_pr: true });
    const nothing = await patch("cast", post.post_id, {});
    expect([nothing.status, (nothing.body as { error: { message: string } }).error.message]).toEqual([
      400,
      POST_MESSAGES.nothing_to_change,
    ]);
    expect(await isPrOf(post.post_id)).toBe(true);
  });

  it("nobody else sets or unsets it: not her colleague, her store, a listener, nor anyone on /admin/posts", async () => {
    await composer({ caption: "他人は触れない" });
    const postId = (await listedByCast("他人は触れない"))!.post_id;

    expect((await patch("colleague", postId, { is_pr: true })).status).toBe(404);
    expect((await patch("store", postId, { is_pr: true })).status).toBe(404);
    expect((await patch("listener", postId, { is_pr: true })).status).toBe(403);
    expect((await patch(undefined, postId, { is_pr: true })).status).toBe(401);
    expect((await editForm("store", { post_id: postId, caption: "他人は触れない", is_pr: "1" })).status).toBe(
      404,
    );
    // An imported post has no page of its author's: only the operator labels it.
    const imported = await importPost(`ig-author-${driver}`, "インポート");
    expect((await patch("cast", imported.post.post_id, { is_pr: true })).status).toBe(404);

    for (const as of [undefined, "listener", "store", "cast"]) {
      const answer = await toggle(as, { post_id: postId, is_pr: "1" });
      expect(answer.status).toBe(302);
      expect(answer.location).toMatch(/^\/admin\/login\?from=/);
      const list = await call(adminPosts.loader, { context, url: "/admin/posts", cookie: as && cookies[as] });
      expect(list.location).toMatch(/^\/admin\/login\?from=/);
    }
    expect(await isPrOf(postId)).toBe(false);
    expect(await isPrOf(imported.post.post_id)).toBe(false);
    expect(await auditRows(postId)).toHaveLength(0);
  });

  it("the operator labels any post (an imported one too) and takes it off, each change audited once", async () => {
    const imported = await importPost(`ig-operator-${driver}`, "提供：○○酒造");
    const postId = imported.post.post_id;
    expect(imported.post.is_pr).toBe(false);

    // The list finds it by its id; the toggle comes back to the list as it was.
    const listUrl = `/admin/posts?q=${postId}`;
    const before = await call(adminPosts.loader, { context, url: listUrl, cookie: cookies.operator });
    expect((before.body as { items: { post_id: string; is_pr: boolean }[] }).items).toEqual([
      expect.objectContaining({ post_id: postId, is_pr: false }),
    ]);
    const labelled = await toggle("operator", { post_id: postId, is_pr: "1" }, listUrl);
    expect([labelled.status, labelled.location]).toEqual([302, `${listUrl}&done=pr_on`]);
    expect(await isPrOf(postId)).toBe(true);
    const [row] = await auditRows(postId);
    expect(row).toMatchObject({
      action: "post.pr_label",
      operator_uid: operator.uid,
      operator_email: operator.email,
      details: { source: "instagram", liver_id: ids.store, staff_id: ids.cast },
    });

    // A second press (two operators, a double post) changes nothing and writes nothing.
    expect((await toggle("operator", { post_id: postId, is_pr: "1" })).status).toBe(302);
    expect(await auditRows(postId)).toHaveLength(1);
    // The importer's next run updates the caption, not the label.
    await importPost(`ig-operator-${driver}`, "提供：○○酒造（更新）");
    expect(await isPrOf(postId)).toBe(true);

    // The PR filter lists it; the feed answers it.
    const prOnly = await call(adminPosts.loader, {
      context,
      url: "/admin/posts?pr=1",
      cookie: cookies.operator,
    });
    const prItems = (prOnly.body as { items: { post_id: string; is_pr: boolean }[] }).items;
    expect(prItems.map((item) => item.post_id)).toContain(postId);
    expect(prItems.every((item) => item.is_pr)).toBe(true);
    const feed = await call(postsLoader, { context, url: `/api/posts?staffId=${ids.cast}&pageSize=50` });
    expect((feed.body as { items: { post_id: string; is_pr: boolean }[] }).items).toContainEqual(
      expect.objectContaining({ post_id: postId, is_pr: true }),
    );

    // Unticked: the label goes, with its own audit row.
    const unlabelled = await toggle("operator", { post_id: postId });
    expect(unlabelled.location).toBe("/admin/posts?done=pr_off");
    expect(await isPrOf(postId)).toBe(false);
    expect((await auditRows(postId)).map((r) => r.action).sort()).toEqual([
      "post.pr_label",
      "post.pr_unlabel",
    ]);

    // A native post of the author's too; a post that is gone is a 404 with nothing written.
    await composer({ caption: "運営がPRにする" });
    const native = (await listedByCast("運営がPRにする"))!.post_id;
    await toggle("operator", { post_id: native, is_pr: "1" });
    expect(await isPrOf(native)).toBe(true);
    const missing = await toggle("operator", { post_id: "no-such-post", is_pr: "1" });
    expect(missing).toMatchObject({ status: 404, body: { errors: { _form: ADMIN_POST_TEXTS.notFound } } });
    expect(await auditRows("no-such-post")).toHaveLength(0);
  });
});
