/**
 * The store's back office, rough edges (docs/product.md "The store's back office"): several gallery
 * pictures in one post, all or none; the receipt of a paid plan invoice (ADR 0061) only for its
 * own store and only when paid; converting items only after the confirmation. Through the route
 * modules, on one database: the SQL is plain, the subject is what each page answers.
 */
import { randomUUID } from "node:crypto";
import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livers, storeInvoices } from "~/.server/db/schema";
import { sendGift } from "~/.server/services/gifts/send-gift";
import { buyItem } from "~/.server/services/ledger/buy-item";
import { DEFAULT_LIVE_SETTINGS } from "~/.server/services/live/live-settings";
import { GALLERY_MAX_IMAGES, galleryRoomMessage, IMAGE_MESSAGES } from "~/domain/images";
import { CONVERSION_TEXTS } from "~/domain/item-conversion";
import * as convertPage from "~/routes/liver/mypage-item-convert";
import * as receiptPage from "~/routes/liver/mypage-payment-receipt";
import * as storeProfile from "~/routes/liver/mypage-profile";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { FACTORY_PASSWORD, makeListener, makeLiver } from "../support/factories";
import { giveCoins } from "../support/money";
import { type Answer, call, form, type RouteContext, routeContext, sessionCookie } from "../support/routes";

