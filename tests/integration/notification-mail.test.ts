import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNotNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/client";
import { favorites, listeners, livers, mailOutbox, notificationEvents } from "~/.server/db/schema";
import { createMailer, type Mailer } from "~/.server/integrations/mail/mailer";
import { type JobRunner, startJobRunner } from "~/.server/jobs/job-runner";
import type { EventDetails } from "~/.server/services/notifications/event-details";
import { fanOutNotification } from "~/.server/services/notifications/fan-out-notification";
import { flushNotificationSummaries } from "~/.server/services/notifications/flush-notification-summaries";
import { buildNotificationMail } from "~/.server/services/notifications/notification-mail";
import {
  type NotificationEvent,
  recordNotification,
} from "~/.server/services/notifications/record-notification";
import { writePost } from "~/.server/services/posts/write-post";
import * as unsubscribe from "~/routes/public/unsubscribe";
import { createJobHandlers } from "../../server/job-handlers";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { call, type RouteContext, routeContext } from "../support/routes";
import { linksIn, startSmtpServer, type TestSmtpServer } from "../support/smtp";

const HOUR = 60 * 60 * 1000;
let externalSeq = 0;

describe.each(drivers)("notification mail on %s", (driver) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: TestSmtpServer;
  let routes: RouteContext;
  let mailer: Mailer;
  let runner: JobRunner;

  beforeAll(async () => {
    [database, smtp] = await Promise.all([openTestDatabase(driver, { prefix: "notify" }), startSmtpServer()]);
    db = database.db;
    routes = routeContext(db);
    mailer = createMailer({
      db,
      env: { ...routes.context.env, smtpUrl: smtp.url, mailRetryDelaySeconds: 1 },
      timeoutMs: LOOPBACK_BUDGET_MS, // a phase timeout would leave a delivered mail queued for its retry
    });
    runner = await startJobRunner({
      database,
      handlers: createJobHandlers({ db, mailer, env: routes.context.env }),
      pollingIntervalSeconds: 0.5,
      schedule: false,
      log: () => {},
    });
  });
  afterAll(async () => {
    await runner?.stop(2_000);
    await Promise.all([database?.close(), smtp?.close()]);
  });

  const context = (now?: Date) => ({ db, mailer, env: routes.context.env, ...(now ? { now } : {}) });

  async function follow(listenerId: string, target: { staff_id: string } | { liver_id: string }) {
    await db.insert(favorites).values({ favorite_id: randomUUID(), uid: listenerId, ...target });
  }

  async function setListenerSetting(uid: string, key: string, value: boolean) {
    await db
      .update(listeners)
      .set({
        mail_setting: sql`jsonb_set(mail_setting, ${`{${key}}`}::text[], ${JSON.stringify(value)}::jsonb)`,
      })
      .where(eq(listeners.uid, uid));
  }

  async function listenerSettings(uid: string) {
    const [row] = await db
      .select({ s: listeners.mail_setting })
      .from(listeners)
      .where(eq(listeners.uid, uid));
    return row?.s;
  }

  async function outboxTo(email: string) {
    return db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.created_at);
  }

  async function instagramPost(staff: { uid: string }, liverId: string, postedAt = new Date()) {
    return db.transaction((tx) =>
      writePost(tx, {
        author: { type: "staff", staffId: staff.uid, liverId },
        source: "instagram",
        kind: "image",
        caption: "今日のコーデ",
        media: [],
        permalink: "https://www.instagram.com/p/x/",
        externalId: `ig-${driver}-${++externalSeq}`,
        postedAt,
      }),
    );
  }

  async function record(event: NotificationEvent): Promise<string> {
    await db.transaction((tx) => recordNotification(tx, event));
    const [row] = await db
      .select({ id: notificationEvents.id })
      .from(notificationEvents)
      .orderBy(sql`${notificationEvents.created_at} desc`)
      .limit(1);
    return row?.id ?? "";
  }

  async function fannedOut() {
    await expect
      .poll(
        async () =>
          (
            await db
              .select({ n: sql<number>`count(*)::int` })
              .from(notificationEvents)
              .where(sql`fanned_out_at is null`)
          )[0]?.n,
        { timeout: 15_000 },
      )
      .toBe(0);
  }

  it("a followed staff member's new Instagram post reaches a follower with the setting on, no one else", async () => {
    const store = await makeLiver(db, { store_name: "クラブ 月" });
    const staff = await makeStaff(db, store.uid, { name: "みさき" });
    const on = await makeListener(db, { nickname: "オン" });
    const off = await makeListener(db, { nickname: "オフ" });
    const stranger = await makeListener(db, { nickname: "よそ" });
    await follow(on.uid, { staff_id: staff.uid });
    await follow(off.uid, { staff_id: staff.uid });
    await setListenerSetting(off.uid, "following_instagram", false);

    const { post } = await instagramPost(staff, store.uid);
    const mail = await smtp.waitForMail({ to: on.email }, 15_000);
    expect(mail.subject).toContain("みさきさんがInstagramに新しい投稿をしました");
    expect(mail.text).toContain("オン 様");
    expect(mail.text).toContain(`http://localhost:3999/listener/staff/${staff.uid}`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(
      /^<http:\/\/localhost:3999\/unsubscribe\/[\w-]+\.[\w-]+>$/,
    );
    expect(post.post_id).toBeTruthy();

    await fannedOut();
    expect(await outboxTo(off.email)).toEqual([]);
    expect(await outboxTo(stranger.email)).toEqual([]);
    // A second import of the same media is not a new post: no second mail.
    await expect.poll(async () => (await outboxTo(on.email))[0]?.status, { timeout: 10_000 }).toBe("sent");
    expect(await outboxTo(on.email)).toHaveLength(1);

    // The back catalogue of a first import (older than a day) is nobody's news: no mail.
    await instagramPost(staff, store.uid, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000));
    await fannedOut();
    expect(await outboxTo(on.email)).toHaveLength(1);
  });

  it("twelve posts in an hour make exactly two mails: one at once, one summary of the other eleven", async () => {
    const store = await makeLiver(db);
    const staff = await makeStaff(db, store.uid, { name: "あかり" });
    const fan = await makeListener(db, { nickname: "ファン" });
    const quitter = await makeListener(db, { nickname: "やめた人" });
    await follow(fan.uid, { staff_id: staff.uid });
    await follow(quitter.uid, { staff_id: staff.uid });
    for (let i = 0; i < 12; i++)
      await instagramPost(staff, store.uid, new Date(Date.now() - (12 - i) * 60_000));
    await fannedOut();
    expect(await outboxTo(fan.email)).toHaveLength(1);
    expect(await outboxTo(quitter.email)).toHaveLength(1);
    // Turned off before the summary is built: no summary.
    await setListenerSetting(quitter.uid, "following_instagram", false);

    // Within the hour the flush sends nothing.
    expect(await flushNotificationSummaries(context(new Date(Date.now() + 30 * 60_000)))).toMatchObject({
      summaries: 0,
    });
    const later = new Date(Date.now() + HOUR + 60_000);
    const flushed = await flushNotificationSummaries(context(later));
    expect(flushed.summaries).toBeGreaterThanOrEqual(1);
    expect(await flushNotificationSummaries(context(later))).toEqual({ summaries: 0, dropped: 0 });

    const rows = await outboxTo(fan.email);
    expect(rows.map((r) => r.kind)).toEqual([
      "notification.following_instagram",
      "notification.following_instagram.summary",
    ]);
    expect(rows[1]?.meta).toMatchObject({ entries: "11" });
    expect(await outboxTo(quitter.email)).toHaveLength(1);

    const summary = await smtp.waitForMail({ to: fan.email, subject: "他 11 件" }, 15_000);
    expect(summary.text).toContain("他 11 件の新しい投稿");
    expect(summary.text.match(/あかりさん/g)?.length).toBe(11);
    expect(summary.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(smtp.mails.filter((m) => m.to.includes(fan.email))).toHaveLength(2);
  });

  it("one-click unsubscribe: the List-Unsubscribe URL POSTed without cookies turns off exactly that setting", async () => {
    const store = await makeLiver(db);
    const staff = await makeStaff(db, store.uid);
    const fan = await makeListener(db);
    await follow(fan.uid, { staff_id: staff.uid });
    await instagramPost(staff, store.uid);
    const mail = await smtp.waitForMail({ to: fan.email }, 15_000);
    const url = new URL(/^<([^>]+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? "");
    const token = url.pathname.split("/").pop() ?? "";

    const answer = await call(unsubscribe.action, {
      context: routes.context,
      url: url.pathname,
      method: "POST",
      params: { token },
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer).toMatchObject({ status: 200, body: { state: "done" } });
    expect(await listenerSettings(fan.uid)).toEqual({
      following_live: true,
      following_instagram: false,
      following_tiktok: true,
      official_information: true,
    });
  });

  it("the link in the body shows a page (GET changes nothing), its button turns the setting off; a tampered token is refused", async () => {
    const fan = await makeListener(db);
    await record({
      kind: "official_information",
      newsId: "n-link",
      title: "年末年始の営業",
      audience: "listener",
      at: new Date(),
    });
    const mail = await smtp.waitForMail({ to: fan.email }, 15_000);
    const link = linksIn(mail.text).find((href) => href.includes("/unsubscribe/")) ?? "";
    expect(`<${link}>`).toBe(mail.headers["list-unsubscribe"]);
    expect(mail.html).toContain(link);
    const token = new URL(link).pathname.split("/").pop() ?? "";

    const page = await call(unsubscribe.loader, {
      context: routes.context,
      url: `/unsubscribe/${token}`,
      params: { token },
    });
    expect(page).toMatchObject({ status: 200, body: { state: "confirm", label: "運営からのお知らせ" } });
    expect((await listenerSettings(fan.uid))?.official_information).toBe(true);

    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "AB" : "AA"}`;
    const other = Buffer.from(`v1:listener:following_live:${fan.uid}`).toString("base64url");
    for (const bad of [tampered, `${other}.${token.split(".")[1]}`, "nonsense"]) {
      expect(
        await call(unsubscribe.loader, {
          context: routes.context,
          url: `/unsubscribe/${bad}`,
          params: { token: bad },
        }),
      ).toMatchObject({
        status: 400,
        body: { state: "invalid" },
      });
      expect(
        await call(unsubscribe.action, {
          context: routes.context,
          url: `/unsubscribe/${bad}`,
          method: "POST",
          params: { token: bad },
        }),
      ).toMatchObject({ status: 400 });
    }
    expect(await listenerSettings(fan.uid)).toEqual({
      following_live: true,
      following_instagram: true,
      following_tiktok: true,
      official_information: true,
    });

    const done = await call(unsubscribe.action, {
      context: routes.context,
      url: `/unsubscribe/${token}`,
      method: "POST",
      params: { token },
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    expect(done).toMatchObject({ status: 200, body: { state: "done", role: "listener" } });
    expect((await listenerSettings(fan.uid))?.official_information).toBe(false);
    expect((await listenerSettings(fan.uid))?.following_live).toBe(true);
  });

  it("official news goes to the listeners and stores of its audience that keep the setting on; staff-only news is not mailed", async () => {
    const listenerOn = await makeListener(db);
    const listenerOff = await makeListener(db);
    await setListenerSetting(listenerOff.uid, "official_information", false);
    const storeOn = await makeLiver(db, { store_name: "お知らせ受信店" });
    const storeOff = await makeLiver(db, {
      mail_setting: { message_to_staff: true, item_to_staff: true, official_information: false },
    });

    await record({
      kind: "official_information",
      newsId: "n-staff",
      title: "スタッフ向け",
      audience: "staff",
      at: new Date(),
    });
    await record({
      kind: "official_information",
      newsId: "n-all",
      title: "システムメンテナンスのお知らせ",
      audience: "all",
      at: new Date(),
    });
    const toListener = await smtp.waitForMail(
      { to: listenerOn.email, subject: "システムメンテナンス" },
      15_000,
    );
    const toStore = await smtp.waitForMail({ to: storeOn.email, subject: "システムメンテナンス" }, 15_000);
    expect(toListener.text).toContain("http://localhost:3999/listener/mypage/news/n-all");
    expect(toStore.text).toContain("http://localhost:3999/liver/mypage/news/n-all");
    expect(toStore.text).toContain("お知らせ受信店 様");
    await fannedOut();
    expect(await outboxTo(listenerOff.email)).toEqual([]);
    expect(await outboxTo(storeOff.email)).toEqual([]);
    const staffNews = await db.select().from(mailOutbox).where(like(mailOutbox.subject, "%スタッフ向け%"));
    expect(staffNews).toEqual([]);
  });

  it("a message or an item to a staff member mails the store (who, when, which item — no content), if its setting is on", async () => {
    const store = await makeLiver(db, { store_name: "ラウンジ 星" });
    const quiet = await makeLiver(db, {
      mail_setting: { message_to_staff: false, item_to_staff: false, official_information: true },
    });
    const staff = await makeStaff(db, store.uid, { name: "りな" });
    const quietStaff = await makeStaff(db, quiet.uid);
    const guest = await makeListener(db, { nickname: "けんた" });
    const at = new Date("2026-11-25T11:05:00Z");
    await record({
      kind: "message_to_staff",
      liverId: store.uid,
      staffId: staff.uid,
      listenerId: guest.uid,
      at,
    });
    await record({
      kind: "item_to_staff",
      liverId: store.uid,
      staffId: staff.uid,
      listenerId: guest.uid,
      itemName: "シャンパン",
      at,
    });
    await record({
      kind: "message_to_staff",
      liverId: quiet.uid,
      staffId: quietStaff.uid,
      listenerId: guest.uid,
      at,
    });
    await record({
      kind: "item_to_staff",
      liverId: quiet.uid,
      staffId: quietStaff.uid,
      listenerId: guest.uid,
      itemName: "花束",
      at,
    });

    const message = await smtp.waitForMail({ to: store.email, subject: "メッセージ" }, 15_000);
    expect(message.subject).toContain("りなさんにメッセージが届きました");
    expect(message.text).toContain("けんたさんからりなさんにメッセージが届きました（11/25 20:05）");
    expect(message.text).toContain("http://localhost:3999/liver/mypage");
    const item = await smtp.waitForMail({ to: store.email, subject: "アイテム" }, 15_000);
    expect(item.text).toContain("けんたさんからりなさんに「シャンパン」が届きました");
    expect(item.headers["list-unsubscribe"]).toMatch(/unsubscribe/);
    await fannedOut();
    expect(await outboxTo(quiet.email)).toEqual([]);
    expect(await outboxTo(store.email)).toHaveLength(2);
  });

  it("re-running a fan-out (crash after a chunk, or the whole job again) writes no mail twice", async () => {
    const store = await makeLiver(db);
    const staff = await makeStaff(db, store.uid);
    const fans = await Promise.all([1, 2, 3, 4, 5].map(() => makeListener(db)));
    for (const fan of fans) await follow(fan.uid, { staff_id: staff.uid });
    const eventId = await record({
      kind: "following_tiktok",
      author: { type: "staff", id: staff.uid },
      postId: "p-rerun",
      at: new Date(),
    });
    await fannedOut();
    const emails = fans.map((fan) => fan.email);
    const count = async () =>
      (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.to, emails))).length;
    expect(await count()).toBe(5);

    // As if the job had died before recording its progress: everything again, in chunks of two.
    await db
      .update(notificationEvents)
      .set({ fanned_out_at: null, cursor: null })
      .where(eq(notificationEvents.id, eventId));
    expect(await fanOutNotification({ ...context(), chunkSize: 2 }, eventId)).toEqual({
      recipients: 5,
      mails: 0,
    });
    expect(await fanOutNotification(context(), eventId)).toEqual({ recipients: 0, mails: 0 });
    expect(await count()).toBe(5);
    const [event] = await db
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.id, eventId), isNotNull(notificationEvents.fanned_out_at)));
    expect(event?.cursor).toMatchObject({ type: "listener" });
  });

  it("a fan-out in small chunks reaches every recipient once, with its delivery job", async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(livers);
    const stores = await Promise.all([1, 2, 3].map(() => makeLiver(db)));
    const eventId = randomUUID();
    await db.insert(notificationEvents).values({
      id: eventId,
      kind: "official_information",
      payload: { newsId: "n-chunks", title: "チャンク", audience: "liver" },
      occurred_at: new Date(),
    });
    const result = await fanOutNotification({ ...context(), chunkSize: 2 }, eventId);
    expect(result.recipients).toBeGreaterThanOrEqual(3);
    expect(result.recipients).toBeLessThanOrEqual((before[0]?.n ?? 0) + 3);
    for (const store of stores) {
      const rows = await outboxTo(store.email);
      expect(rows.filter((r) => r.subject.includes("チャンク"))).toHaveLength(1);
      expect(rows[0]?.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    }
    const { rows: jobs } = await database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'mail.deliver' and data->>'mailId' = any($1)",
      [
        (
          await db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(like(mailOutbox.subject, "%チャンク%"))
        ).map((r) => r.id),
      ],
    );
    expect(jobs[0]).toEqual({ n: result.mails });
  });

  it("the fan-out's rows (filled in by the database) are each recipient's fully rendered mail", async () => {
    const names = ['<b>"A&B"</b>', "  二重  空白 ", "$1 \\ %s $& ''", "けんた"];
    const fans = await Promise.all(names.map((nickname) => makeListener(db, { nickname })));
    const eventId = randomUUID();
    const at = new Date("2026-11-25T11:05:00Z");
    await db.insert(notificationEvents).values({
      id: eventId,
      kind: "official_information",
      payload: { newsId: "n-template", title: "テンプレート<確認>", audience: "listener" },
      occurred_at: at,
    });
    await fanOutNotification({ ...context(), chunkSize: 3 }, eventId);
    const [event] = await db.select().from(notificationEvents).where(eq(notificationEvents.id, eventId));
    const details = event?.details as unknown as EventDetails;
    const tokens = new Set<string>();
    for (const fan of fans) {
      const rows = (await outboxTo(fan.email)).filter((r) => r.subject.includes("テンプレート"));
      expect(rows).toHaveLength(1);
      const row = rows[0];
      const full = buildNotificationMail(
        routes.context.env,
        { type: "listener", id: fan.uid, email: fan.email, name: fan.name },
        "official_information",
        [{ details, at }],
        false,
      );
      expect({ ...row, kind: row?.kind }).toMatchObject({
        kind: full.kind,
        to: full.to,
        subject: full.subject,
        text: full.text,
        html: full.html,
        meta: full.meta,
        headers: full.headers,
      });
      tokens.add(row?.headers["List-Unsubscribe"] ?? "");
    }
    expect(tokens.size).toBe(fans.length);
  });
});
