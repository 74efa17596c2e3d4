import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { queryRows } from "~/.server/db/client";
import { ensureVapidKeys } from "~/.server/env";
import { createWebPushPort } from "~/.server/integrations/push/push-port";
import { openRoom } from "~/.server/services/chat/open-room";
import { sendMessage } from "~/.server/services/chat/send-message";
import { PushRetryError } from "~/.server/services/notifications/deliver-pushes";
import { fanOutNotification } from "~/.server/services/notifications/fan-out-notification";
import { updateNotificationPreferences } from "~/.server/services/notifications/notification-preferences";
import { subscribePush } from "~/.server/services/notifications/subscribe-push";
import { PUSH_SUBSCRIPTIONS_MAX, PUSH_TEXTS } from "~/domain/web-push";
import { action as subscriptionsAction } from "~/routes/api/push-subscriptions";
import { type FakePushService, startFakePushService } from "../../scripts/fakes/push-service";
import { createJobHandlers } from "../../server/job-handlers";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver, makeStaff } from "../support/factories";
import { call, type RouteContext, routeContext, sessionCookie } from "../support/routes";

/**
 * Web push end to end (ADR 0045): a subscription saved through the API, a chat message fanned out
 * in-app and queued as a push in the same transaction, the `push.deliver` job sending it with the
 * real client (web-push: VAPID + aes128gcm) to a local push service that checks the JWT and
 * decrypts the payload; 410 removes the subscription, 500 is retried, a kind switched off sends
 * nothing; and the API's refusals, production's address rules included.
 */