describe.each(drivers.slice(0, 1))("the store's back office on %s", (driver) => {
  let database: TestDatabase;
  let routes: RouteContext;
  let store: Awaited<ReturnType<typeof makeLiver>>;
  let other: Awaited<ReturnType<typeof makeLiver>>;
  let cookie = "";
  let otherCookie = "";

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "rough_edges_store" });
    routes = routeContext(database.db);
    store = await makeLiver(database.db, { store_name: "ラウンジ 月", image_urls: [] });
    other = await makeLiver(database.db, { store_name: "クラブ 星" });
    cookie = await sessionCookie(routes.context, "liver", store.email, FACTORY_PASSWORD);
    otherCookie = await sessionCookie(routes.context, "liver", other.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
    if (routes) rmSync(routes.dataDir, { recursive: true, force: true });
  });

  const errorsOf = (answer: Answer) => (answer.body as { errors: Record<string, string> }).errors;
  const storeRow = async () => (await database.db.select().from(livers).where(eq(livers.uid, store.uid)))[0]!;

  describe("gallery pictures, several in one post", () => {
    const folder = () => path.join(routes.dataDir, "uploads", "livers", store.uid);
    const files = () => {
      try {
        return readdirSync(folder());
      } catch {
        return [];
      }
    };
    const png = (background: string) =>
      sharp({ create: { width: 40, height: 30, channels: 3, background } })
        .png()
        .toBuffer();
    const upload = async (pictures: [string, Buffer | string][]) => {
      const body = form({ intent: "image_add" });
      for (const [name, data] of pictures)
        body.append("image", new File([typeof data === "string" ? data : new Uint8Array(data)], name));
      return call(storeProfile.action, {
        context: routes.context,
        url: "/liver/mypage/profile",
        cookie,
        method: "POST",
        body,
      });
    };

    it("adds them all, in the order chosen, re-encoded", async () => {
      const answer = await upload([
        ["a.png", await png("#ff0000")],
        ["b.png", await png("#0000ff")],
        ["c.png", await png("#00ff00")],
      ]);
      expect(answer).toMatchObject({ status: 302, location: "/liver/mypage/profile?done=image_added" });
      const urls = (await storeRow()).image_urls;
      expect(urls).toHaveLength(3);
      const colours = await Promise.all(
        urls.map(async (url) => (await sharp(path.join(routes.dataDir, url)).stats()).dominant),
      );
      // Red first, then blue, then green (the order of the post).
      expect(colours.map((c) => [c.r > 150, c.b > 150, c.g > 100])).toEqual([
        [true, false, false],
        [false, true, false],
        [false, false, true],
      ]);
      expect(files()).toHaveLength(3);
    });

    it("refuses the whole post when one is refused, naming it; nothing is written", async () => {
      const before = (await storeRow()).image_urls;
      const answer = await upload([
        ["ok.png", await png("#000")],
        ["evil.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>"],
      ]);
      expect(answer.status).toBe(400);
      expect(errorsOf(answer).image).toBe(`「evil.svg」：${IMAGE_MESSAGES.unsupported}`);
      const broken = await upload([
        ["ok.png", await png("#000")],
        ["photo.jpg", "not a picture"],
      ]);
      expect(errorsOf(broken).image).toBe(`「photo.jpg」：${IMAGE_MESSAGES.unsupported}`);
      expect((await storeRow()).image_urls).toEqual(before);
      expect(files()).toHaveLength(before.length);
    });

    it("refuses more pictures than the gallery has room for", async () => {
      const before = (await storeRow()).image_urls;
      const room = GALLERY_MAX_IMAGES - before.length;
      const picture = await png("#999");
      const answer = await upload(Array.from({ length: room + 1 }, (_, i) => [`p${i}.png`, picture]));
      expect(answer.status).toBe(400);
      expect(errorsOf(answer).image).toBe(galleryRoomMessage(room, room + 1));
      expect((await storeRow()).image_urls).toEqual(before);
      expect(files()).toHaveLength(before.length);
    });
  });

  describe("the receipt of a plan invoice", () => {
    const invoice = async (liverId: string, status: "paid" | "open" | "failed", amount = 9800) => {
      const id = `in_test_${randomUUID()}`;
      await database.db.insert(storeInvoices).values({
        invoice_id: id,
        liver_id: liverId,
        provider: "test",
        plan_id: "standard",
        number: status === "paid" ? "YN-0001" : "",
        amount_jpy: amount,
        status,
        period_start: new Date("2026-11-01T00:00:00Z"),
        period_end: new Date("2026-12-01T00:00:00Z"),
        paid_at: status === "paid" ? new Date("2026-11-01T03:00:00Z") : null,
      });
      return id;
    };
    const open = (id: string, as = cookie) =>
      call(receiptPage.loader, {
        context: routes.context,
        url: `/liver/mypage/payment/receipts/${id}`,
        cookie: as,
        params: { id },
      });

    it("shows the store's own paid invoice as a qualified invoice", async () => {
      const id = await invoice(store.uid, "paid");
      const answer = await open(id);
      expect(answer.status).toBe(200);
      expect((answer.body as { receipt: unknown }).receipt).toMatchObject({
        number: "YN-0001",
        recipient: "ラウンジ 月",
        date: "2026-11-01T03:00:00.000Z",
        issuer: { registrationNumber: "T0000000000000", isPlaceholder: true },
        byRate: [{ rate: 10, totalJpy: 9800, taxJpy: 890, netJpy: 8910 }],
        totalJpy: 9800,
      });
    });

    it("is a 404 for another store's invoice, an unpaid one and an unknown id", async () => {
      const mine = await invoice(store.uid, "paid");
      const theirs = await invoice(other.uid, "paid");
      const unpaid = await invoice(store.uid, "open");
      const failed = await invoice(store.uid, "failed");
      expect((await open(theirs)).status).toBe(404);
      expect((await open(mine, otherCookie)).status).toBe(404);
      expect((await open(unpaid)).status).toBe(404);
      expect((await open(failed)).status).toBe(404);
      expect((await open("in_nope")).status).toBe(404);
      expect((await open(theirs, otherCookie)).status).toBe(200);
    });
  });

  describe("converting items", () => {
    it("converts only after the confirmation", async () => {
      const listener = await makeListener(database.db);
      await giveCoins(database.db, listener.uid, 5_000);
      const key = () => randomUUID();
      expect(
        (
          await buyItem({
            db: database.db,
            actor: listener,
            input: { item_id: "bouquet", quantity: 3, idempotency_key: key() },
          })
        ).ok,
      ).toBe(true);
      const gift = await sendGift({
        db: database.db,
        settings: DEFAULT_LIVE_SETTINGS,
        actor: listener,
        input: { item_id: "bouquet", quantity: 3, liver_id: store.uid, idempotency_key: key() },
      });
      expect(gift.ok).toBe(true);
      const post = (values: Record<string, string>) =>
        call(convertPage.action, {
          context: routes.context,
          url: "/liver/mypage/item/convert",
          cookie,
          method: "POST",
          body: form({ intent: "convert", idempotency_key: key(), ...values }),
        });

      const page = await call(convertPage.loader, {
        context: routes.context,
        url: "/liver/mypage/item/convert",
        cookie,
      });
      const heldPoints = (page.body as { heldPoints: number }).heldPoints;
      expect(heldPoints).toBeGreaterThan(0);

      for (const values of [{}, { confirm: "on" }] as Record<string, string>[]) {
        const refused = await post(values);
        expect(refused.status).toBe(400);
        expect(errorsOf(refused).confirm).toBe(CONVERSION_TEXTS.confirmRequired);
      }
      expect((await storeRow()).point).toBe(0);

      const converted = await post({ confirm: "yes" });
      expect(converted).toMatchObject({ status: 200, body: { error: null } });
      expect((await storeRow()).point).toBe(heldPoints);
    });
  });
});
