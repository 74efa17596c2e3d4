import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { livers, staffs } from "~/.server/db/schema";
import { listSitemapEntries, SITEMAP_TTL_MS } from "~/.server/services/directory/list-sitemap-entries";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeLiver, makeStaff } from "../support/factories";

describe.each(drivers)("sitemap entries on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(driver, { prefix: "sitemap" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("lists public stores and publicly listed staff only, and reads them once per interval", async () => {
    const db = database.db;
    const open = await makeLiver(db, { status: "public" });
    const hidden = await makeLiver(db, { status: "private" });
    const listed = await makeStaff(db, open.uid);
    const notDisplayed = await makeStaff(db, open.uid, { is_displayed: false });
    const deleted = await makeStaff(db, open.uid, { status: "deleted" });
    const ofHiddenStore = await makeStaff(db, hidden.uid);

    const t0 = Date.now();
    const paths = (await listSitemapEntries({ db, now: t0 })).map((e) => e.path);
    expect(paths).toContain(`/listener/liver/${open.uid}`);
    expect(paths).toContain(`/listener/staff/${listed.uid}`);
    for (const uid of [hidden.uid]) expect(paths).not.toContain(`/listener/liver/${uid}`);
    for (const uid of [notDisplayed.uid, deleted.uid, ofHiddenStore.uid])
      expect(paths).not.toContain(`/listener/staff/${uid}`);

    // Within the interval the same reading serves; after it, the database is read again.
    await db.update(livers).set({ status: "public" }).where(eq(livers.uid, hidden.uid));
    await db.update(staffs).set({ is_displayed: true }).where(eq(staffs.uid, notDisplayed.uid));
    const cached = (await listSitemapEntries({ db, now: t0 + 1000 })).map((e) => e.path);
    expect(cached).toEqual(paths);
    const fresh = (await listSitemapEntries({ db, now: t0 + SITEMAP_TTL_MS + 1 })).map((e) => e.path);
    expect(fresh).toContain(`/listener/liver/${hidden.uid}`);
    expect(fresh).toContain(`/listener/staff/${notDisplayed.uid}`);
    expect(fresh).toContain(`/listener/staff/${ofHiddenStore.uid}`);
  });
});
