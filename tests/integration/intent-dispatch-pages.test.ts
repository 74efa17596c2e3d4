import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, news } from "~/.server/db/schema";
import { FORM_MESSAGES } from "~/.server/http/mypage-form";
import { POST_MESSAGES } from "~/domain/native-posts";
import { NEWS_MESSAGES } from "~/domain/news";
import { SNS_LINK_MESSAGES } from "~/domain/sns-links";
import { messages } from "~/domain/validators";
import * as login from "~/routes/account/login";
import * as notifications from "~/routes/account/mypage-notifications";
import * as config from "~/routes/admin/config";
import * as inquiry from "~/routes/admin/inquiry";
import * as newsEdit from "~/routes/admin/news-edit";
import * as itemConvert from "~/routes/liver/mypage-item-convert";
import * as storePosts from "~/routes/liver/mypage-post";
import * as storeProfile from "~/routes/liver/mypage-profile";
import * as staffSnsLinks from "~/routes/staff/mypage-instagram";
import * as staffProfile from "~/routes/staff/mypage-profile";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

// The pages whose forms are dispatched by intent (ADR 0048) answer as they did when each compared
// its intent by hand: which form a post without a known intent reaches, and the shape each page's
// refusal keeps (what it echoes back, what it leaves out).
describe.each(drivers)("pages dispatching form intents on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  const cookies = { operator: "", listener: "", store: "", staff: "" };
  let listenerEmail = "";

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "intents" });
    rc = routeContext(database.db);
    const operator = await makeOperator(database.db, { authSecret: rc.context.env.authSecret });
    cookies.operator = await operatorCookie(rc.context, operator);
    const listener = await makeListener(database.db);
    listenerEmail = listener.email;
    cookies.listener = await sessionCookie(rc.context, "listener", listener.email, FACTORY_PASSWORD);
    const store = await makeLiver(database.db);
    cookies.store = await sessionCookie(rc.context, "liver", store.email, FACTORY_PASSWORD);
    const staff = await makeStaff(database.db, store.uid);
    cookies.staff = await sessionCookie(rc.context, "staff", staff.loginId, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
    rmSync(rc.dataDir, { recursive: true, force: true });
  });

  type Action = Parameters<typeof call>[0];
  const post = (
    action: Action,
    url: string,
    cookie: string | undefined,
    values: Record<string, string | string[]>,
    params: Record<string, string> = {},
  ) => call(action, { context: rc.context, url, cookie, method: "POST", body: form(values), params });
  /** A plain form, as a browser sends one without a file (a page that also takes uploads tells them apart). */
  const postEncoded = (action: Action, url: string, cookie: string, values: Record<string, string>) =>
    call(action, {
      context: rc.context,
      url,
      cookie,
      method: "POST",
      body: new URLSearchParams(values).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });

  it("the operator's inquiry: an unknown intent, and a refused reply echoing its three values", async () => {
    const id = randomUUID();
    await database.db
      .insert(contactMessages)
      .values({ id, name: "山田 太郎", email: "taro@example.com", category: "usage", message: "質問" });
    const url = `/admin/contact/${id}`;
    expect(await post(inquiry.action, url, cookies.operator, { intent: "nope" }, { id })).toEqual({
      status: 400,
      body: { errors: { _form: "操作を読み取れませんでした。もう一度お試しください" }, values: null },
      location: null,
    });
    const refused = await post(
      inquiry.action,
      url,
      cookies.operator,
      { intent: "reply", subject: "", body: "本文", mark_handled: "1" },
      { id },
    );
    expect(refused).toMatchObject({
      status: 400,
      body: {
        errors: { subject: "件名を入力してください" },
        values: { subject: "", body: "本文", mark_handled: true },
      },
    });
  });

  it("the operator's news: any intent but delete is the save form, whose schema refuses an unknown one", async () => {
    const unknown = await post(newsEdit.action, "/admin/news/new", cookies.operator, {
      intent: "nope",
      title: "t",
      body: "b",
      audience: "all",
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: {
        values: { intent: "nope", title: "t", body: "b", audience: "all" },
        errors: { intent: NEWS_MESSAGES.intent },
      },
    });
    const published = randomUUID();
    await database.db.insert(news).values({
      news_id: published,
      title: "公開済み",
      body: "本文",
      audience: "all",
      published_at: new Date(Date.now() - 86_400_000),
    });
    expect(
      await post(
        newsEdit.action,
        `/admin/news/${published}`,
        cookies.operator,
        { intent: "delete" },
        { id: published },
      ),
    ).toMatchObject({ status: 400, body: { values: {}, errors: { _form: NEWS_MESSAGES.alreadyPublished } } });
  });

  it("the operator's settings: a post without an intent saves, refused with the key and value it sent", async () => {
    const answer = await post(config.action, "/admin/config", cookies.operator, {
      key: "live_max_viewers",
      value: "abc",
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        key: "live_max_viewers",
        values: { key: "live_max_viewers", value: "abc" },
        errors: { value: expect.any(String) },
      },
    });
  });

  it("the login: any post but a resend is a login; a refusal names only its fields and never echoes the password", async () => {
    const other = await post(login.action, "/listener/login", undefined, {
      intent: "nope",
      email: listenerEmail,
      password: "",
      extra: "x",
    });
    expect(other).toEqual({
      status: 400,
      body: { resent: false, errors: { password: messages.required }, values: { email: listenerEmail } },
      location: null,
    });
    const resend = await post(login.action, "/listener/login", undefined, {
      intent: "resend",
      email: " not-an-email ",
    });
    expect(resend).toMatchObject({
      status: 400,
      body: { resent: false, errors: { email: messages.email }, values: { email: "not-an-email" } },
    });
  });

  it("the notifications: a post without an intent opens one, `all` marks them all read", async () => {
    const path = "/listener/mypage/notifications";
    expect(await post(notifications.action, path, cookies.listener, { id: randomUUID() })).toMatchObject({
      status: 302,
      location: path,
    });
    expect(await post(notifications.action, path, cookies.listener, { intent: "all" })).toMatchObject({
      status: 302,
      location: `${path}?done=all`,
    });
  });

  it("the store's payout page: a post with another intent asks for a payout", async () => {
    const path = "/liver/mypage/item/convert";
    const payout = await post(itemConvert.action, path, cookies.store, { intent: "payout", points: "5000" });
    expect(payout).toMatchObject({ status: 400, body: { done: null, error: expect.any(String) } });
    expect(await post(itemConvert.action, path, cookies.store, { intent: "nope", points: "5000" })).toEqual(
      payout,
    );
  });

  it("the profile pages: an unknown intent echoes nothing; a refused picture move keeps its fields", async () => {
    const unreadable = { _form: FORM_MESSAGES.unreadable };
    expect(
      await post(storeProfile.action, "/liver/mypage/profile", cookies.store, { intent: "nope", a: "b" }),
    ).toMatchObject({ status: 400, body: { intent: "nope", values: {}, errors: unreadable } });
    // The store's password form is not the performer's own page's.
    expect(
      await post(staffProfile.action, "/staff/mypage/profile", cookies.staff, { intent: "password", a: "b" }),
    ).toMatchObject({ status: 400, body: { intent: "password", values: {}, errors: unreadable } });
    const move = { intent: "image_move", url: "/nope.webp", direction: "sideways" };
    expect(await post(staffProfile.action, "/staff/mypage/profile", cookies.staff, move)).toMatchObject({
      status: 404,
      body: { intent: "image_move", values: move, errors: { _form: FORM_MESSAGES.not_found } },
    });
  });

  it("the post pages: an unknown intent echoes nothing; a refused caption names its post", async () => {
    const path = "/liver/mypage/post";
    expect(
      await postEncoded(storePosts.action, path, cookies.store, { intent: "nope", post_id: "x" }),
    ).toMatchObject({
      status: 400,
      body: { intent: "", values: {}, errors: { _form: POST_MESSAGES.unreadable } },
    });
    const caption = await postEncoded(storePosts.action, path, cookies.store, {
      intent: "post_caption",
      caption: "a".repeat(3000),
    });
    expect(caption).toMatchObject({
      status: 400,
      body: { intent: "post_caption", values: { post_id: "" }, errors: { caption: expect.any(String) } },
    });
  });

  it("the SNS link panel: an unknown intent or a source it cannot connect is a bare 400", async () => {
    const path = "/staff/mypage/instagram";
    const unreadable: Record<string, string>[] = [
      { intent: "nope" },
      { intent: "connect", source: "youtube" },
      { intent: "disconnect" },
    ];
    for (const values of unreadable)
      await expect(postEncoded(staffSnsLinks.action, path, cookies.staff, values)).rejects.toMatchObject({
        data: null,
        init: { status: 400 },
      });
    expect(await postEncoded(staffSnsLinks.action, path, cookies.staff, { intent: "youtube" })).toMatchObject(
      {
        status: 400,
        body: {
          intent: "youtube",
          errors: { channel: SNS_LINK_MESSAGES.youtubeRequired },
          values: { channel: "" },
        },
      },
    );
  });
});
