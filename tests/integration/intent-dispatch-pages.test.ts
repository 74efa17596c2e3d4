import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, items, livers, news, staffs } from "~/.server/db/schema";
import { FORM_MESSAGES } from "~/.server/http/mypage-form";
import { CATALOGUE_MESSAGES } from "~/domain/admin-catalogue";
import { FAVORITE_MESSAGES } from "~/domain/favorites";
import { IMAGE_MESSAGES } from "~/domain/images";
import { POST_MESSAGES } from "~/domain/native-posts";
import { NEWS_MESSAGES } from "~/domain/news";
import { SHIFT_MESSAGES } from "~/domain/shifts";
import { SNS_LINK_MESSAGES } from "~/domain/sns-links";
import { STAFF_ACCOUNT_MESSAGES } from "~/domain/staff-account";
import { messages } from "~/domain/validators";
import * as login from "~/routes/account/login";
import * as notifications from "~/routes/account/mypage-notifications";
import * as coinPacks from "~/routes/admin/coin-packs";
import * as config from "~/routes/admin/config";
import * as inquiry from "~/routes/admin/inquiry";
import * as adminItems from "~/routes/admin/items";
import * as newsEdit from "~/routes/admin/news-edit";
import * as follow from "~/routes/listener/mypage-follow";
import * as itemConvert from "~/routes/liver/mypage-item-convert";
import * as storePosts from "~/routes/liver/mypage-post";
import * as storeProfile from "~/routes/liver/mypage-profile";
import * as staffEdit from "~/routes/liver/mypage-staff-edit";
import * as staffSnsLinks from "~/routes/staff/mypage-instagram";
import * as staffProfile from "~/routes/staff/mypage-profile";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

