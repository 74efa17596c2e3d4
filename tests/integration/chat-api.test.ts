/**
 * The chat JSON API (ADR 0029) through its route modules, with real sessions: a listener
 * opens a room with a staff member, both write, the staff member reads, strangers get 404 on every
 * endpoint, the contact filter's refusal names its field, the rate limit answers 429 with
 * Retry-After, and the room's event stream serves the two members only and resumes from
 * Last-Event-ID with nothing lost or repeated.
 */
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { rateLimits, roomReports } from "~/.server/db/schema";
import { RealtimeHub } from "~/.server/realtime/hub";
import { notificationSource } from "~/.server/realtime/listeners";
import { CHAT_TEXTS, MESSAGES_PER_MINUTE } from "~/domain/chat";
import { CONTACT_REFUSAL } from "~/domain/contact-filter";
import { loader as roomsLoader } from "~/routes/api/listener-rooms";
import { action as blockAction } from "~/routes/api/room-block";
import { loader as eventsLoader } from "~/routes/api/room-events";
import { action as messagesAction, loader as messagesLoader } from "~/routes/api/room-messages";
import { action as readAction } from "~/routes/api/room-read";
import { action as reportAction } from "~/routes/api/room-report";
import { action as typingAction } from "~/routes/api/room-typing";
import { action as openAction } from "~/routes/api/rooms";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { call, routeContext, sessionCookie } from "../support/routes";
import { readSse, type SseReader } from "../support/sse";

type Body = Record<string, unknown> & { error?: { code: string; message: string; field?: string } };

