/**
 * Age verification (ADR 0055) on both databases: the gate on rooms and messages, a document sent,
 * stored re-encoded and encrypted, read by an operator (each view audited), decided (18 and over,
 * under 18, rejected), the listener told by mail and in-app, the picture deleted 30 days after the
 * decision with a fake clock, a card payment verifying and a konbini one not, and the remote switch.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import {
  ageVerifications,
  coinOrders,
  mailOutbox,
  notificationEvents,
  operatorAuditLog,
  remoteConfigValues,
} from "~/.server/db/schema";
import { createTestPayments } from "~/.server/integrations/payments/test-payments";
import { readAgeVerification } from "~/.server/services/age-verification/age-verification-state";
import { decideAgeVerification } from "~/.server/services/age-verification/decide-age-verification";
import { openDocument } from "~/.server/services/age-verification/document-cipher";
import { purgeAgeDocuments } from "~/.server/services/age-verification/purge-age-documents";
import { readAgeDocument } from "~/.server/services/age-verification/read-age-document";
import { submitAgeDocument } from "~/.server/services/age-verification/submit-age-document";
import { openRoom } from "~/.server/services/chat/open-room";
import { sendMessage } from "~/.server/services/chat/send-message";
import type { SignedInOperator } from "~/.server/services/operators/operator-actor";
import { receivePaymentWebhook } from "~/.server/services/payments/receive-payment-webhook";
import { startCoinCheckout } from "~/.server/services/payments/start-coin-checkout";
import { forgetRemoteConfig } from "~/.server/services/shared/remote-config";
import { AGE_VERIFICATION_TEXTS } from "~/domain/age-verification";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";
import { confirmedCoinTerms } from "../support/final-confirmation";
import { makeOperator } from "../support/operators";
import { type RouteContext, routeContext } from "../support/routes";

const DAY = 86_400_000;

/** A JPEG with EXIF (camera make and a GPS-ish comment), as a phone would send. */
async function phonePhoto(): Promise<Uint8Array> {
  return sharp({ create: { width: 640, height: 400, channels: 3, background: "#e0d8c0" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "Model X", ImageDescription: "35.6812N 139.7671E" } })
    .toBuffer();
}

