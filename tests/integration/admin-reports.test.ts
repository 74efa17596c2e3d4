import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getViewer, type Viewer } from "~/.server/auth/viewer";
import {
  accountSuspensions,
  mailOutbox,
  messages,
  notificationEvents,
  notifications,
  operatorAuditLog,
  session,
} from "~/.server/db/schema";
import { signIn } from "~/.server/services/accounts/sign-in";
import { openRoom } from "~/.server/services/chat/open-room";
import { reportRoom } from "~/.server/services/chat/report-room";
import { sendMessage } from "~/.server/services/chat/send-message";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { reportComment } from "~/.server/services/live/moderate-live";
import { postComment } from "~/.server/services/live/post-comment";
import { startLive } from "~/.server/services/live/start-live";
import { getReport } from "~/.server/services/moderation/get-report";
import { handleReport } from "~/.server/services/moderation/handle-report";
import { listReports } from "~/.server/services/moderation/list-reports";
import { fanOutNotification } from "~/.server/services/notifications/fan-out-notification";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { messagesPath } from "~/domain/chat-paths";
import { HandleReportSchema, REPORT_TEXTS } from "~/domain/reports";
import * as roomPage from "~/routes/account/mypage-message-room";
import * as inboxPage from "~/routes/account/mypage-messages";
import * as adminReport from "~/routes/admin/report";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, routeContext, sessionCookie } from "../support/routes";

// The chat pages and the operator's reports queue (ADR 0029 pages, ADR 0033, ADR 0030) on
// both databases: members read and write through the pages (PRG), strangers get 404; reports of
// rooms and of live comments are listed with their context and decided once — dismissed, warned
// (mail), blocked or suspended (no sign-in, sessions gone; tests/integration/account-suspensions.test.ts
// has the timed ones and lifting) — the reporter mailed, the audit log written.

const SETTINGS = { ...DEFAULT_LIVE_SETTINGS, maxViewers: 50 };

