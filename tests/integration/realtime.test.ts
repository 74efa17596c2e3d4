import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { type Database, openDatabase, queryRows } from "~/.server/db/client";
import { RealtimeHub } from "~/.server/realtime/hub";
import { notificationSource } from "~/.server/realtime/listeners";
import { pruneRealtimeEvents } from "~/.server/realtime/prune";
import { publish, publishToMany, publishTransient, topicHead } from "~/.server/realtime/publish";
import { eventStream } from "~/.server/realtime/sse";
import { followTarget } from "~/.server/services/favorites/follow-target";
import { unfollowTarget } from "~/.server/services/favorites/unfollow-target";
import { accountTopic } from "~/domain/realtime-topics";
import { loader as meEventsLoader } from "~/routes/api/me-events";
import { drivers, openTestDatabase, type TestDatabase, testDatabaseUrl } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { routeContext, sessionCookie } from "../support/routes";
import { readSse, type SseReader } from "../support/sse";

const viewerOf = (uid: string): Viewer => ({
  type: "listener",
  uid,
  name: "テスト",
  email: `${uid}@example.com`,
});
let topicSeq = 0;
const freshTopic = () => accountTopic(`rt-${Date.now().toString(36)}-${topicSeq++}`);
const uidOf = (topic: string) => topic.slice("account:".length);

