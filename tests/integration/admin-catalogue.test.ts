/**
 * The coin packs and items of the operator's console (ADR 0033, ADR 0032) on both
 * databases: created, edited, retired (off the purchase pages), deleted only when never sold —
 * a sold one is refused with a Japanese message and stays — bad input a 400 with the message next
 * to the field and the values kept; item pictures through the real image pipeline; all audited.
 */

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coinPacks, items, operatorAuditLog } from "~/.server/db/schema";
import { buyItem } from "~/.server/services/ledger/buy-item";
import * as coinPacksRoute from "~/routes/admin/coin-packs";
import * as itemsRoute from "~/routes/admin/items";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener } from "../support/factories";
import { giveCoins } from "../support/money";
import { makeOperator, operatorCookie } from "../support/operators";
import { call, form, type RouteContext, routeContext } from "../support/routes";

describe.each(drivers)("operator catalogue on %s", (driver) => {
  let database: TestDatabase;
  let rc: RouteContext;
  let context: AppLoadContext;
  let cookie: string;
  const db = () => database.db;

  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "admin_catalogue" });
    rc = routeContext(database.db);
    context = rc.context;
    const op = await makeOperator(db(), { authSecret: context.env.authSecret });
    cookie = await operatorCookie(context, op);
  });
  afterAll(async () => {
    await database?.close();
  });

  const post = (fn: typeof coinPacksRoute.action | typeof itemsRoute.action, url: string, body: FormData) =>
    call(fn, { context, url, method: "POST", cookie, body });
  const pack = async (id: string) =>
    (await db().select().from(coinPacks).where(eq(coinPacks.pack_id, id)))[0];
  const item = async (id: string) => (await db().select().from(items).where(eq(items.item_id, id)))[0];
  const audit = (action: string, id: string) =>
    db()
      .select()
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.action, action), eq(operatorAuditLog.target_id, id)));

  it("coin packs: create, refuse a taken id and bad numbers (400, message, values kept), edit, retire, delete", async () => {
    const created = await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({
        intent: "create",
        pack_id: "coins-2000",
        name: "コイン 2,000",
        coins: "２０００",
        bonus_coins: "50",
        price_jpy: "2,000",
        sort_order: "3",
      }),
    );
    expect(created).toMatchObject({ status: 302, location: "/admin/coin-packs?done=created" });
    expect(await pack("coins-2000")).toMatchObject({
      coins: 2000,
      bonus_coins: 50,
      price_jpy: 2000,
      status: "active",
    });

    const taken = await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({
        intent: "create",
        pack_id: "coins-2000",
        name: "別",
        coins: "1",
        bonus_coins: "0",
        price_jpy: "1",
        sort_order: "0",
      }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({
      errors: { pack_id: "このIDはすでに使われています。別のIDを入力してください" },
    });

    const bad = await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({
        intent: "create",
        pack_id: "Coins 3000",
        name: "コイン",
        coins: "0",
        bonus_coins: "-1",
        price_jpy: "abc",
        sort_order: "0",
      }),
    );
    expect(bad.status).toBe(400);
    const body = bad.body as { values: Record<string, string>; errors: Record<string, string> };
    expect(body.values.name).toBe("コイン");
    expect(body.errors.pack_id).toContain("半角英小文字");
    expect(body.errors.coins).toBe("コイン数は1以上で入力してください");
    expect(body.errors.price_jpy).toContain("数字で入力してください");
    expect(await pack("Coins 3000")).toBeUndefined();

    const edited = await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({
        intent: "update",
        pack_id: "coins-2000",
        name: "コイン 2,000（限定）",
        coins: "2000",
        bonus_coins: "100",
        price_jpy: "2000",
        sort_order: "3",
      }),
    );
    expect(edited.location).toBe("/admin/coin-packs?done=updated");
    expect(await pack("coins-2000")).toMatchObject({ name: "コイン 2,000（限定）", bonus_coins: 100 });
    expect((await audit("coin_pack.update", "coins-2000"))[0]?.details).toMatchObject({
      before: { bonus_coins: 50 },
      after: { bonus_coins: 100 },
    });

    await post(coinPacksRoute.action, "/admin/coin-packs", form({ intent: "retire", pack_id: "coins-2000" }));
    expect((await pack("coins-2000"))?.status).toBe("hidden");
    await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({ intent: "restore", pack_id: "coins-2000" }),
    );
    expect((await pack("coins-2000"))?.status).toBe("active");

    const deleted = await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({ intent: "delete", pack_id: "coins-2000" }),
    );
    expect(deleted.location).toBe("/admin/coin-packs?done=deleted");
    expect(await pack("coins-2000")).toBeUndefined();
    expect(await audit("coin_pack.delete", "coins-2000")).toHaveLength(1);
  });

  it("a pack that was sold cannot be deleted: refused in Japanese, still there, retired instead", async () => {
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 500); // an order of the launch pack coins-500
    const refused = await post(
      coinPacksRoute.action,
      "/admin/coin-packs",
      form({ intent: "delete", pack_id: "coins-500" }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      errors: {
        _form:
          "このパックは購入されたことがあるため削除できません。販売をやめるには「販売終了」にしてください",
      },
    });
    expect(await pack("coins-500")).toBeDefined();
    expect(await audit("coin_pack.delete", "coins-500")).toHaveLength(0);
    const page = await call(coinPacksRoute.loader, { context, url: "/admin/coin-packs", cookie });
    expect(
      (page.body as { packs: { pack_id: string; sold: boolean }[] }).packs.find(
        (p) => p.pack_id === "coins-500",
      )?.sold,
    ).toBe(true);
  });

  it("items: create, picture through the pipeline (WebP, old one removed), retire stops purchases, sold ones are never deleted", async () => {
    const created = await post(
      itemsRoute.action,
      "/admin/items",
      form({
        intent: "create",
        item_id: "sakura-fan",
        name: "花束",
        coin_price: "300",
        point_value: "150",
        sort_order: "9",
      }),
    );
    expect(created.location).toBe("/admin/items?done=created");
    expect(await item("sakura-fan")).toMatchObject({ coin_price: 300, point_value: 150, image_url: "" });

    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c36" } })
      .png()
      .toBuffer();
    const upload = () =>
      post(
        itemsRoute.action,
        "/admin/items",
        form(
          { intent: "image", item_id: "sakura-fan" },
          { image: new File([png], "flower.png", { type: "image/png" }) },
        ),
      );
    expect((await upload()).location).toBe("/admin/items?done=image");
    const first = (await item("sakura-fan"))?.image_url ?? "";
    expect(first).toMatch(/^\/uploads\/items\/sakura-fan\/[\w-]+\.webp$/);
    const onDisk = (url: string) =>
      existsSync(path.join(rc.dataDir, "uploads", url.replace(/^\/uploads\//, "")));
    expect(onDisk(first)).toBe(true);
    await upload();
    const second = (await item("sakura-fan"))?.image_url ?? "";
    expect(second).not.toBe(first);
    expect(onDisk(second)).toBe(true);
    expect(onDisk(first)).toBe(false);

    const fake = await post(
      itemsRoute.action,
      "/admin/items",
      form(
        { intent: "image", item_id: "sakura-fan" },
        { image: new File([new TextEncoder().encode("<svg/>")], "x.svg") },
      ),
    );
    expect(fake.status).toBe(400);
    expect(fake.body).toMatchObject({
      errors: { image: "JPEG・PNG・WebP・GIF・AVIF形式の画像を選択してください" },
    });
    expect((await item("sakura-fan"))?.image_url).toBe(second);

    // Retired: listeners cannot buy it.
    const listener = await makeListener(db());
    await giveCoins(db(), listener.uid, 1000);
    await post(itemsRoute.action, "/admin/items", form({ intent: "retire", item_id: "sakura-fan" }));
    const refused = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "sakura-fan", quantity: 1, idempotency_key: randomUUID() },
    });
    expect(refused.ok).toBe(false);
    await post(itemsRoute.action, "/admin/items", form({ intent: "restore", item_id: "sakura-fan" }));
    const bought = await buyItem({
      db: db(),
      actor: listener,
      input: { item_id: "sakura-fan", quantity: 1, idempotency_key: randomUUID() },
    });
    expect(bought.ok).toBe(true);
    const sold = await post(
      itemsRoute.action,
      "/admin/items",
      form({ intent: "delete", item_id: "sakura-fan" }),
    );
    expect(sold.status).toBe(409);
    expect(sold.body).toMatchObject({
      errors: {
        _form:
          "このアイテムは購入されたことがあるため削除できません。販売をやめるには「販売終了」にしてください",
      },
    });
    expect(await item("sakura-fan")).toBeDefined();
    expect(onDisk(second)).toBe(true);

    // One never sold is deleted, with its picture.
    await post(
      itemsRoute.action,
      "/admin/items",
      form({
        intent: "create",
        item_id: "mistake",
        name: "誤登録",
        coin_price: "1",
        point_value: "0",
        sort_order: "0",
      }),
    );
    const gone = await post(
      itemsRoute.action,
      "/admin/items",
      form({ intent: "delete", item_id: "mistake" }),
    );
    expect(gone.location).toBe("/admin/items?done=deleted");
    expect(await item("mistake")).toBeUndefined();
    for (const action of ["item.create", "item.image", "item.retire", "item.restore"])
      expect((await audit(action, "sakura-fan")).length, action).toBeGreaterThan(0);
    expect(await audit("item.delete", "mistake")).toHaveLength(1);
  });
});