// The pages whose forms are dispatched by intent (ADR 0048) answer as they did when each compared
// its intent by hand: which form a post without a known intent reaches, and the shape each page's
// refusal keeps (what it echoes back, what it leaves out).
// The answers' shapes are the routes' (ADR 0048), not SQL: one database is enough; the services
// behind them run on both in their own tests.
describe.each(drivers.slice(0, 1))("pages dispatching form intents on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  const cookies = { operator: "", listener: "", store: "", otherStore: "", staff: "" };
  let listenerEmail = "";
  let storeId = "";

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
    storeId = store.uid;
    const otherStore = await makeLiver(database.db);
    cookies.otherStore = await sessionCookie(rc.context, "liver", otherStore.email, FACTORY_PASSWORD);
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
  const postEncoded = (
    action: Action,
    url: string,
    cookie: string,
    values: Record<string, string>,
    params: Record<string, string> = {},
  ) =>
    call(action, {
      context: rc.context,
      url,
      cookie,
      method: "POST",
      params,
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

  it("the store's staff page: its schedule and password forms in the profile form's dispatch", async () => {
    // A staff member of this test's own: a new password signs them out of every session.
    const cast = await makeStaff(database.db, storeId);
    const params = { id: cast.uid };
    const page = `/liver/mypage/staff/${cast.uid}`;
    const edit = (values: Record<string, string>, cookie = cookies.store, url = page) =>
      post(staffEdit.action, url, cookie, values, params);
    const unreadable = { _form: FORM_MESSAGES.unreadable };
    expect(await edit({ intent: "nope", a: "b", password: "p" })).toEqual({
      status: 400,
      body: { intent: "nope", values: {}, errors: unreadable },
      location: null,
    });
    expect(await edit({ a: "b" })).toMatchObject({ status: 400, body: { intent: "", values: {} } });
    // The refusals keep what was typed but the passwords.
    const mismatch = { intent: "password", password: "new-pass-2026", password_confirmation: "other-2026" };
    expect(await edit({ ...mismatch, extra: "x" })).toEqual({
      status: 400,
      body: {
        intent: "password",
        values: { intent: "password", extra: "x" },
        errors: { password_confirmation: STAFF_ACCOUNT_MESSAGES.password_mismatch },
      },
      location: null,
    });
    const password = {
      intent: "password",
      password: "new-pass-2026",
      password_confirmation: "new-pass-2026",
    };
    expect(await edit(password, cookies.otherStore)).toEqual({
      status: 404,
      body: {
        intent: "password",
        values: { intent: "password" },
        errors: { _form: FORM_MESSAGES.not_found },
      },
      location: null,
    });
    const week = { intent: "schedule", start: "2026-11-22", end: "2026-11-28" };
    expect(
      await edit({ ...week, "shifts.2026-11-23.start_time": "25:00", "shifts.2026-11-23.end_time": "LAST" }),
    ).toMatchObject({
      status: 400,
      body: { intent: "schedule", errors: { "shifts.2026-11-23.start_time": SHIFT_MESSAGES.start } },
    });
    expect(await edit(week, cookies.otherStore)).toMatchObject({
      status: 404,
      body: { intent: "schedule", errors: { _form: FORM_MESSAGES.not_found } },
    });
    expect(
      await edit(
        { ...week, "shifts.2026-11-23.start_time": "20:00", "shifts.2026-11-23.end_time": "LAST" },
        cookies.store,
        `${page}?tab=schedule&week=1`,
      ),
    ).toMatchObject({ status: 302, location: `${page}?tab=schedule&week=1&done=schedule` });
    expect(await edit({ intent: "image_add" })).toMatchObject({
      status: 400,
      body: { intent: "image_add", values: {}, errors: { image: IMAGE_MESSAGES.required } },
    });
    // Without JavaScript the form is url-encoded.
    expect(
      await postEncoded(staffEdit.action, `${page}?tab=password`, cookies.store, password, params),
    ).toMatchObject({ status: 302, location: `${page}?tab=password&done=password` });
  });

  it("the follow buttons: unfollow, any other intent follows; a bad target is a 400 with or without script", async () => {
    const store = await makeLiver(database.db);
    await database.db.update(livers).set({ status: "public" }).where(eq(livers.uid, store.uid));
    const cast = await makeStaff(database.db, store.uid);
    await database.db
      .update(staffs)
      .set({ status: "public", is_displayed: true })
      .where(eq(staffs.uid, cast.uid));
    const path = "/listener/mypage/follow";
    const back = "/search/staff?area=tokyo";
    const press = (values: Record<string, string | string[]>, cookie = cookies.listener) =>
      post(follow.action, path, cookie, values);
    const answer = (following: boolean, fields: Record<string, unknown> = {}) => ({
      status: 200,
      body: {
        ok: true,
        kind: "staff",
        target_id: cast.uid,
        following,
        message: following ? FAVORITE_MESSAGES.followed : FAVORITE_MESSAGES.unfollowed,
        ...fields,
      },
    });
    for (const intent of [undefined, "follow", "nope"])
      expect(await press({ ...(intent ? { intent } : {}), staff_id: cast.uid, js: "1" })).toMatchObject(
        answer(true, { follower_number: 1, favorite_id: expect.any(String) }),
      );
    expect(await press({ intent: "unfollow", staff_id: cast.uid, js: "1" })).toMatchObject(
      answer(false, { follower_number: 0, favorite_id: null }),
    );
    // Not followed (another tab unfollowed): the button says "not following" all the same.
    expect(await press({ intent: "unfollow", staff_id: cast.uid, js: "1" })).toMatchObject(
      answer(false, { follower_number: null, favorite_id: null }),
    );
    // A repeated id counts once, its first value.
    expect(await press({ intent: "follow", staff_id: [cast.uid, "other"], js: "1" })).toMatchObject(
      answer(true, { follower_number: 1 }),
    );
    expect(await press({ intent: "follow", staff_id: "nope", js: "1" })).toMatchObject({
      status: 404,
      body: { ok: false, target_id: "nope", following: false, message: FAVORITE_MESSAGES.notFound },
    });
    expect(await press({ intent: "unfollow", staff_id: cast.uid, back })).toMatchObject({
      status: 302,
      location: back,
    });
    const unreadable = {
      status: 400,
      body: {
        ok: false,
        kind: "staff",
        target_id: "",
        following: false,
        follower_number: null,
        favorite_id: null,
        message: FAVORITE_MESSAGES.target,
      },
      location: null,
    };
    expect(await press({ intent: "follow", staff_id: cast.uid, liver_id: store.uid, back })).toEqual(
      unreadable,
    );
    expect(await press({ intent: "unfollow", js: "1" })).toEqual(unreadable);
    expect(
      await call(follow.action, {
        context: rc.context,
        url: path,
        cookie: cookies.listener,
        method: "POST",
        body: form(
          { intent: "follow", liver_id: store.uid, js: "1" },
          { staff_id: new File(["x"], "id.txt") },
        ),
      }),
    ).toEqual(unreadable);
    expect(await press({ intent: "follow", staff_id: cast.uid, back }, cookies.store)).toMatchObject({
      status: 302,
      location: `/listener/login?from=${encodeURIComponent(back)}`,
    });
  });

  it("the operator's items: the picture form in the catalogue's dispatch; the coin packs have none", async () => {
    await database.db
      .insert(items)
      .values({ item_id: "intent-fan", name: "扇子", coin_price: 300, point_value: 150, sort_order: 1 });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
      .png()
      .toBuffer();
    const upload = (values: Record<string, string>, file?: File) =>
      call(adminItems.action, {
        context: rc.context,
        url: "/admin/items",
        cookie: cookies.operator,
        method: "POST",
        body: form(values, file ? { image: file } : {}),
      });
    const picture = () => new File([png], "fan.png", { type: "image/png" });
    // The refusals of the picture form keep nothing typed.
    expect(await upload({ intent: "image", item_id: "BAD ID", name: "x" }, picture())).toEqual({
      status: 400,
      body: { intent: "image", id: "BAD ID", values: {}, errors: { _form: CATALOGUE_MESSAGES.unreadable } },
      location: null,
    });
    expect(await upload({ intent: "image", item_id: " intent-fan ", name: "x" })).toEqual({
      status: 400,
      body: { intent: "image", id: "intent-fan", values: {}, errors: { image: IMAGE_MESSAGES.required } },
      location: null,
    });
    expect(
      await upload({ intent: "image", item_id: "intent-fan" }, new File(["<svg/>"], "x.svg")),
    ).toMatchObject({
      status: 400,
      body: { intent: "image", id: "intent-fan", values: {}, errors: { image: IMAGE_MESSAGES.unsupported } },
    });
    expect(await upload({ intent: "image", item_id: "no-such-item" }, picture())).toEqual({
      status: 409,
      body: {
        intent: "image",
        id: "no-such-item",
        values: {},
        errors: { _form: CATALOGUE_MESSAGES.not_found },
      },
      location: null,
    });
    expect(await upload({ intent: "Image", item_id: "intent-fan" })).toEqual({
      status: 400,
      body: {
        intent: "Image",
        id: "intent-fan",
        values: { intent: "Image", item_id: "intent-fan" },
        errors: { _form: CATALOGUE_MESSAGES.unreadable },
      },
      location: null,
    });
    expect(
      await post(coinPacks.action, "/admin/coin-packs", cookies.operator, {
        intent: "image",
        pack_id: "coins-1",
      }),
    ).toEqual({
      status: 400,
      body: {
        intent: "image",
        id: "coins-1",
        values: { intent: "image", pack_id: "coins-1" },
        errors: { _form: CATALOGUE_MESSAGES.unreadable },
      },
      location: null,
    });
  });
});