describe.each(drivers)("the chat API on %s", (driver) => {
  let database: TestDatabase;
  let hub: RealtimeHub;
  let context: AppLoadContext;
  const cookies: Record<"listener" | "cast" | "thirdListener" | "otherCast" | "store", string> = {
    listener: "",
    cast: "",
    thirdListener: "",
    otherCast: "",
    store: "",
  };
  let listener: Viewer;
  let cast: Viewer;
  let otherCast: Viewer;
  let roomId: string;
  const streams: { reader: SseReader; abort: AbortController }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "chatapi" });
    const db = database.db;
    ({ context } = routeContext(db));
    hub = new RealtimeHub({ db, source: notificationSource(database, () => {}), log: () => {} });
    await hub.start();
    context.realtime = hub;
    const store = await makeLiver(db, { store_name: "クラブ 月" });
    const otherStore = await makeLiver(db, { store_name: "クラブ 星" });
    const castRow = await makeStaff(db, store.uid, { name: "あかり" });
    const otherCastRow = await makeStaff(db, otherStore.uid, { name: "みく" });
    cast = castRow;
    otherCast = otherCastRow;
    listener = await makeListener(db, { nickname: "たろう" });
    const third = await makeListener(db, { nickname: "じろう" });
    cookies.listener = await sessionCookie(context, "listener", listener.email, FACTORY_PASSWORD);
    cookies.thirdListener = await sessionCookie(context, "listener", third.email, FACTORY_PASSWORD);
    cookies.cast = await sessionCookie(context, "staff", castRow.loginId, FACTORY_PASSWORD);
    cookies.otherCast = await sessionCookie(context, "staff", otherCastRow.loginId, FACTORY_PASSWORD);
    cookies.store = await sessionCookie(context, "liver", store.email, FACTORY_PASSWORD);
  });
  afterEach(async () => {
    for (const { reader, abort } of streams.splice(0)) {
      abort.abort();
      await reader.cancel();
    }
  });
  afterAll(async () => {
    await hub?.close();
    await database?.close();
  });

  const json = (value: unknown) => ({
    method: "POST",
    body: JSON.stringify(value),
    headers: { "content-type": "application/json" },
  });
  const room = (suffix: string) => `/api/rooms/${roomId}/${suffix}`;
  const send = (cookie: string | undefined, body: unknown) =>
    call(messagesAction, {
      context,
      url: room("messages"),
      cookie,
      params: { id: roomId },
      ...json({ body }),
    });

  /** Opens the room's stream as `cookie`; a reader when it answered 200. */
  async function stream(cookie: string | undefined, headers: Record<string, string> = {}) {
    const abort = new AbortController();
    const response = (await eventsLoader({
      request: new Request(`http://localhost:3999${room("events")}`, {
        headers: { ...(cookie ? { cookie } : {}), ...headers },
        signal: abort.signal,
      }),
      context,
      params: { id: roomId },
    } as never)) as Response;
    if (response.status !== 200 || !response.body) return { response, reader: null };
    const reader = readSse(response.body);
    streams.push({ reader, abort });
    return { response, reader };
  }

  it("a listener opens a room with a staff member: 201, then 200 for the same room", async () => {
    const first = await call(openAction, {
      context,
      url: "/api/rooms",
      cookie: cookies.listener,
      ...json({ staff_id: cast.uid }),
    });
    expect(first.status).toBe(201);
    const opened = first.body as Body;
    expect(opened).toMatchObject({ room_id: opened.id, member_ids: [listener.uid, cast.uid] });
    roomId = opened.id as string;
    const again = await call(openAction, {
      context,
      url: "/api/rooms",
      cookie: cookies.listener,
      ...json({ staff_id: cast.uid }),
    });
    expect(again).toMatchObject({ status: 200, body: { id: roomId } });

    const open = (cookie: string | undefined, body: unknown) =>
      call(openAction, { context, url: "/api/rooms", cookie, ...json(body) });
    expect((await open(undefined, { staff_id: cast.uid })).status).toBe(401);
    expect((await open(cookies.cast, { staff_id: otherCast.uid })).status).toBe(403);
    expect((await open(cookies.store, { staff_id: cast.uid })).status).toBe(403);
    expect(await open(cookies.listener, { staff_id: "no-such-staff" })).toMatchObject({
      status: 404,
      body: { error: { message: CHAT_TEXTS.staffNotFound } },
    });
    expect(await open(cookies.listener, {})).toMatchObject({
      status: 400,
      body: { error: { code: "invalid-argument", message: CHAT_TEXTS.staffRequired, field: "staff_id" } },
    });
  });

  it("both members write, the staff member reads; the inbox shows the room with its unread count", async () => {
    const hello = await send(cookies.listener, "はじめまして！今夜お店に行きます");
    expect(hello.status).toBe(201);
    expect(hello.body).toMatchObject({ room_id: roomId, sender_id: listener.uid, read_at: null });
    expect((await send(cookies.listener, "  二人で行きます  ")).body).toMatchObject({
      body: "二人で行きます",
    });
    const answer = await send(cookies.cast, "お待ちしてます！");
    expect(answer).toMatchObject({ status: 201, body: { sender_id: cast.uid } });

    const inbox = await call(roomsLoader, { context, url: "/api/listeners/rooms", cookie: cookies.cast });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toMatchObject({
      total: 1,
      items: [
        {
          room_id: roomId,
          counterpart: { id: listener.uid, type: "listener", name: "たろう" },
          last_message: { body: "お待ちしてます！" },
          unread_count: 2,
        },
      ],
    });

    const read = await call(readAction, {
      context,
      url: room("read"),
      cookie: cookies.cast,
      method: "POST",
      params: { id: roomId },
    });
    expect(read).toMatchObject({ status: 200, body: { room_id: roomId, read: 2 } });
    const readAgain = await call(readAction, {
      context,
      url: room("read"),
      cookie: cookies.cast,
      method: "POST",
      params: { id: roomId },
    });
    expect(readAgain.body).toMatchObject({ read: 0, read_at: null });

    const page = await call(messagesLoader, {
      context,
      url: `${room("messages")}?limit=2`,
      cookie: cookies.listener,
      params: { id: roomId },
    });
    expect(page.status).toBe(200);
    const body = page.body as {
      items: { body: string; read_at: unknown }[];
      next_before: string;
      counterpart: unknown;
    };
    expect(body.items.map((m) => m.body)).toEqual(["お待ちしてます！", "二人で行きます"]);
    expect(body.items[1]!.read_at).not.toBeNull();
    expect(body.counterpart).toMatchObject({ id: cast.uid, type: "staff", name: "あかり" });
    const older = await call(messagesLoader, {
      context,
      url: `${room("messages")}?before=${body.next_before}`,
      cookie: cookies.listener,
      params: { id: roomId },
    });
    expect(
      (older.body as { items: { body: string }[]; next_before: unknown }).items.map((m) => m.body),
    ).toEqual(["はじめまして！今夜お店に行きます"]);
    expect((older.body as { next_before: unknown }).next_before).toBeNull();
    expect(
      await call(messagesLoader, {
        context,
        url: `${room("messages")}?before=no-such-message`,
        cookie: cookies.listener,
        params: { id: roomId },
      }),
    ).toMatchObject({ status: 400, body: { error: { message: CHAT_TEXTS.beforeUnknown, field: "before" } } });
  });

  it("contact details are a 400 naming `body` with the contract's text; nothing is stored", async () => {
    for (const text of [
      "LINEのIDは ｔａｒｏ＿１２３ です",
      "090 1234 5678",
      "mail: taro@example.com",
      "https://example.com",
    ]) {
      const refused = await send(cookies.listener, text);
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { code: "invalid-argument", message: CONTACT_REFUSAL, field: "body" } },
      });
    }
    expect(CONTACT_REFUSAL).toBe(
      "連絡先（電話番号・メールアドレス・SNSのIDやURL）はメッセージで送信できません",
    );
    expect(await send(cookies.listener, "   ")).toMatchObject({
      status: 400,
      body: { error: { message: CHAT_TEXTS.bodyRequired, field: "body" } },
    });
    const page = await call(messagesLoader, {
      context,
      url: room("messages"),
      cookie: cookies.listener,
      params: { id: roomId },
    });
    expect((page.body as { items: unknown[] }).items).toHaveLength(3);
  });

  it("a third listener, another staff member and a store get 404 on every endpoint; signed out 401", async () => {
    for (const cookie of [cookies.thirdListener, cookies.otherCast, cookies.store]) {
      const params = { id: roomId };
      expect((await call(messagesLoader, { context, url: room("messages"), cookie, params })).status).toBe(
        404,
      );
      expect((await send(cookie, "やあ")).status).toBe(404);
      // Validation comes after membership: an empty body tells a stranger nothing either.
      expect((await send(cookie, "")).status).toBe(404);
      expect(
        (await call(readAction, { context, url: room("read"), cookie, method: "POST", params })).status,
      ).toBe(404);
      expect(
        (await call(blockAction, { context, url: room("block"), cookie, method: "POST", params })).status,
      ).toBe(404);
      expect(
        (await call(reportAction, { context, url: room("report"), cookie, params, ...json({ reason: "x" }) }))
          .status,
      ).toBe(404);
      const { response } = await stream(cookie);
      expect(response.status).toBe(404);
    }
    const params = { id: roomId };
    expect((await call(messagesLoader, { context, url: room("messages"), params })).status).toBe(401);
    expect((await send(undefined, "やあ")).status).toBe(401);
    expect((await call(readAction, { context, url: room("read"), method: "POST", params })).status).toBe(401);
    expect((await stream(undefined)).response.status).toBe(401);
    // A room that does not exist is the same 404.
    expect(
      (
        await call(messagesLoader, {
          context,
          url: "/api/rooms/nope/messages",
          cookie: cookies.listener,
          params: { id: "nope" },
        })
      ).status,
    ).toBe(404);
  });

  it("the room's stream: 200 text/event-stream for a member, live message and read, resumed from Last-Event-ID", async () => {
    const { response, reader } = await stream(cookies.cast);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const live = reader!;
    expect((await send(cookies.listener, "今向かってます")).status).toBe(201);
    await live.until(() => live.events().length === 1);
    const [message] = live.events();
    expect(message).toMatchObject({
      event: "message",
      data: { body: "今向かってます", sender_id: listener.uid },
    });

    // The listener's stream, dropped after the message; the read happens while it is away.
    const { reader: listenerReader } = await stream(cookies.listener, {
      "Last-Event-ID": String(message!.id - 1),
    });
    await listenerReader!.until(() => listenerReader!.events().length === 1);
    expect(listenerReader!.events()[0]).toMatchObject({ id: message!.id, event: "message" });
    const read = await call(readAction, {
      context,
      url: room("read"),
      cookie: cookies.cast,
      method: "POST",
      params: { id: roomId },
    });
    expect(read.body).toMatchObject({ read: 1 });
    await live.until(() => live.events().length === 2);
    expect(live.events()[1]).toMatchObject({ event: "read", data: { reader_id: cast.uid } });
    expect((await send(cookies.cast, "了解です")).status).toBe(201);

    // Resuming after the message: the read and the answer, in order, each once.
    const { reader: resumed } = await stream(cookies.listener, { "Last-Event-ID": String(message!.id) });
    await resumed!.until(() => resumed!.events().length === 2);
    expect(resumed!.events().map((e) => [e.id, e.event])).toEqual([
      [message!.id + 1, "read"],
      [message!.id + 2, "message"],
    ]);
    expect((await send(cookies.listener, "着きました")).status).toBe(201);
    await resumed!.until(() => resumed!.events().length === 3);
    expect(resumed!.events()[2]).toMatchObject({
      id: message!.id + 3,
      event: "message",
      data: { body: "着きました" },
    });
    expect((await stream(cookies.listener, { "Last-Event-ID": "abc" })).response.status).toBe(400);
  });

  it("typing reaches the room's open streams as a transient event, at most once per 3 s per sender", async () => {
    const before = hub.stats().subscribers;
    const { reader } = await stream(cookies.cast);
    // Transient: only streams already registered with the hub get it (not replayed).
    await expect.poll(() => hub.stats().subscribers).toBe(before + 1);
    const typing = (cookie: string | undefined) =>
      call(typingAction, { context, url: room("typing"), cookie, method: "POST", params: { id: roomId } });
    expect((await typing(cookies.listener)).body).toEqual({ sent: true });
    expect((await typing(cookies.listener)).body).toEqual({ sent: false });
    await reader!.until((f) => f.some((x) => x.event === "typing"));
    expect(reader!.frames.filter((x) => x.event === "typing")).toEqual([
      { event: "typing", data: JSON.stringify({ user_id: listener.uid }) },
    ]);
    expect((await typing(cookies.thirdListener)).status).toBe(404);
    expect((await typing(undefined)).status).toBe(401);
  });

  it("a report is 201 and keeps the messages; an empty reason names `reason`", async () => {
    const report = (body: unknown) =>
      call(reportAction, {
        context,
        url: room("report"),
        cookie: cookies.cast,
        params: { id: roomId },
        ...json(body),
      });
    expect(await report({ reason: "" })).toMatchObject({
      status: 400,
      body: { error: { message: CHAT_TEXTS.reasonRequired, field: "reason" } },
    });
    const filed = await report({ reason: "しつこく連絡先を聞かれる" });
    expect(filed).toMatchObject({ status: 201, body: { room_id: roomId, status: "open" } });
    const [row] = await database.db
      .select()
      .from(roomReports)
      .where(eq(roomReports.report_id, (filed.body as Body).report_id as string));
    expect(row?.reporter_id).toBe(cast.uid);
    expect(row?.messages.length).toBeGreaterThan(0);
  });

  it("20 messages a minute, then 429 with Retry-After", async () => {
    await database.db.delete(rateLimits);
    const request = () => send(cookies.cast, "ありがとう");
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) expect((await request()).status).toBe(201);
    const abort = new AbortController();
    const limited = (await messagesAction({
      request: new Request(`http://localhost:3999${room("messages")}`, {
        ...json({ body: "もう一通" }),
        headers: { "content-type": "application/json", cookie: cookies.cast },
        signal: abort.signal,
      }),
      context,
      params: { id: roomId },
    } as never)) as { data: Body; init: { status: number; headers: Record<string, string> } };
    expect(limited.init.status).toBe(429);
    expect(Number(limited.init.headers["Retry-After"])).toBeGreaterThan(0);
    expect(limited.data.error).toMatchObject({ code: "resource-exhausted", message: CHAT_TEXTS.tooMany });
  });

  it("after a block neither side can send (403 with the text); both can still read", async () => {
    await database.db.delete(rateLimits);
    const block = await call(blockAction, {
      context,
      url: room("block"),
      cookie: cookies.listener,
      method: "POST",
      params: { id: roomId },
    });
    expect(block).toMatchObject({ status: 200, body: { blocked: true, created: true } });
    for (const cookie of [cookies.cast, cookies.listener])
      expect(await send(cookie, "こんにちは")).toMatchObject({
        status: 403,
        body: { error: { code: "permission-denied", message: CHAT_TEXTS.blocked } },
      });
    const page = await call(messagesLoader, {
      context,
      url: room("messages"),
      cookie: cookies.cast,
      params: { id: roomId },
    });
    expect(page).toMatchObject({ status: 200, body: { blocked_me: true, blocked_by_me: false } });
  });
});
