import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeners } from "~/.server/db/schema";
import { hitRateLimit } from "~/.server/rate-limit/rate-limiter";
import { RATE_LIMITS } from "~/.server/rate-limit/rules";
import { changeListenerImage } from "~/.server/services/accounts/change-listener-image";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver } from "../support/factories";
import { openTestStorage, storages, type TestStorage } from "../support/storages";

// The same tests on every database and on both storages (the local disk, S3 through s3rver).
const cases = drivers.flatMap((driver) => storages.map((storage) => [driver, storage] as const));

describe.each(cases)("listener profile picture on %s with %s storage", (driver, kind) => {
  let database: TestDatabase;
  let storage: TestStorage;
  let images: TestStorage["images"];
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "listener_image" });
    storage = await openTestStorage(kind);
    images = storage.images;
  });
  afterAll(async () => {
    await database?.close();
    await storage?.close();
  });

  const jpeg = () =>
    sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withExif({ IFD0: { Make: "SecretCam" } })
      .toBuffer();
  const imageUrlOf = async (uid: string) =>
    (await database.db.select().from(listeners).where(eq(listeners.uid, uid)))[0]!.image_url;

  it("stores a re-encoded picture, replaces it (removing the old file) and removes it", async () => {
    const listener = await makeListener(database.db);
    const first = await changeListenerImage({
      db: database.db,
      images,
      actor: listener,
      input: { data: await jpeg() },
    });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.imageUrl).toMatch(new RegExp(`^/uploads/listeners/${listener.uid}/.+\\.webp$`));
    expect(await imageUrlOf(listener.uid)).toBe(first.imageUrl);
    const stored = await sharp(await storage.read(first.imageUrl)).metadata();
    expect(stored.format).toBe("webp");
    expect(stored.exif).toBeUndefined();

    const second = await changeListenerImage({
      db: database.db,
      images,
      actor: listener,
      input: { data: await jpeg() },
    });
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(await storage.exists(first.imageUrl)).toBe(false);
    expect(await storage.exists(second.imageUrl)).toBe(true);

    expect(
      await changeListenerImage({ db: database.db, images, actor: listener, input: { data: null } }),
    ).toEqual({
      ok: true,
      imageUrl: "",
    });
    expect(await imageUrlOf(listener.uid)).toBe("");
    expect(await storage.exists(second.imageUrl)).toBe(false);
  });

  it("refuses what is not a picture and keeps the current one", async () => {
    const listener = await makeListener(database.db);
    const ok = await changeListenerImage({
      db: database.db,
      images,
      actor: listener,
      input: { data: await jpeg() },
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(
      await changeListenerImage({ db: database.db, images, actor: listener, input: { data: svg } }),
    ).toEqual({
      ok: false,
      error: "unsupported",
    });
    expect(await imageUrlOf(listener.uid)).toBe(ok.ok ? ok.imageUrl : "");
  });

  it("counts uploads per account: beyond the hourly allowance nothing is decoded or stored", async () => {
    const listener = await makeListener(database.db);
    for (let i = 0; i < RATE_LIMITS.uploadPerAccount.limit; i++)
      await hitRateLimit(database.db, RATE_LIMITS.uploadPerAccount, listener.uid);
    expect(
      await changeListenerImage({ db: database.db, images, actor: listener, input: { data: await jpeg() } }),
    ).toEqual({ ok: false, error: "too_many_uploads" });
    expect(await imageUrlOf(listener.uid)).toBe("");
  });

  it("is for listeners only", async () => {
    const store = await makeLiver(database.db);
    expect(
      await changeListenerImage({ db: database.db, images, actor: store, input: { data: await jpeg() } }),
    ).toEqual({
      ok: false,
      error: "forbidden",
    });
  });
});