describe.each(drivers)("age verification on %s", (driver) => {
  let database: TestDatabase;
  const db = () => database.db;
  let routes: RouteContext;
  let operator: SignedInOperator;
  let cast: Viewer;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "age" });
    routes = routeContext(db());
    const made = await makeOperator(db(), { authSecret: routes.context.env.authSecret });
    operator = { uid: made.uid, email: made.email, ip: "203.0.113.9" };
    const store = await makeLiver(db(), { store_name: "クラブ 年齢" });
    cast = await makeStaff(db(), store.uid, { name: "あおい" });
  });
  afterAll(async () => {
    await database?.close();
  });

  const submit = async (listener: Viewer, data?: Uint8Array) =>
    submitAgeDocument({
      db: db(),
      storage: routes.context.storage,
      authSecret: routes.context.env.authSecret,
      actor: listener,
      input: { documentKind: "driver_license", data: data ?? (await phonePhoto()) },
    });
  const decide = (
    id: string,
    decision: Parameters<typeof decideAgeVerification>[0]["input"]["decision"],
    now?: Date,
  ) =>
    decideAgeVerification({
      db: db(),
      mailer: routes.context.mailer,
      baseUrl: routes.context.env.baseUrl,
      actor: operator,
      input: { id, decision },
      ...(now ? { now } : {}),
    });
  const rowOf = async (id: string) =>
    (await db().select().from(ageVerifications).where(eq(ageVerifications.id, id)))[0]!;

  it("an unverified listener can open no room and send nothing; a verified one can", async () => {
    const newcomer = await makeListener(db(), { ageVerified: false });
    expect(await openRoom({ db: db(), actor: newcomer, input: { staff_id: cast.uid } })).toEqual({
      ok: false,
      error: "age_verification",
      message: AGE_VERIFICATION_TEXTS.required,
    });
    const verified = await makeListener(db());
    const opened = await openRoom({ db: db(), actor: verified, input: { staff_id: cast.uid } });
    if (!opened.ok) throw new Error(opened.error);
    expect(
      await sendMessage({ db: db(), actor: verified, input: { roomId: opened.room.id, body: "こんばんは" } }),
    ).toMatchObject({ ok: true });
    // A room she already has (the requirement switched on later): her messages are refused too.
    await db().delete(ageVerifications).where(eq(ageVerifications.listener_id, verified.uid));
    expect(
      await sendMessage({ db: db(), actor: verified, input: { roomId: opened.room.id, body: "また来ます" } }),
    ).toEqual({ ok: false, error: "age_verification", message: AGE_VERIFICATION_TEXTS.required });
    // The staff member answers whatever the listener's state.
    expect(
      await sendMessage({ db: db(), actor: cast, input: { roomId: opened.room.id, body: "ありがとう" } }),
    ).toMatchObject({ ok: true });
  });

  it("a document is stored re-encoded and encrypted; an operator's every view is audited", async () => {
    const listener = await makeListener(db(), { ageVerified: false });
    const sent = await submit(listener);
    if (!sent.ok) throw new Error(sent.error);
    expect(await readAgeVerification(db(), listener.uid)).toMatchObject({
      state: "pending",
      documentKind: "driver_license",
    });
    expect(await submit(listener)).toEqual({
      ok: false,
      error: "state",
      message: AGE_VERIFICATION_TEXTS.alreadyPending,
    });

    const row = await rowOf(sent.id);
    expect(row.document_key).toMatch(/^private\/age-documents\//);
    const stored = await routes.context.storage.get(row.document_key!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    const sealed = Buffer.concat(chunks);
    // Not a picture at rest, and only under this verification's id.
    expect(sealed.subarray(0, 4).toString()).toBe("YAD1");
    expect(sealed.includes(Buffer.from("WEBP"))).toBe(false);
    expect(() => openDocument(routes.context.env.authSecret, sealed, "another-id")).toThrow();

    const read = () =>
      readAgeDocument({
        db: db(),
        storage: routes.context.storage,
        authSecret: routes.context.env.authSecret,
        actor: operator,
        input: { id: sent.id },
      });
    const first = await read();
    await read();
    const meta = await sharp(first!.data).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(first!.data.includes(Buffer.from("PhoneMaker"))).toBe(false);
    const views = await db()
      .select()
      .from(operatorAuditLog)
      .where(
        and(eq(operatorAuditLog.action, "age_verification.view"), eq(operatorAuditLog.target_id, sent.id)),
      );
    expect(views).toHaveLength(2);
    // Someone who is not an operator gets nothing, whatever id they know.
    await expect(
      readAgeDocument({
        db: db(),
        storage: routes.context.storage,
        authSecret: routes.context.env.authSecret,
        actor: { uid: listener.uid, email: listener.email, ip: "198.51.100.1" },
        input: { id: sent.id },
      }),
    ).rejects.toThrow();
  });

  it("approved at 18: verified, mailed, told in-app, and the room opens", async () => {
    const listener = await makeListener(db(), { ageVerified: false });
    const sent = await submit(listener);
    if (!sent.ok) throw new Error(sent.error);
    const now = new Date("2026-11-28T03:00:00Z"); // 12:00 in Tokyo
    expect(await decide(sent.id, { decision: "approve", birth_date: "2008-11-28" }, now)).toEqual({
      ok: true,
      status: "verified",
      underage: false,
    });
    expect(await decide(sent.id, { decision: "reject", reason: "二度目" })).toMatchObject({
      ok: false,
      error: "not_pending",
    });
    expect(await rowOf(sent.id)).toMatchObject({
      status: "verified",
      birth_date: "2008-11-28",
      decided_by: operator.uid,
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, listener.email));
    expect(mails.map((m) => m.kind)).toEqual(["age-verification"]);
    expect(mails[0]!.subject).toContain("年齢確認が完了しました");
    expect(mails[0]!.text).not.toContain("2008");
    const events = await db()
      .select()
      .from(notificationEvents)
      .where(eq(notificationEvents.kind, "age_verification"));
    expect(events.some((e) => JSON.stringify(e.payload).includes(listener.uid))).toBe(true);
    expect(await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } })).toMatchObject({
      ok: true,
    });
  });

  it("under 18 by the birth date is refused, the birth date kept; a rejection lets her send again", async () => {
    const young = await makeListener(db(), { ageVerified: false });
    const sent = await submit(young);
    if (!sent.ok) throw new Error(sent.error);
    const now = new Date("2026-11-28T03:00:00Z");
    expect(await decide(sent.id, { decision: "approve", birth_date: "2008-11-29" }, now)).toEqual({
      ok: true,
      status: "rejected",
      underage: true,
    });
    expect(await rowOf(sent.id)).toMatchObject({
      status: "rejected",
      birth_date: "2008-11-29",
      reject_reason: AGE_VERIFICATION_TEXTS.underage,
    });
    expect(await openRoom({ db: db(), actor: young, input: { staff_id: cast.uid } })).toMatchObject({
      error: "age_verification",
    });

    const blurry = await makeListener(db(), { ageVerified: false });
    const first = await submit(blurry);
    if (!first.ok) throw new Error(first.error);
    await decide(first.id, { decision: "reject", reason: "生年月日が読み取れません" });
    expect(await readAgeVerification(db(), blurry.uid)).toMatchObject({
      state: "rejected",
      rejectReason: "生年月日が読み取れません",
    });
    expect(await submit(blurry)).toMatchObject({ ok: true });
  });

  it("a picture that is no image is refused and nothing is stored", async () => {
    const listener = await makeListener(db(), { ageVerified: false });
    expect(await submit(listener, new TextEncoder().encode("not a picture"))).toEqual({
      ok: false,
      error: "unsupported",
    });
    expect(await readAgeVerification(db(), listener.uid)).toMatchObject({ state: "none" });
  });

  it("the picture is deleted 30 days after the decision; the decision and birth date stay", async () => {
    const listener = await makeListener(db(), { ageVerified: false });
    const sent = await submit(listener);
    if (!sent.ok) throw new Error(sent.error);
    const decidedAt = new Date("2026-10-01T00:00:00Z");
    await decide(sent.id, { decision: "approve", birth_date: "1990-05-05" }, decidedAt);
    const key = (await rowOf(sent.id)).document_key!;
    const storage = routes.context.storage;

    await purgeAgeDocuments({ db: db(), storage, now: new Date(decidedAt.getTime() + 29 * DAY) });
    expect(await storage.head(key)).not.toBeNull();
    const later = new Date(decidedAt.getTime() + 31 * DAY);
    expect((await purgeAgeDocuments({ db: db(), storage, now: later })).deleted).toBeGreaterThanOrEqual(1);
    expect(await storage.head(key)).toBeNull();
    expect(await rowOf(sent.id)).toMatchObject({
      status: "verified",
      birth_date: "1990-05-05",
      document_key: null,
      document_kind: "driver_license",
      document_deleted_at: later,
    });
    expect(
      await readAgeDocument({
        db: db(),
        storage,
        authSecret: routes.context.env.authSecret,
        actor: operator,
        input: { id: sent.id },
      }),
    ).toBeNull();
  });

  it("a card payment verifies her; a konbini payment does not", async () => {
    const port = createTestPayments(routes.context.env.authSecret);
    const pay = async (listener: Viewer, method: "card" | "konbini") => {
      const started = await startCoinCheckout({
        db: db(),
        actor: listener,
        port,
        input: {
          packId: "coins-500",
          confirmedTerms: await confirmedCoinTerms(db(), listener, "coins-500"),
          baseUrl: "",
        },
      });
      if (!started.ok) throw new Error("checkout failed");
      const [order] = await db().select().from(coinOrders).where(eq(coinOrders.order_id, started.orderId));
      const session = {
        id: order!.provider_session_id!,
        orderId: started.orderId,
        status: "complete",
      } as const;
      const events =
        method === "card"
          ? [port.signedEvent("checkout.session.completed", { ...session, paymentStatus: "paid" })]
          : [
              port.signedEvent("checkout.session.completed", { ...session, paymentStatus: "unpaid" }),
              port.signedEvent("checkout.session.async_payment_succeeded", {
                ...session,
                paymentStatus: "paid",
              }),
            ];
      for (const event of events)
        expect(
          await receivePaymentWebhook({ db: db(), port, rawBody: event.body, signature: event.signature }),
        ).toMatchObject({ ok: true });
    };
    const byCard = await makeListener(db(), { ageVerified: false });
    await pay(byCard, "card");
    expect(await readAgeVerification(db(), byCard.uid)).toMatchObject({ state: "verified", method: "card" });
    await pay(byCard, "card");
    expect(
      await db().select().from(ageVerifications).where(eq(ageVerifications.listener_id, byCard.uid)),
    ).toHaveLength(1);

    const byKonbini = await makeListener(db(), { ageVerified: false });
    await pay(byKonbini, "konbini");
    expect(await readAgeVerification(db(), byKonbini.uid)).toMatchObject({ state: "none" });
  });

  it("the operator can switch the requirement off (age_verification_required)", async () => {
    const listener = await makeListener(db(), { ageVerified: false });
    await db().insert(remoteConfigValues).values({ key: "age_verification_required", value: false });
    forgetRemoteConfig(db());
    try {
      expect(await openRoom({ db: db(), actor: listener, input: { staff_id: cast.uid } })).toMatchObject({
        ok: true,
      });
    } finally {
      await db().delete(remoteConfigValues).where(eq(remoteConfigValues.key, "age_verification_required"));
      forgetRemoteConfig(db());
    }
  });
});