describe.each(drivers)("web push on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let routes: RouteContext;
  let service: FakePushService;
  let store: Viewer;
  let cast: Viewer & { loginId: string };
  let listener: Viewer;
  let castCookie: string;
  let vapidKey: string;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "webpush" });
    routes = routeContext(db());
    routes.context.env = ensureVapidKeys(routes.context.env);
    vapidKey = routes.context.env.push.vapid?.publicKey ?? "";
    service = await startFakePushService();
    store = await makeLiver(db(), { store_name: "クラブ 月", status: "public" });
    cast = await makeStaff(db(), store.uid, { name: "あかり", status: "public", is_displayed: true });
    listener = await makeListener(db(), { nickname: "たろう" });
    castCookie = await sessionCookie(routes.context, "staff", cast.loginId, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await service?.close();
    await database?.close();
  });

  const handlers = () =>
    createJobHandlers({
      db: db(),
      mailer: routes.context.mailer,
      env: routes.context.env,
      push: createWebPushPort({ vapid: routes.context.env.push.vapid!, production: false }),
    });
  const subscribe = (cookie: string | undefined, body: unknown) =>
    call(subscriptionsAction, {
      context: routes.context,
      url: "/api/push/subscriptions",
      cookie,
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
  /** Fans out every recorded event, as the fan-out job does. */
  async function fanOutPending() {
    const pending = await queryRows<{ id: string }>(
      db(),
      sql`select id from notification_events where fanned_out_at is null order by created_at`,
    );
    for (const { id } of pending)
      await fanOutNotification({ db: db(), mailer: routes.context.mailer, env: routes.context.env }, id);
  }
  /** Runs the queued `push.deliver` jobs once, as a worker would (the queue rows are taken). */
  async function runPushJobs({ final = false } = {}) {
    const jobs = await queryRows<{ id: string; data: { deliveryIds: string[] } }>(
      db(),
      sql`delete from pgboss.job where name = 'push.deliver' returning id, data`,
    );
    const outcomes: unknown[] = [];
    for (const job of jobs)
      outcomes.push(
        await handlers()
          ["push.deliver"](job.data, { id: job.id, retryCount: 0, final })
          .catch((error: unknown) => error),
      );
    return { jobs, outcomes };
  }
  async function message(body: string) {
    const room = await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } });
    if (!room.ok) throw new Error("no room");
    const sent = await sendMessage({ db: db(), actor: listener, input: { roomId: room.room.id, body } });
    if (!sent.ok) throw new Error("not sent");
    await fanOutPending();
    return room.room.id;
  }

  it("a message to the performer reaches her device: VAPID checked, payload decrypted, with its title and room", async () => {
    const device = service.device(vapidKey);
    const saved = await subscribe(castCookie, device.subscription);
    expect(saved).toMatchObject({ status: 201, body: { created: true } });
    // The same device again updates it (still one).
    expect((await subscribe(castCookie, device.subscription)).body).toEqual({ created: false });

    const roomId = await message("こんばんは、今日出勤してますか？");
    const { jobs, outcomes } = await runPushJobs();
    expect(jobs).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ sent: 1, gone: 0, failed: 0, pending: 0 });
    const [push] = service.received(device.id);
    expect(push?.payload).toEqual({
      title: "たろうさんからメッセージ",
      body: "こんばんは、今日出勤してますか？",
      url: `/staff/mypage/message/${roomId}`,
      tag: `room:${roomId}`,
    });
    expect(push?.claims.aud).toBe(service.url);
    expect(push?.claims.sub).toMatch(/^mailto:/);
    expect(push?.urgency).toBe("high");
    expect(push?.ttl).toBeGreaterThan(0);
    expect(service.refused).toEqual([]);
    // The delivery is recorded as sent; a job run again sends nothing twice.
    const [row] = await queryRows<{ state: string; attempts: number }>(
      db(),
      sql`select state, attempts from push_deliveries`,
    );
    expect(row).toEqual({ state: "sent", attempts: 1 });
    await fanOutPending();
    expect((await runPushJobs()).jobs).toHaveLength(0);
    expect(service.received(device.id)).toHaveLength(1);
  });

  it("a 500 is retried and then delivered once; a 410 removes the subscription", async () => {
    await db().execute(sql`delete from push_subscriptions`);
    const flaky = service.device(vapidKey);
    const gone = service.device(vapidKey);
    expect((await subscribe(castCookie, flaky.subscription)).status).toBe(201);
    expect((await subscribe(castCookie, gone.subscription)).status).toBe(201);
    service.answer(flaky.id, 500, 201);
    service.answer(gone.id, 410);

    await message("二通目です");
    const first = await runPushJobs();
    // The job fails (pg-boss retries it); what it could settle is settled.
    expect(first.outcomes[0]).toBeInstanceOf(PushRetryError);
    const endpoints = await queryRows<{ endpoint: string }>(
      db(),
      sql`select endpoint from push_subscriptions`,
    );
    expect(endpoints.map((e) => e.endpoint)).toEqual([flaky.subscription.endpoint]);
    const [pending] = await queryRows<{ id: string; state: string; attempts: number }>(
      db(),
      sql`select id, state, attempts from push_deliveries where state <> 'sent'`,
    );
    expect(pending).toMatchObject({ state: "pending", attempts: 1 });

    // The retry (same data) sends only what is pending.
    const retried = await handlers()["push.deliver"](
      { deliveryIds: [pending!.id] },
      { id: "retry", retryCount: 1, final: false },
    );
    expect(retried).toMatchObject({ sent: 1, pending: 0 });
    expect(service.received(flaky.id).map((p) => p.payload?.body)).toEqual(["二通目です"]);
    expect(service.received(gone.id)).toEqual([]);
  });

  it("a kind switched off for push sends nothing (the in-app line is still written)", async () => {
    await db().execute(sql`delete from push_subscriptions`);
    const device = service.device(vapidKey);
    expect((await subscribe(castCookie, device.subscription)).status).toBe(201);
    const off = await updateNotificationPreferences({
      db: db(),
      actor: cast,
      input: { push_setting: { message: false, gift: true, follow: true, news: true, report: true } },
    });
    expect(off).toEqual({ ok: true });
    await message("三通目です");
    expect((await runPushJobs()).jobs).toHaveLength(0);
    expect(service.received(device.id)).toEqual([]);
    const [line] = await queryRows<{ body: string }>(
      db(),
      sql`select body from notifications where recipient_id = ${cast.uid} and read_at is null`,
    );
    expect(line?.body).toBe("三通目です");
    await updateNotificationPreferences({ db: db(), actor: cast, input: { push_setting: {} } });
  });

  it("refuses bad subscriptions with a Japanese message and the field", async () => {
    const good = service.device(vapidKey).subscription;
    const cases: [unknown, string, string][] = [
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(4) } },
        "keys.p256dh",
        PUSH_TEXTS.p256dhInvalid,
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh.slice(0, -1)}*` } },
        "keys.p256dh",
        PUSH_TEXTS.p256dhInvalid,
      ],
      [{ ...good, keys: { ...good.keys, auth: "AAAA" } }, "keys.auth", PUSH_TEXTS.authInvalid],
      [{ ...good, endpoint: `${good.endpoint}/${"x".repeat(2100)}` }, "endpoint", PUSH_TEXTS.endpointTooLong],
      [{ ...good, endpoint: "ftp://example.com/push" }, "endpoint", PUSH_TEXTS.endpointInvalid],
      [{ endpoint: good.endpoint }, "keys", PUSH_TEXTS.invalid],
    ];
    for (const [body, field, message] of cases) {
      const answer = await subscribe(castCookie, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body).toMatchObject({ error: { field, message } });
    }
    const notJson = await call(subscriptionsAction, {
      context: routes.context,
      url: "/api/push/subscriptions",
      cookie: castCookie,
      method: "POST",
      body: "endpoint=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(notJson.status).toBe(400);
    expect((await subscribe(undefined, good)).status).toBe(401);

    // Ten devices per account; the eleventh is refused, an old one again is fine.
    await db().execute(sql`delete from push_subscriptions`);
    const mine = Array.from({ length: PUSH_SUBSCRIPTIONS_MAX }, () => service.device(vapidKey).subscription);
    for (const subscription of mine) expect((await subscribe(castCookie, subscription)).status).toBe(201);
    const eleventh = await subscribe(castCookie, service.device(vapidKey).subscription);
    expect(eleventh).toMatchObject({ status: 400, body: { error: { message: PUSH_TEXTS.tooMany } } });
    expect((await subscribe(castCookie, mine[3])).status).toBe(201);
    const [count] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from push_subscriptions`,
    );
    expect(count?.n).toBe(PUSH_SUBSCRIPTIONS_MAX);
    await db().execute(sql`delete from push_subscriptions`);
  });

  it("in production: only https push services on the allow list that resolve to public addresses", async () => {
    const rules = {
      production: true,
      vapid: undefined,
      allowHosts: ["fcm.googleapis.com", "*.push.apple.com", "localhost", "10.0.0.1", "rebind.example"],
    };
    const keys = service.device(vapidKey).subscription.keys;
    const publicDns = async () => [{ address: "142.250.196.138" }];
    const privateDns = async () => [{ address: "142.250.196.138" }, { address: "192.168.1.20" }];
    const attempt = (endpoint: string, resolve = publicDns) =>
      subscribePush({ db: db(), actor: cast, input: { endpoint, keys }, rules, resolve });
    const refused = {
      ok: false,
      error: "invalid",
      field: "endpoint",
      message: PUSH_TEXTS.endpointNotAllowed,
    };
    expect(await attempt(`http://127.0.0.1:${new URL(service.url).port}/push/x`)).toEqual(refused);
    expect(await attempt("https://10.0.0.1/push/x")).toEqual(refused);
    expect(await attempt("https://[::1]/push/x")).toEqual(refused);
    expect(await attempt("https://push.evil.example/push/x")).toEqual(refused);
    expect(await attempt("https://fcm.googleapis.com:8443/fcm/send/x")).toEqual(refused);
    // A name on the list that resolves to a private address (real DNS: localhost; a stub: rebinding).
    expect(
      await subscribePush({ db: db(), actor: cast, input: { endpoint: "https://localhost/p", keys }, rules }),
    ).toEqual(refused);
    expect(await attempt("https://rebind.example/push/x", privateDns)).toEqual(refused);
    // The browsers' services pass.
    expect(await attempt("https://fcm.googleapis.com/fcm/send/abc")).toEqual({ ok: true, created: true });
    expect(await attempt("https://web.push.apple.com/QGx7")).toEqual({ ok: true, created: true });
    await db().execute(sql`delete from push_subscriptions`);
  });

  it("DELETE turns this device off: only her own, and again answers removed 0", async () => {
    const device = service.device(vapidKey);
    expect((await subscribe(castCookie, device.subscription)).status).toBe(201);
    const listenerCookie = await sessionCookie(routes.context, "listener", listener.email, FACTORY_PASSWORD);
    const remove = (cookie: string) =>
      call(subscriptionsAction, {
        context: routes.context,
        url: "/api/push/subscriptions",
        cookie,
        method: "DELETE",
        body: JSON.stringify({ endpoint: device.subscription.endpoint }),
        headers: { "content-type": "application/json" },
      });
    expect(await remove(listenerCookie)).toMatchObject({ status: 200, body: { removed: 0 } });
    expect(await remove(castCookie)).toMatchObject({ status: 200, body: { removed: 1 } });
    expect(await remove(castCookie)).toMatchObject({ status: 200, body: { removed: 0 } });
  });
});