describe.each(drivers)("chat pages and reports on %s", (driver) => {
  let database: TestDatabase;
  let context: AppLoadContext;
  let dataDir: string;
  let actor: SignedInOperator;
  let opCookie: string;
  let store: Viewer;
  let cast: Viewer & { loginId: string };
  let listener: Viewer & { email: string };
  let stranger: Viewer & { email: string };
  let roomId: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "reports" });
    ({ context, dataDir } = routeContext(database.db));
    const op = await makeOperator(db(), { authSecret: context.env.authSecret });
    actor = { uid: op.uid, email: op.email, ip: "192.0.2.60" };
    opCookie = await operatorCookie(context, op);
    store = await makeLiver(db(), { store_name: "クラブ 通報" });
    cast = (await makeStaff(db(), store.uid, { name: "れいな" })) as typeof cast;
    listener = (await makeListener(db(), { nickname: "通報する人" })) as typeof listener;
    stranger = (await makeListener(db(), { nickname: "関係ない人" })) as typeof stranger;
    const opened = await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error(opened.error);
    roomId = opened.room.id;
  });
  afterAll(async () => {
    await database?.close();
  });

  const mailsTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const auditOf = (action: string, targetId: string) =>
    db()
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target_id, targetId)));

  it("members send through the page without JavaScript (PRG); a refusal keeps the text; strangers get 404", async () => {
    const listenerCookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const castCookie = await sessionCookie(context, "staff", cast.loginId, FACTORY_PASSWORD);
    const strangerCookie = await sessionCookie(context, "listener", stranger.email, FACTORY_PASSWORD);
    const url = messagesPath("listener", roomId);

    const sent = await call(roomPage.action, {
      context,
      url,
      cookie: listenerCookie,
      method: "POST",
      params: { id: roomId },
      body: form({ intent: "send", body: "はじめまして、今度お店に行きます" }),
    });
    expect(sent).toMatchObject({ status: 302, location: url });

    const refused = await call(roomPage.action, {
      context,
      url,
      cookie: listenerCookie,
      method: "POST",
      params: { id: roomId },
      body: form({ intent: "send", body: "LINE ID: yoru_taro です" }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      values: { body: "LINE ID: yoru_taro です" },
      errors: { body: "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません" },
    });

    // The staff member's inbox shows the room unread; opening it reads it.
    const inbox = await call(inboxPage.loader, { context, url: messagesPath("staff"), cookie: castCookie });
    expect(inbox.status).toBe(200);
    expect((inbox.body as { items: { room_id: string; unread_count: number }[] }).items).toEqual([
      expect.objectContaining({ room_id: roomId, unread_count: 1 }),
    ]);
    const page = await call(roomPage.loader, {
      context,
      url: messagesPath("staff", roomId),
      cookie: castCookie,
      params: { id: roomId },
    });
    expect(page.status).toBe(200);
    expect((page.body as { items: { body: string }[] }).items.map((m) => m.body)).toEqual([
      "はじめまして、今度お店に行きます",
    ]);
    const unread = await db().select().from(messages).where(eq(messages.room_id, roomId));
    expect(unread.every((m) => m.read_at !== null)).toBe(true);

    // A third listener, on the page and through its forms: 404, nothing written.
    for (const attempt of [
      call(roomPage.loader, { context, url, cookie: strangerCookie, params: { id: roomId } }),
      call(roomPage.action, {
        context,
        url,
        cookie: strangerCookie,
        method: "POST",
        params: { id: roomId },
        body: form({ intent: "send", body: "こんにちは" }),
      }),
      call(roomPage.action, {
        context,
        url,
        cookie: strangerCookie,
        method: "POST",
        params: { id: roomId },
        body: form({ intent: "report", reason: "x" }),
      }),
    ])
      expect((await attempt).status).toBe(404);
    expect(await db().select().from(messages).where(eq(messages.room_id, roomId))).toHaveLength(1);
  });

  it("older messages: the newest 30 first, then `?before=` pages back to the first", async () => {
    const opened = await openRoom({ db: db(), actor: stranger, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error(opened.error);
    const id = opened.room.id;
    const start = Date.now() - 3_600_000;
    await db()
      .insert(messages)
      .values(
        Array.from({ length: 35 }, (_, i) => ({
          message_id: `older-${i}`,
          room_id: id,
          sender_id: i % 2 ? cast.uid : stranger.uid,
          body: `メッセージ ${i + 1}`,
          created_at: new Date(start + i * 60_000),
        })),
      );
    const cookie = await sessionCookie(context, "listener", stranger.email, FACTORY_PASSWORD);
    const url = messagesPath("listener", id);
    const newest = await call(roomPage.loader, { context, url, cookie, params: { id } });
    const first = newest.body as { items: { body: string }[]; nextBefore: string | null; olderPage: boolean };
    expect(first.items).toHaveLength(30);
    expect(first.items[0]?.body).toBe("メッセージ 6");
    expect(first.items.at(-1)?.body).toBe("メッセージ 35");
    expect(first).toMatchObject({ nextBefore: "older-5", olderPage: false });
    const older = await call(roomPage.loader, {
      context,
      url: `${url}?before=older-5`,
      cookie,
      params: { id },
    });
    const second = older.body as typeof first;
    expect(second.items.map((m) => m.body)).toEqual([1, 2, 3, 4, 5].map((n) => `メッセージ ${n}`));
    expect(second).toMatchObject({ nextBefore: null, olderPage: true });
    // A cursor that is not a message of the room: back to the newest page.
    const unknown = await call(roomPage.loader, {
      context,
      url: `${url}?before=nope`,
      cookie,
      params: { id },
    });
    expect(unknown).toMatchObject({ status: 302, location: url });

    // Blocking from the page's menu (a plain form): then neither side can send, told why.
    const blocked = await call(roomPage.action, {
      context,
      url,
      cookie,
      method: "POST",
      params: { id },
      body: form({ intent: "block" }),
    });
    expect(blocked).toMatchObject({ status: 302, location: `${url}?done=block` });
    const page = await call(roomPage.loader, { context, url: `${url}?done=block`, cookie, params: { id } });
    expect(page.body).toMatchObject({ blockedByMe: true, blockedMe: false, done: "block" });
    const refused = await call(roomPage.action, {
      context,
      url,
      cookie,
      method: "POST",
      params: { id },
      body: form({ intent: "send", body: "まだ話したい" }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errors: { body: "このユーザーにはメッセージを送信できません" } });
  });

  it("a picture message goes through the image pipeline; a stranger's or a broken picture is refused", async () => {
    const listenerCookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const strangerCookie = await sessionCookie(context, "listener", stranger.email, FACTORY_PASSWORD);
    const url = messagesPath("listener", roomId);
    const jpeg = await sharp({
      create: { width: 160, height: 120, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam" } })
      .toBuffer();
    const picture = (bytes: Uint8Array, name = "photo.jpg") =>
      new File([Buffer.from(bytes)], name, { type: name.endsWith(".jpg") ? "image/jpeg" : "text/plain" });
    const post = (cookie: string, values: Record<string, string>, image: File) =>
      call(roomPage.action, {
        context,
        url,
        cookie,
        method: "POST",
        params: { id: roomId },
        body: form(values, { image }),
      });
    const roomFiles = () => {
      const dir = path.join(dataDir, "uploads", "rooms", roomId);
      return existsSync(dir) ? readdirSync(dir) : [];
    };

    expect((await post(strangerCookie, { intent: "send", body: "" }, picture(jpeg))).status).toBe(404);
    expect(roomFiles()).toEqual([]);
    const broken = await post(
      listenerCookie,
      { intent: "send", body: "" },
      picture(new TextEncoder().encode("not a picture"), "a.txt"),
    );
    expect(broken.status).toBe(400);
    expect((broken.body as { errors: { body: string } }).errors.body).toMatch(/画像|形式/);
    expect(roomFiles()).toEqual([]);

    const sent = await post(listenerCookie, { intent: "send", body: "" }, picture(jpeg));
    expect(sent).toMatchObject({ status: 302, location: url });
    const [stored] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.room_id, roomId), eq(messages.sender_id, listener.uid)))
      .orderBy(messages.created_at)
      .then((rows) => rows.slice(-1));
    expect(stored).toMatchObject({ body: "" });
    expect(stored?.image_url).toMatch(new RegExp(`^/uploads/rooms/${roomId}/.+\\.webp$`));
    const [file] = roomFiles();
    const meta = await sharp(path.join(dataDir, "uploads", "rooms", roomId, file!)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();

    // Contact details beside a picture are refused like any text, and the stored file goes again.
    const refused = await post(listenerCookie, { intent: "send", body: "090-1234-5678" }, picture(jpeg));
    expect(refused.status).toBe(400);
    expect(roomFiles()).toHaveLength(1);
  });

  it("a room report is listed with its conversation, warned once, the reported store and the reporter mailed", async () => {
    await sendMessage({ db: db(), actor: cast, input: { roomId, body: "しつこいです。もう来ないで" } });
    const filed = await reportRoom({
      db: db(),
      actor: listener,
      input: { roomId, reason: "暴言がありました" },
    });
    if (!filed.ok) throw new Error(filed.error);
    const id = filed.report.report_id;

    const open = await listReports({ db: db(), actor, input: { status: "open" } });
    expect(open.map((r) => r.report_id)).toContain(id);
    const detail = await getReport({ db: db(), actor, input: { kind: "room", reportId: id } });
    expect(detail).toMatchObject({
      reporter: { name: "通報する人", type: "listener" },
      reported: { name: "れいな", type: "staff", mailTo: store.email, suspended: false },
    });
    expect(detail?.lines.map((l) => [l.body, l.reported])).toEqual([
      ["はじめまして、今度お店に行きます", false],
      ["", false],
      ["しつこいです。もう来ないで", true],
    ]);

    // A warning needs the note the reported side reads.
    expect(HandleReportSchema.safeParse({ outcome: "warned", note: " " }).error?.issues[0]?.message).toBe(
      REPORT_TEXTS.noteRequired,
    );
    const refused = await call(adminReport.action, {
      context,
      url: `/admin/reports/room/${id}`,
      cookie: opCookie,
      method: "POST",
      params: { kind: "room", id },
      body: form({ outcome: "warned", note: "" }),
    });
    expect(refused.status).toBe(400);
    expect(await auditOf("report.warned", id)).toHaveLength(0);

    const decided = await call(adminReport.action, {
      context,
      url: `/admin/reports/room/${id}`,
      cookie: opCookie,
      method: "POST",
      params: { kind: "room", id },
      body: form({ outcome: "warned", note: "お客様への言葉づかいに注意してください" }),
    });
    expect(decided).toMatchObject({ status: 302, location: `/admin/reports/room/${id}?done=handled` });
    const storeMails = await mailsTo(store.email);
    expect(storeMails.find((m) => m.kind === "report-warning")?.text).toContain(
      "お客様への言葉づかいに注意してください",
    );
    expect(storeMails.find((m) => m.kind === "report-warning")?.text).toContain("れいな");
    const reporterMail = (await mailsTo(listener.email)).find((m) => m.kind === "report-outcome");
    expect(reporterMail?.text).toContain("警告");
    expect(reporterMail?.text).not.toContain("お客様への言葉づかい");
    // …and in-app (ADR 0044): the event recorded with the decision, told to the reporter only.
    const [event] = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "report_outcome"));
    expect(event?.payload).toEqual({ reporterId: listener.uid, reporterType: "listener", outcome: "warned" });
    await fanOutNotification({ db: db(), mailer: context.mailer, env: context.env }, event!.id);
    const lines = await db().select().from(notifications).where(eq(notifications.event_id, event!.id));
    expect(lines.map((l) => [l.recipient_id, l.kind, l.title, l.body])).toEqual([
      [listener.uid, "report", "通報への対応が完了しました", "対応の結果：警告"],
    ]);
    expect(await auditOf("report.warned", id)).toEqual([
      expect.objectContaining({ operator_uid: actor.uid, target_type: "room_report" }),
    ]);

    // Decided once: a second decision changes nothing.
    expect(
      await handleReport({
        ...context,
        actor,
        input: { kind: "room", reportId: id, outcome: "dismissed", note: "" },
      }),
    ).toEqual({ ok: false, error: "already_handled" });
    expect((await getReport({ db: db(), actor, input: { kind: "room", reportId: id } }))?.outcome).toBe(
      "warned",
    );
    const handled = await listReports({ db: db(), actor, input: { status: "handled", kind: "room" } });
    expect(handled.map((r) => r.report_id)).toEqual([id]);
  });

  it("a blocked account loses its sessions and cannot sign in again", async () => {
    const cookie = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    const signedIn = await getViewer(new Request("http://localhost:3999/", { headers: { cookie } }), context);
    expect(signedIn?.uid).toBe(listener.uid);

    const filed = await reportRoom({
      db: db(),
      actor: cast,
      input: { roomId, reason: "連絡先を聞き出そうとする" },
    });
    if (!filed.ok) throw new Error(filed.error);
    const id = filed.report.report_id;
    expect(
      await handleReport({
        ...context,
        actor,
        input: { kind: "room", reportId: id, outcome: "blocked", note: "規約違反が繰り返されたため" },
      }),
    ).toEqual({ ok: true });

    expect(await db().select().from(session).where(eq(session.userId, listener.uid))).toEqual([]);
    expect(
      await getViewer(new Request("http://localhost:3999/", { headers: { cookie } }), context),
    ).toBeNull();
    const again = await signIn({
      db: db(),
      auth: context.auth,
      clientIp: "198.51.100.250",
      input: { role: "listener", identifier: listener.email, password: FACTORY_PASSWORD },
    });
    expect(again).toEqual({ ok: false, error: "suspended" });
    expect(
      await db().select().from(accountSuspensions).where(eq(accountSuspensions.user_id, listener.uid)),
    ).toEqual([
      expect.objectContaining({
        report_id: id,
        suspended_by: actor.uid,
        reason: "規約違反が繰り返されたため",
      }),
    ]);
    expect((await mailsTo(listener.email)).some((m) => m.kind === "account-blocked")).toBe(true);
    // The reporter is a staff member: her store hears the outcome.
    expect((await mailsTo(store.email)).some((m) => m.kind === "report-outcome")).toBe(true);
    expect(await auditOf("report.blocked", id)).toHaveLength(1);
  });

  it("a live comment report shows the comments around it and can be dismissed", async () => {
    const live = await startLive({ db: db(), actor: cast, input: { title: "夜の配信" } });
    if (!live.ok) throw new Error(live.error);
    const liveId = live.live.live_id;
    const posted = await postComment({
      db: db(),
      actor: stranger,
      input: { liveId, body: "こんばんは" },
      settings: SETTINGS,
    });
    if (!posted.ok) throw new Error(posted.error);
    const reporter = await makeListener(db(), { nickname: "見ていた人" });
    const filed = await reportComment({
      db: db(),
      actor: reporter,
      input: { liveId, commentId: posted.comment.comment_id, reason: "なんとなく" },
    });
    if (!filed.ok) throw new Error(filed.error);
    const id = filed.report.report_id;
    const detail = await getReport({ db: db(), actor, input: { kind: "live", reportId: id } });
    expect(detail).toMatchObject({
      place: { id: liveId, title: "夜の配信" },
      reported: { name: "関係ない人" },
    });
    expect(detail?.lines).toEqual([expect.objectContaining({ body: "こんばんは", reported: true })]);

    expect(
      await handleReport({
        ...context,
        actor,
        input: { kind: "live", reportId: id, outcome: "dismissed", note: "" },
      }),
    ).toEqual({ ok: true });
    expect((await mailsTo(reporter.email)).find((m) => m.kind === "report-outcome")?.text).toContain(
      "対応不要",
    );
    expect((await mailsTo(stranger.email)).filter((m) => m.kind.startsWith("report-"))).toEqual([]);
    expect(await auditOf("report.dismissed", id)).toHaveLength(1);
  });

  it("is the operator's alone", async () => {
    const notOperator = { uid: listener.uid, email: listener.email, ip: "192.0.2.1" };
    await expect(listReports({ db: db(), actor: notOperator, input: { status: "open" } })).rejects.toThrow();
    await expect(
      handleReport({
        ...context,
        actor: notOperator,
        input: { kind: "room", reportId: "x", outcome: "dismissed", note: "" },
      }),
    ).rejects.toThrow();
  });
});
