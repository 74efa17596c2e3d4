import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { news, newsReads, operatorAuditLog } from "~/.server/db/schema";
import { countUnreadNews } from "~/.server/services/news/count-unread-news";
import { listNews } from "~/.server/services/news/list-news";
import { publishDueNews } from "~/.server/services/news/publish-due-news";
import { dateToTokyoLocal, NEWS_MESSAGES } from "~/domain/news";
import * as mypageLayout from "~/routes/account/mypage-layout";
import * as mypageNews from "~/routes/account/mypage-news";
import * as mypageNewsDetail from "~/routes/account/mypage-news-detail";
import * as adminNews from "~/routes/admin/news";
import * as adminNewsEdit from "~/routes/admin/news-edit";
import * as staffHome from "~/routes/staff/mypage-home";
import { createJobHandlers } from "../../server/job-handlers";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie, type TestOperator } from "../support/operators";
import { call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

// Official news (ADR 0027, ADR 0024) through the route modules and services with real
// sessions: the operator publishes now or schedules, the mail is requested exactly once (the
// `mail_requested_at` bookkeeping set with the `recordNotification` call), readers see only their
// audience's published news, read marks drive the unread badge, and nobody else reaches /admin/news.

const MINUTE = 60_000;

describe.each(drivers)("official news on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let op: TestOperator;
  let opCookie: string;
  let listener: Viewer;
  let listenerCookie: string;
  let store: Viewer;
  let storeCookie: string;
  let castCookie: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "i13news" });
    rc = routeContext(database.db);
    op = await makeOperator(database.db, { authSecret: rc.context.env.authSecret });
    opCookie = await operatorCookie(rc.context, op);
    listener = await makeListener(database.db);
    listenerCookie = await sessionCookie(rc.context, "listener", listener.email, FACTORY_PASSWORD);
    store = await makeLiver(database.db);
    storeCookie = await sessionCookie(rc.context, "liver", store.email, FACTORY_PASSWORD);
    const staff = await makeStaff(database.db, store.uid);
    castCookie = await sessionCookie(rc.context, "staff", staff.loginId, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
  });

  const db = () => database.db;

  /** Posts the operator's news form (new, or the edit page of `id`). */
  async function postNews(values: Record<string, string | undefined>, id?: string, cookie = opCookie) {
    return call(adminNewsEdit.action, {
      context: rc.context,
      url: id ? `/admin/news/${id}` : "/admin/news/new",
      method: "POST",
      cookie,
      body: form(values),
      params: id ? { id } : {},
    });
  }

  let titleSeq = 0;
  const newsForm = (overrides: Record<string, string | undefined> = {}) => ({
    title: `お知らせ ${++titleSeq}`,
    body: "本文です。\nhttps://example.com/info",
    audience: "all",
    intent: "publish_now",
    ...overrides,
  });

  async function newsByTitle(title: string) {
    const [row] = await db().select().from(news).where(eq(news.title, title));
    if (!row) throw new Error(`no news ${title}`);
    return row;
  }

  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
  const auditCount = async () => (await db().select({ n: count() }).from(operatorAuditLog))[0]!.n;
  const newsCount = async () => (await db().select({ n: count() }).from(news))[0]!.n;

  describe("publishing and the mail request", () => {
    it("publish now with mail: visible at once, mail requested in the same transaction, never again", async () => {
      const values = newsForm({ send_mail: "1", audience: "listener" });
      const answer = await postNews(values);
      expect(answer).toMatchObject({ status: 302, location: "/admin/news?done=published" });
      const row = await newsByTitle(values.title);
      expect(row.send_mail).toBe(true);
      expect(row.mail_requested_at).not.toBeNull();
      expect(row.mail_requested_at!.getTime()).toBe(row.published_at.getTime());
      expect(row.created_by).toBe(op.uid);
      const [audit] = await db()
        .select()
        .from(operatorAuditLog)
        .where(eq(operatorAuditLog.target_id, row.news_id));
      expect(audit).toMatchObject({ action: "news.create", target_type: "news", operator_uid: op.uid });
      expect(audit!.details).toMatchObject({ mail_requested: true, audience: "listener" });

      // The tick afterwards (and later ones) finds nothing to request for it.
      const requestedAt = row.mail_requested_at!.getTime();
      await publishDueNews({ db: db(), now: inMinutes(1) });
      await publishDueNews({ db: db(), now: inMinutes(60) });
      expect((await newsByTitle(values.title)).mail_requested_at!.getTime()).toBe(requestedAt);

      const list = await listNews({ db: db(), actor: listener });
      expect(list.ok && list.items.map((i) => i.title)).toContain(values.title);
    });

    it("without mail nothing is ever requested", async () => {
      const values = newsForm({ audience: "liver" });
      await postNews(values);
      await publishDueNews({ db: db(), now: inMinutes(5) });
      const row = await newsByTitle(values.title);
      expect(row.send_mail).toBe(false);
      expect(row.mail_requested_at).toBeNull();
    });

    it("a scheduled news is hidden until its time and requests its mail once, at the first tick after it", async () => {
      const at = inMinutes(30);
      const values = newsForm({ send_mail: "1", intent: "schedule", published_at: dateToTokyoLocal(at) });
      expect(await postNews(values)).toMatchObject({ status: 302, location: "/admin/news?done=scheduled" });
      const row = await newsByTitle(values.title);
      expect(row.mail_requested_at).toBeNull();
      // The picker has minutes: the stored time is the Tokyo minute given.
      expect(row.published_at.toISOString()).toBe(`${at.toISOString().slice(0, 16)}:00.000Z`);

      const seen = async (now: Date) => {
        const list = await listNews({ db: db(), actor: listener, now });
        return list.ok && list.items.some((i) => i.news_id === row.news_id);
      };
      expect(await seen(new Date())).toBe(false);
      const early = await call(mypageNewsDetail.loader, {
        context: rc.context,
        url: `/listener/mypage/news/${row.news_id}`,
        cookie: listenerCookie,
        params: { id: row.news_id },
      });
      expect(early.status).toBe(404);

      await publishDueNews({ db: db(), now: inMinutes(10) });
      expect((await newsByTitle(values.title)).mail_requested_at).toBeNull();

      const tick = inMinutes(31);
      expect((await publishDueNews({ db: db(), now: tick })).mailRequested).toBeGreaterThanOrEqual(1);
      expect((await newsByTitle(values.title)).mail_requested_at?.getTime()).toBe(tick.getTime());
      expect(await seen(tick)).toBe(true);
      await publishDueNews({ db: db(), now: inMinutes(32) });
      expect((await newsByTitle(values.title)).mail_requested_at?.getTime()).toBe(tick.getTime());
    });

    it("editing the time of a scheduled news still ends in exactly one request, at the new time", async () => {
      const values = newsForm({
        send_mail: "1",
        intent: "schedule",
        published_at: dateToTokyoLocal(inMinutes(120)),
      });
      await postNews(values);
      const { news_id: id } = await newsByTitle(values.title);
      // Later, then earlier again: each edit only moves the time.
      expect(await postNews({ ...values, published_at: dateToTokyoLocal(inMinutes(240)) }, id)).toMatchObject(
        {
          status: 302,
        },
      );
      expect(await postNews({ ...values, published_at: dateToTokyoLocal(inMinutes(180)) }, id)).toMatchObject(
        {
          status: 302,
        },
      );
      await publishDueNews({ db: db(), now: inMinutes(121) });
      expect((await newsByTitle(values.title)).mail_requested_at).toBeNull();

      // Two ticks at once (two processes): one request.
      const tick = inMinutes(182);
      await Promise.all([publishDueNews({ db: db(), now: tick }), publishDueNews({ db: db(), now: tick })]);
      const row = await newsByTitle(values.title);
      expect(row.mail_requested_at?.getTime()).toBe(tick.getTime());
      await publishDueNews({ db: db(), now: inMinutes(241) });
      expect((await newsByTitle(values.title)).mail_requested_at?.getTime()).toBe(tick.getTime());

      const audits = await db().select().from(operatorAuditLog).where(eq(operatorAuditLog.target_id, id));
      expect(audits.map((a) => a.action).sort()).toEqual(["news.create", "news.update", "news.update"]);
    });

    it("publishing a scheduled news now requests its mail at once; the tick later does nothing more", async () => {
      const values = newsForm({
        send_mail: "1",
        intent: "schedule",
        published_at: dateToTokyoLocal(inMinutes(90)),
      });
      await postNews(values);
      const { news_id: id } = await newsByTitle(values.title);
      expect(await postNews({ ...values, intent: "publish_now" }, id)).toMatchObject({
        location: "/admin/news?done=published",
      });
      const row = await newsByTitle(values.title);
      expect(row.published_at.getTime()).toBeLessThanOrEqual(Date.now());
      const requestedAt = row.mail_requested_at!.getTime();
      await publishDueNews({ db: db(), now: inMinutes(91) });
      expect((await newsByTitle(values.title)).mail_requested_at!.getTime()).toBe(requestedAt);
    });

    it("a published news keeps its time and mail choice when edited; its text changes", async () => {
      const values = newsForm({ audience: "staff" });
      await postNews(values);
      const before = await newsByTitle(values.title);
      const edited = {
        ...values,
        title: `${values.title}（訂正）`,
        send_mail: "1",
        intent: "schedule",
        published_at: dateToTokyoLocal(inMinutes(600)),
      };
      expect(await postNews(edited, before.news_id)).toMatchObject({ location: "/admin/news?done=saved" });
      const after = await newsByTitle(edited.title);
      expect(after.published_at.getTime()).toBe(before.published_at.getTime());
      expect(after.send_mail).toBe(false);
      expect(after.mail_requested_at).toBeNull();
    });

    it("the news.publish job is wired to the tick", async () => {
      const values = newsForm({
        send_mail: "1",
        intent: "schedule",
        published_at: dateToTokyoLocal(inMinutes(2)),
      });
      await postNews(values);
      await db()
        .update(news)
        .set({ published_at: new Date(Date.now() - MINUTE) })
        .where(eq(news.title, values.title));
      const handlers = createJobHandlers({ db: db(), mailer: rc.context.mailer });
      const result = await handlers["news.publish"]({}, { id: "t", final: true } as never);
      expect(result).toMatchObject({ mailRequested: 1 });
      expect((await newsByTitle(values.title)).mail_requested_at).not.toBeNull();
    });
  });

  describe("operator pages", () => {
    it("lists scheduled and published news with audience and mail", async () => {
      const values = newsForm({
        send_mail: "1",
        intent: "schedule",
        published_at: dateToTokyoLocal(inMinutes(3000)),
      });
      await postNews(values);
      const answer = await call(adminNews.loader, {
        context: rc.context,
        url: "/admin/news",
        cookie: opCookie,
      });
      const items = (answer.body as { items: { title: string; scheduled: boolean; audience: string }[] })
        .items;
      expect(items.find((i) => i.title === values.title)).toMatchObject({ scheduled: true, audience: "all" });
      // Scheduled ones first (soonest first), then the published ones, newest first.
      const firstPublished = items.findIndex((i) => !i.scheduled);
      expect(firstPublished).toBeGreaterThan(0);
      expect(items.slice(firstPublished).every((i) => !i.scheduled)).toBe(true);
    });

    it.each([
      [
        "an empty form",
        {},
        { title: "入力してください", body: "入力してください", audience: "選択してください" },
      ],
      [
        "a schedule without a time",
        { title: "t", body: "b", audience: "all", intent: "schedule", published_at: "" },
        { published_at: NEWS_MESSAGES.publishedAtRequired },
      ],
      [
        "a broken time",
        { title: "t", body: "b", audience: "all", intent: "schedule", published_at: "2026-02-30T10:00" },
        { published_at: NEWS_MESSAGES.publishedAtInvalid },
      ],
      [
        "a time in the past",
        { title: "t", body: "b", audience: "all", intent: "schedule", published_at: "2020-01-01T10:00" },
        { published_at: NEWS_MESSAGES.publishedAtPast },
      ],
      [
        "an unknown audience",
        { title: "t", body: "b", audience: "everyone", intent: "publish_now" },
        { audience: NEWS_MESSAGES.audience },
      ],
      [
        "a title too long",
        { title: "あ".repeat(101), body: "b", audience: "all", intent: "publish_now" },
        { title: "タイトルは100文字以内で入力してください" },
      ],
    ] as const)(
      "refuses %s with Japanese messages, values kept, nothing written",
      async (_name, values, errors) => {
        const [newsBefore, auditBefore] = [await newsCount(), await auditCount()];
        const answer = await postNews(values);
        expect(answer.status).toBe(400);
        const body = answer.body as { errors: Record<string, string>; values: Record<string, string> };
        expect(body.errors).toMatchObject(errors);
        if ("title" in values) expect(body.values.title).toBe(values.title);
        expect(await newsCount()).toBe(newsBefore);
        expect(await auditCount()).toBe(auditBefore);
      },
    );

    it("deletes an unpublished news with its audit row; a published one stays", async () => {
      const scheduled = newsForm({ intent: "schedule", published_at: dateToTokyoLocal(inMinutes(500)) });
      await postNews(scheduled);
      const { news_id: id } = await newsByTitle(scheduled.title);
      expect(await postNews({ intent: "delete" }, id)).toMatchObject({
        location: "/admin/news?done=deleted",
      });
      expect(await db().select().from(news).where(eq(news.news_id, id))).toEqual([]);
      const audits = await db().select().from(operatorAuditLog).where(eq(operatorAuditLog.target_id, id));
      expect(audits.map((a) => a.action).sort()).toEqual(["news.create", "news.delete"]);

      const published = newsForm();
      await postNews(published);
      const row = await newsByTitle(published.title);
      const refused = await postNews({ intent: "delete" }, row.news_id);
      expect(refused.status).toBe(400);
      expect((refused.body as { errors: Record<string, string> }).errors._form).toBe(
        NEWS_MESSAGES.alreadyPublished,
      );
      expect(await newsByTitle(published.title)).toBeDefined();
    });

    it("answers 404 for an unknown or malformed id", async () => {
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "../../etc"]) {
        const page = await call(adminNewsEdit.loader, {
          context: rc.context,
          url: `/admin/news/${encodeURIComponent(id)}`,
          cookie: opCookie,
          params: { id },
        });
        expect(page.status).toBe(404);
        expect((await postNews(newsForm(), id)).status).toBe(404);
      }
    });

    it("refuses everyone but an operator on every /admin/news page and action", async () => {
      const [row] = await db().select().from(news).limit(1);
      const id = row!.news_id;
      const before = [await newsCount(), await auditCount()];
      for (const cookie of [listenerCookie, storeCookie, castCookie, undefined]) {
        for (const [fn, url, params] of [
          [adminNews.loader, "/admin/news", {}],
          [adminNewsEdit.loader, "/admin/news/new", {}],
          [adminNewsEdit.loader, `/admin/news/${id}`, { id }],
        ] as const) {
          const answer = await call(fn, { context: rc.context, url, cookie, params });
          expect(answer.status).toBe(302);
          expect(answer.location).toBe(`/admin/login?from=${encodeURIComponent(url)}`);
        }
        for (const [url, params, values] of [
          ["/admin/news/new", {}, newsForm()],
          [`/admin/news/${id}`, { id }, newsForm()],
          [`/admin/news/${id}`, { id }, { intent: "delete" }],
        ] as const) {
          const answer = await call(adminNewsEdit.action, {
            context: rc.context,
            url,
            method: "POST",
            cookie,
            body: form(values),
            params,
          });
          expect(answer.location).toBe(`/admin/login?from=${encodeURIComponent(url)}`);
        }
      }
      expect([await newsCount(), await auditCount()]).toEqual(before);
    });
  });

  describe("readers", () => {
    let ids: Record<"listener" | "liver" | "staff" | "all" | "future", string>;
    let reader: Viewer;
    let readerCookie: string;

    beforeAll(async () => {
      // A fresh listener and a clean slate of news, so the counts below are exact.
      await db().delete(news);
      const make = async (audience: string, at?: Date) => {
        const values = newsForm(
          at ? { audience, intent: "schedule", published_at: dateToTokyoLocal(at) } : { audience },
        );
        await postNews(values);
        return (await newsByTitle(values.title)).news_id;
      };
      ids = {
        listener: await make("listener"),
        liver: await make("liver"),
        staff: await make("staff"),
        all: await make("all"),
        future: await make("listener", inMinutes(60)),
      };
      reader = await makeListener(db());
      readerCookie = await sessionCookie(rc.context, "listener", reader.email, FACTORY_PASSWORD);
    });

    const listOf = async (role: "listener" | "liver", cookie: string) => {
      const answer = await call(mypageNews.loader, {
        context: rc.context,
        url: `/${role}/mypage/news`,
        cookie,
      });
      expect(answer.status).toBe(200);
      return (answer.body as { items: { news_id: string; unread: boolean; published_at: string }[] }).items;
    };
    const detail = (role: string, id: string, cookie: string) =>
      call(mypageNewsDetail.loader, {
        context: rc.context,
        url: `/${role}/mypage/news/${id}`,
        cookie,
        params: { id },
      });
    const badge = async (path: string, cookie: string) => {
      const answer = await call(mypageLayout.loader, { context: rc.context, url: path, cookie });
      return (answer.body as { counts: { unreadNews: number } }).counts.unreadNews;
    };

    it("each kind sees its own audience and everyone's, newest first, never a scheduled one", async () => {
      const listenerItems = await listOf("listener", readerCookie);
      expect(listenerItems.map((i) => i.news_id)).toEqual([ids.all, ids.listener]);
      const storeItems = await listOf("liver", storeCookie);
      expect(storeItems.map((i) => i.news_id)).toEqual([ids.all, ids.liver]);
      const home = await call(staffHome.loader, {
        context: rc.context,
        url: "/staff/mypage",
        cookie: castCookie,
      });
      expect((home.body as { news: { news_id: string }[] }).news.map((n) => n.news_id)).toEqual([
        ids.all,
        ids.staff,
      ]);
    });

    it("another audience's news, a scheduled one and an unknown one are 404", async () => {
      for (const id of [ids.liver, ids.staff, ids.future, "00000000-0000-4000-8000-000000000000", "x"])
        expect((await detail("listener", id, readerCookie)).status).toBe(404);
      expect((await detail("liver", ids.listener, storeCookie)).status).toBe(404);
      expect((await detail("staff", ids.liver, castCookie)).status).toBe(404);
      expect((await detail("staff", ids.staff, castCookie)).status).toBe(200);
    });

    it("the pages are guarded: another kind or nobody goes to the login", async () => {
      for (const cookie of [storeCookie, undefined]) {
        const answer = await call(mypageNews.loader, {
          context: rc.context,
          url: "/listener/mypage/news",
          cookie,
        });
        expect(answer.status).toBe(302);
        expect(answer.location).toMatch(/^\/listener\/login\?from=/);
      }
    });

    it("unread until opened: the badge counts down, opening twice counts once", async () => {
      expect(await badge("/listener/mypage", readerCookie)).toBe(2);
      expect((await listOf("listener", readerCookie)).every((i) => i.unread)).toBe(true);

      // The layout loaded beside the detail page counts the opened news as read already.
      expect(await badge(`/listener/mypage/news/${ids.listener}`, readerCookie)).toBe(1);
      const opened = await detail("listener", ids.listener, readerCookie);
      expect(opened.status).toBe(200);
      expect((opened.body as { news: { body: string } }).news.body).toContain("https://example.com/info");
      await detail("listener", ids.listener, readerCookie);
      expect(await badge("/listener/mypage", readerCookie)).toBe(1);
      const items = await listOf("listener", readerCookie);
      expect(items.find((i) => i.news_id === ids.listener)?.unread).toBe(false);
      expect(items.find((i) => i.news_id === ids.all)?.unread).toBe(true);
      expect(await db().select().from(newsReads).where(eq(newsReads.uid, reader.uid))).toHaveLength(1);

      // Another listener's marks are their own.
      expect(await countUnreadNews({ db: db(), actor: listener })).toBe(2);
      // The scheduled one joins the count when its time comes.
      expect(await countUnreadNews({ db: db(), actor: reader, now: inMinutes(61) })).toBe(2);
    });

    it("an operator reads no member news (403 from the policy)", async () => {
      const result = await listNews({ db: db(), actor: { type: "operator", uid: op.uid } });
      expect(result).toEqual({ ok: false, error: "forbidden" });
    });
  });
});