describe.each(drivers)("realtime channel on %s", (driver) => {
  let database: TestDatabase;
  let hub: RealtimeHub;
  const open: SseReader[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "realtime" });
    hub = new RealtimeHub({
      db: database.db,
      source: notificationSource(database, () => {}),
      maxStreamsPerKey: 3,
      heartbeatMs: 150,
      log: () => {},
    });
    await hub.start();
  });
  afterEach(async () => {
    for (const reader of open.splice(0)) await reader.cancel();
  });
  afterAll(async () => {
    await hub?.close();
    await database?.close();
  });

  /** Opens a stream of `topic` as its own account; returns the response and, when 200, a reader. */
  async function subscribe(
    topic: string,
    {
      lastEventId,
      query,
      viewer = viewerOf(uidOf(topic)),
      on = hub,
    }: {
      lastEventId?: number;
      query?: string;
      viewer?: Viewer | null;
      on?: RealtimeHub;
    } = {},
  ) {
    const abort = new AbortController();
    const request = new Request(`http://localhost/api/me/events${query ?? ""}`, {
      signal: abort.signal,
      headers: lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) },
    });
    const response = await eventStream({ request, realtime: on, viewer, topic, clientIp: "192.0.2.1" });
    const reader = response.status === 200 && response.body ? readSse(response.body) : null;
    if (reader) open.push(reader);
    const disconnect = async () => {
      abort.abort();
      await reader?.cancel();
    };
    return { response, reader: reader!, disconnect };
  }

  const seqs = (reader: SseReader) => reader.events().map((e) => e.id);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it("numbers events per topic without gaps, and a rolled-back publish leaves nothing", async () => {
    const db = database.db;
    const a = freshTopic();
    const b = freshTopic();
    expect(await publish({ db, topic: a, type: "test", data: { n: 1 } })).toEqual({ seq: 1 });
    expect(await publish({ db, topic: a, type: "test", data: { n: 2 } })).toEqual({ seq: 2 });
    expect(await publish({ db, topic: b, type: "test", data: {} })).toEqual({ seq: 1 });
    await expect(
      db.transaction(async (tx) => {
        await publish({ db: tx, topic: a, type: "test", data: { n: 3 } });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await topicHead(db, a)).toBe(2);
    expect(await publish({ db, topic: a, type: "test", data: { n: 3 } })).toEqual({ seq: 3 });
    await expect(publish({ db, topic: "bad topic", type: "test", data: {} })).rejects.toThrow();
    await expect(publish({ db, topic: a, type: "has space", data: {} })).rejects.toThrow();
  });

  it("publishes one event to each of many topics in one statement, numbered per topic", async () => {
    const db = database.db;
    const [a, b] = [freshTopic(), freshTopic()];
    await publish({ db, topic: a, type: "test", data: { n: 0 } });
    const { reader } = await subscribe(a);
    await db.transaction((tx) =>
      publishToMany({
        db: tx,
        type: "notification",
        events: [
          { topic: b, data: { to: "b" } },
          { topic: a, data: { to: "a" } },
        ],
      }),
    );
    expect([await topicHead(db, a), await topicHead(db, b)]).toEqual([2, 1]);
    await reader.until(() => reader.events().length === 1);
    expect(reader.events()).toEqual([{ id: 2, event: "notification", data: { to: "a" } }]);
    await expect(
      publishToMany({
        db,
        type: "test",
        events: [
          { topic: a, data: 1 },
          { topic: a, data: 2 },
        ],
      }),
    ).rejects.toThrow("one event per topic");
  });

  it("counts a stream once its start is known; an event committed from then on reaches it", async () => {
    const topic = freshTopic();
    const before = hub.stats().subscribers;
    const delivered: number[] = [];
    const joining = hub.subscribe(topic, { deliver: (event) => delivered.push(event.seq), close() {} });
    // Registered, but the topic's head is still being read: an event committed now may be before
    // the stream's start, so it is not counted yet.
    expect(hub.stats().subscribers).toBe(before);
    const unsubscribe = await joining;
    expect(hub.stats().subscribers).toBe(before + 1);
    await publish({ db: database.db, topic, type: "test", data: {} });
    await expect.poll(() => delivered).toEqual([1]);
    unsubscribe();
  });

  it("tells a transient event to the open streams only: no id, nothing stored, nothing replayed", async () => {
    const db = database.db;
    const topic = freshTopic();
    const before = hub.stats().subscribers;
    const { reader } = await subscribe(topic);
    // A transient event reaches the streams registered with the hub by then (the "connected" line
    // is written before the stream registers): wait for the registration.
    await expect.poll(() => hub.stats().subscribers).toBe(before + 1);
    await publishTransient({ db, topic, type: "typing", data: { user_id: "u1" } });
    await reader.until((f) => f.some((x) => x.event === "typing"));
    expect(reader.frames.find((x) => x.event === "typing")).toEqual({
      event: "typing",
      data: '{"user_id":"u1"}',
    });
    expect(await topicHead(db, topic)).toBe(0);
    const [stored] = await queryRows<{ n: number | string }>(
      db,
      sql`select count(*) as n from realtime_events where topic = ${topic}`,
    );
    expect(Number(stored?.n)).toBe(0);
    // A stream opened afterwards from the start gets nothing of it.
    const later = await subscribe(topic, { lastEventId: 0 });
    await later.reader.until((f) => f.some((x) => x.comment === "connected"));
    await publish({ db, topic, type: "test", data: {} });
    await later.reader.until(() => later.reader.events().length === 1);
    expect(later.reader.frames.some((x) => x.event === "typing")).toBe(false);
    await expect(publishTransient({ db, topic, type: "typing", data: "x".repeat(3_000) })).rejects.toThrow();
  });

  it("delivers after commit only, with the SSE headers proxies need", async () => {
    const topic = freshTopic();
    const { response, reader } = await subscribe(topic);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    await reader.until((f) => f.some((x) => x.comment === "connected"));
    await database.db.transaction(async (tx) => {
      await publish({ db: tx, topic, type: "test", data: { n: 1 } });
      await new Promise((r) => setTimeout(r, 300));
      expect(reader.events()).toEqual([]);
    });
    await reader.until(() => reader.events().length === 1);
    expect(reader.events()).toEqual([{ id: 1, event: "test", data: { n: 1 } }]);
  });

  it("resumes with Last-Event-ID: nothing lost, nothing repeated", async () => {
    const db = database.db;
    const topic = freshTopic();
    for (let n = 1; n <= 5; n++) await publish({ db, topic, type: "test", data: { n } });
    // First connection from the page's head (?last_event_id=0): replay 1..5, then live 6..7.
    const first = await subscribe(topic, { query: "?last_event_id=0" });
    await first.reader.until(() => seqs(first.reader).length === 5);
    for (let n = 6; n <= 7; n++) await publish({ db, topic, type: "test", data: { n } });
    await first.reader.until(() => seqs(first.reader).length === 7);
    expect(seqs(first.reader)).toEqual(range(1, 7));
    // The connection drops after 7; more is published while the client is away.
    await first.disconnect();
    for (let n = 8; n <= 12; n++) await publish({ db, topic, type: "test", data: { n } });
    // The browser reconnects with the header (which wins over the query string).
    const second = await subscribe(topic, { lastEventId: 7, query: "?last_event_id=0" });
    await second.reader.until(() => seqs(second.reader).length === 5);
    await publish({ db, topic, type: "test", data: { n: 13 } });
    await second.reader.until(() => seqs(second.reader).length === 6);
    expect(seqs(second.reader)).toEqual(range(8, 13));
    expect(second.reader.events().map((e) => (e.data as { n: number }).n)).toEqual(range(8, 13));
  });

  it("loses and repeats nothing when events are published during the replay", async () => {
    const db = database.db;
    const topic = freshTopic();
    for (let n = 1; n <= 600; n++) await publish({ db, topic, type: "test", data: { n } });
    const publishing = (async () => {
      for (let n = 601; n <= 700; n++) await publish({ db, topic, type: "test", data: { n } });
    })();
    const { reader } = await subscribe(topic, { lastEventId: 0 });
    await publishing;
    await reader.until(() => seqs(reader).length >= 700, 20_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(seqs(reader)).toEqual(range(1, 700));
  });

  it("refuses unauthorised subscriptions with 401 / 404 and a malformed Last-Event-ID with 400", async () => {
    const topic = freshTopic();
    const anonymous = await subscribe(topic, { viewer: null });
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.response.headers.get("content-type")).toContain("application/json");
    const stranger = await subscribe(topic, { viewer: viewerOf("someone-else") });
    expect(stranger.response.status).toBe(404);
    const unknownKind = await subscribe("nosuchkind:1", { viewer: viewerOf("1") });
    expect(unknownKind.response.status).toBe(404);
    const bad = await subscribe(topic, { query: "?last_event_id=abc" });
    expect(bad.response.status).toBe(400);
    expect(hub.stats().subscribers).toBe(0);
  });

  it("answers GET /api/me/events: 401 signed out, the account's own stream signed in", async () => {
    const { context } = routeContext(database.db);
    context.realtime = hub;
    const signedOut = (await meEventsLoader({
      request: new Request("http://localhost/api/me/events"),
      context,
      params: {},
    } as never)) as Response;
    expect(signedOut.status).toBe(401);

    const store = await makeLiver(database.db);
    const cast = await makeStaff(database.db, store.uid);
    const listener = await makeListener(database.db);
    const cookie = await sessionCookie(context, "staff", cast.loginId, FACTORY_PASSWORD);
    const abort = new AbortController();
    const response = (await meEventsLoader({
      request: new Request("http://localhost/api/me/events?last_event_id=0", {
        headers: { cookie },
        signal: abort.signal,
      }),
      context,
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    const reader = readSse(response.body!);
    open.push(reader);
    // A follow and an unfollow by a listener reach the staff member's stream, in order.
    await followTarget({ db: database.db, actor: listener, input: { kind: "staff", id: cast.uid } });
    await unfollowTarget({ db: database.db, actor: listener, input: { kind: "staff", id: cast.uid } });
    await reader.until(() => reader.events().length === 2);
    expect(reader.events()).toEqual([
      { id: 1, event: "follower", data: { follower_number: 1, change: 1 } },
      { id: 2, event: "follower", data: { follower_number: 0, change: -1 } },
    ]);
    abort.abort();
  });

  it("caps the streams of one account: the newest is refused with 429 until one closes", async () => {
    const topic = freshTopic();
    const streams = [await subscribe(topic), await subscribe(topic), await subscribe(topic)];
    expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200]);
    const fourth = await subscribe(topic);
    expect(fourth.response.status).toBe(429);
    expect(((await fourth.response.json()) as { error: { code: string } }).error.code).toBe(
      "resource-exhausted",
    );
    // Another account is not affected.
    expect((await subscribe(freshTopic())).response.status).toBe(200);
    await streams[0]!.disconnect();
    await new Promise((r) => setTimeout(r, 50));
    expect((await subscribe(topic)).response.status).toBe(200);
  });

  it("ends a stream after its lifetime, so the reconnect is authorised again", async () => {
    const short = new RealtimeHub({
      db: database.db,
      source: { start: async () => {}, stop: async () => {} },
      maxStreamMs: 200,
      log: () => {},
    });
    const { reader } = await subscribe(freshTopic(), { on: short });
    const started = Date.now();
    await reader.ended;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(short.stats()).toEqual({ topics: 0, subscribers: 0 });
    await short.close();
  });

  it("sends heartbeat comments on an idle stream", async () => {
    const { reader } = await subscribe(freshTopic());
    await reader.until((f) => f.filter((x) => x.comment === "ping").length >= 2, 10_000);
    expect(reader.frames[0]).toMatchObject({ retry: "3000", comment: "connected" });
  });

  it("tells a client that resumes from a pruned or unknown point to reset", async () => {
    const db = database.db;
    const topic = freshTopic();
    for (let n = 1; n <= 3; n++) await publish({ db, topic, type: "test", data: { n } });
    await db.execute(
      sql`update realtime_events set created_at = now() - interval '2 days' where topic = ${topic}`,
    );
    expect(
      await pruneRealtimeEvents({ db, olderThan: new Date(Date.now() - 24 * 3600_000) }),
    ).toBeGreaterThanOrEqual(3);
    const pruned = await subscribe(topic, { lastEventId: 1 });
    await pruned.reader.until(() => pruned.reader.events().length === 1);
    expect(pruned.reader.events()).toEqual([{ id: 3, event: "reset", data: {} }]);
    await publish({ db, topic, type: "test", data: { n: 4 } });
    await pruned.reader.until(() => pruned.reader.events().length === 2);
    expect(seqs(pruned.reader)).toEqual([3, 4]);
    // Up to date: nothing to replay, no reset.
    const current = await subscribe(topic, { lastEventId: 4 });
    await current.reader.until((f) => f.some((x) => x.comment === "connected"));
    // From the future (a restored database): reset to the head.
    const future = await subscribe(topic, { lastEventId: 99 });
    await future.reader.until(() => future.reader.events().length === 1);
    expect(future.reader.events()[0]).toMatchObject({ id: 4, event: "reset" });
    await new Promise((r) => setTimeout(r, 100));
    expect(current.reader.events()).toEqual([]);
  });

  it("reads again when a commit is announced while a read runs (that read may predate it)", async () => {
    const db = database.db;
    const topic = freshTopic();
    let handlers!: { onNotify(payload: string): void; onResume(): void };
    // Holds the hub's read after the query ran and before its rows come back, until released.
    let hold: Promise<void> | null = null;
    let release = () => {};
    const slowDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return async (query: Parameters<typeof db.execute>[0]) => {
          const result = await target.execute(query);
          if (hold) await hold;
          return result;
        };
      },
    });
    const own = new RealtimeHub({
      db: slowDb,
      source: {
        start: async (h) => {
          handlers = h;
        },
        stop: async () => {},
      },
      log: () => {},
    });
    await own.start();
    const received: number[] = [];
    await own.subscribe(topic, { deliver: (event) => received.push(event.seq), close: () => {} });
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await publish({ db, topic, type: "test", data: { n: 1 } });
    handlers.onNotify(`${topic}|1`);
    await new Promise((r) => setTimeout(r, 50));
    // Event 2 commits and is announced while the read of event 1 is still on its way back.
    await publish({ db, topic, type: "test", data: { n: 2 } });
    handlers.onNotify(`${topic}|2`);
    hold = null;
    release();
    await expect.poll(() => received, { timeout: 10_000 }).toEqual([1, 2]);
    await own.close();
  });

  it("closes every stream when the hub shuts down", async () => {
    const own = new RealtimeHub({
      db: database.db,
      source:
        driver === "pg"
          ? notificationSource(database, () => {})
          : { start: async () => {}, stop: async () => {} },
      log: () => {},
    });
    await own.start();
    const a = await subscribe(freshTopic(), { on: own });
    const b = await subscribe(freshTopic(), { on: own, lastEventId: 0 });
    await a.reader.until((f) => f.length > 0);
    await b.reader.until((f) => f.length > 0);
    const started = Date.now();
    await own.close();
    await Promise.all([a.reader.ended, b.reader.ended]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(own.stats()).toEqual({ topics: 0, subscribers: 0 });
    // A stream asked for while shutting down ends at once with a retry hint (not an error status).
    const late = await subscribe(freshTopic(), { on: own });
    expect(late.response.status).toBe(200);
    await late.reader.ended;
    expect(late.reader.frames).toEqual([{ retry: "3000" }]);
  });
});

