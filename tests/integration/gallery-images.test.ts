import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livers, staffs } from "~/.server/db/schema";
import { addGalleryImage } from "~/.server/services/images/add-gallery-image";
import { removeGalleryImage } from "~/.server/services/images/remove-gallery-image";
import { deleteStaff } from "~/.server/services/staff/delete-staff";
import { GALLERY_MAX_IMAGES } from "~/domain/images";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver, makeStaff } from "../support/factories";
import { openTestStorage, storages, type TestStorage } from "../support/storages";

// The same tests on every database and on both storages (the local disk, S3 through s3rver).
const cases = drivers.flatMap((driver) => storages.map((storage) => [driver, storage] as const));

describe.each(cases)("gallery pictures on %s with %s storage", (driver, kind) => {
  let database: TestDatabase;
  let storage: TestStorage;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "gallery_images" });
    storage = await openTestStorage(kind);
  });
  afterAll(async () => {
    await database?.close();
    await storage?.close();
  });
  const png = () =>
    sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 30, g: 160, b: 90 } } })
      .png()
      .toBuffer();
  const storeUrls = async (uid: string) =>
    (await database.db.select().from(livers).where(eq(livers.uid, uid)))[0]!.image_urls;
  const staffUrls = async (uid: string) =>
    (await database.db.select().from(staffs).where(eq(staffs.uid, uid)))[0]!.image_urls;

  it("adds a re-encoded picture to a store's gallery and removes it, row and object", async () => {
    const store = await makeLiver(database.db);
    const added = await addGalleryImage({
      db: database.db,
      images: storage.images,
      actor: store,
      target: { kind: "liver" },
      input: { data: await png(), fileName: "shop.png" },
    });
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    expect(added.url).toMatch(new RegExp(`^/uploads/livers/${store.uid}/[A-Za-z0-9_-]{22}\\.webp$`));
    expect(await storeUrls(store.uid)).toEqual([added.url]);
    const stored = await sharp(await storage.read(added.url)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 80, 60]);

    expect(
      await removeGalleryImage({
        db: database.db,
        images: storage.images,
        actor: store,
        target: { kind: "liver" },
        input: { url: added.url },
      }),
    ).toEqual({ ok: true });
    expect(await storeUrls(store.uid)).toEqual([]);
    expect(await storage.exists(added.url)).toBe(false);
  });

  it("stores nothing for a refused upload or a full gallery; removes only its own pictures", async () => {
    const store = await makeLiver(database.db);
    const other = await makeLiver(database.db);
    const add = (actor: typeof store, data: Uint8Array, fileName = "a.png") =>
      addGalleryImage({
        db: database.db,
        images: storage.images,
        actor,
        target: { kind: "liver" },
        input: { data, fileName },
      });
    expect(await add(store, Buffer.from("<svg/>"), "a.svg")).toEqual({ ok: false, error: "unsupported" });
    const full = Array.from(
      { length: GALLERY_MAX_IMAGES },
      (_, i) => `/uploads/livers/${store.uid}/placeholder-${String(i).padStart(12, "0")}.webp`,
    );
    await database.db.update(livers).set({ image_urls: full }).where(eq(livers.uid, store.uid));
    expect(await add(store, await png())).toEqual({ ok: false, error: "gallery_full" });
    const keys: string[] = [];
    for await (const item of storage.objects.list()) keys.push(item.key);
    expect(keys.filter((key) => key.startsWith(`livers/${store.uid}/`))).toEqual([]);

    const theirs = await add(other, await png());
    if (!theirs.ok) throw new Error("upload refused");
    expect(
      await removeGalleryImage({
        db: database.db,
        images: storage.images,
        actor: store,
        target: { kind: "liver" },
        input: { url: theirs.url },
      }),
    ).toEqual({ ok: false, error: "not_found" });
    expect(await storage.exists(theirs.url)).toBe(true);
  });

  it("deleting a staff member removes the pictures of her gallery", async () => {
    const store = await makeLiver(database.db);
    const staff = await makeStaff(database.db, store.uid);
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const added = await addGalleryImage({
        db: database.db,
        images: storage.images,
        actor: store,
        target: { kind: "staff", staffId: staff.uid },
        input: { data: await png(), fileName: "cast.png" },
      });
      if (!added.ok) throw new Error("upload refused");
      urls.push(added.url);
    }
    expect(await staffUrls(staff.uid)).toEqual(urls);
    for (const url of urls) expect(await storage.exists(url)).toBe(true);
    expect(
      await deleteStaff({
        db: database.db,
        images: storage.images,
        actor: store,
        input: { staffId: staff.uid },
      }),
    ).toEqual({ ok: true });
    expect(await staffUrls(staff.uid)).toEqual([]);
    for (const url of urls) expect(await storage.exists(url)).toBe(false);
  });
});