describe.skipIf(!testDatabaseUrl)("realtime channel on PostgreSQL only", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase("pg", { prefix: "realtime_pg" });
  });
  afterAll(async () => {
    await database?.close();
  });

  async function startHub(on: Pick<Database, "db" | "listenTarget">) {
    const hub = new RealtimeHub({ db: on.db, source: notificationSource(on, () => {}), log: () => {} });
    await hub.start();
    return hub;
  }

  async function stream(hub: RealtimeHub, topic: string, lastEventId?: number) {
    const before = hub.stats().subscribers;
    const response = await eventStream({
      request: new Request("http://localhost/", {
        headers: lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) },
      }),
      realtime: hub,
      viewer: viewerOf(uidOf(topic)),
      topic,
      clientIp: "192.0.2.1",
    });
    const reader = readSse(response.body!);
    await reader.until((f) => f.some((x) => x.comment === "connected"));
    // The answer arrives before the stream is registered with the hub: a publish in between would
    // be before the stream's start (docs/testing.md "A stream is used once it is registered").
    await expect.poll(() => hub.stats().subscribers).toBe(before + 1);
    return reader;
  }

  it("keeps commit order under concurrent publishers, and every process's hub delivers it", async () => {
    // Two hubs on two pools: two server processes as far as PostgreSQL can tell.
    const other = await openDatabase({
      databaseUrl: database.listenTarget.kind === "pg" ? database.listenTarget.url : "",
      migrate: false,
      poolSize: 8,
    });
    const hubA = await startHub(database);
    const hubB = await startHub(other);
    try {
      const topic = freshTopic();
      const a = await stream(hubA, topic, 0);
      const b = await stream(hubB, topic, 0);
      // 8 publishers × 25 events, each in its own transaction that lingers a random moment after
      // publishing, so commits interleave; half of them through the other pool.
      await Promise.all(
        Array.from({ length: 8 }, (_, p) =>
          (async () => {
            const db = p % 2 === 0 ? database.db : other.db;
            for (let i = 0; i < 25; i++) {
              await db.transaction(async (tx) => {
                await publish({ db: tx, topic, type: "test", data: { p, i } });
                await new Promise((r) => setTimeout(r, Math.random() * 4));
              });
            }
          })(),
        ),
      );
      for (const reader of [a, b]) {
        await reader.until(() => reader.events().length >= 200, 20_000);
        const events = reader.events();
        expect(events.map((e) => e.id)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
        // Each publisher's own events keep their order.
        for (let p = 0; p < 8; p++) {
          const mine = events.map((e) => e.data as { p: number; i: number }).filter((d) => d.p === p);
          expect(mine.map((d) => d.i)).toEqual(Array.from({ length: 25 }, (_, i) => i));
        }
        await reader.cancel();
      }
    } finally {
      await hubA.close();
      await hubB.close();
      await other.close();
    }
  });

  it("reconnects a lost LISTEN connection and delivers what was published meanwhile", async () => {
    const hub = await startHub(database);
    try {
      const topic = freshTopic();
      const reader = await stream(hub, topic);
      await publish({ db: database.db, topic, type: "test", data: { n: 1 } });
      // 10 s like the waits below: in CI, Vitest shares the database server with the E2E suite.
      await reader.until(() => reader.events().length === 1, 10_000);
      // Kill the LISTEN backend, publish while it is gone: no notification can reach this hub.
      const killed = await queryRows<{ killed: boolean }>(
        database.db,
        sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
            where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      expect(killed).toEqual([{ killed: true }]);
      for (let n = 2; n <= 4; n++) await publish({ db: database.db, topic, type: "test", data: { n } });
      await reader.until(() => reader.events().length === 4, 10_000);
      await publish({ db: database.db, topic, type: "test", data: { n: 5 } });
      await reader.until(() => reader.events().length === 5, 10_000);
      expect(reader.events().map((e) => e.id)).toEqual([1, 2, 3, 4, 5]);
      await reader.cancel();
    } finally {
      await hub.close();
    }
  });
});
