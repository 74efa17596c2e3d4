import type { Db } from "../db/client";
import { livers } from "../db/schema";
import type { ObjectStorage } from "../integrations/storage/object-storage";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from "./seed-database";

/** The demo data set of a first start in development (README: 60 stores, 480 staff, 40 listeners). */
export const DEMO_SIZE = { stores: 60, staff: 480, listeners: 40, seed: 1 } as const;

/**
 * Fills an empty database (no stores) with the small demo data set; does nothing otherwise.
 * A failure is logged, not thrown: the server starts anyway.
 */
export async function seedDemoIfEmpty(
  db: Db,
  { dataDir, storage, log }: { dataDir: string; storage?: ObjectStorage; log: (line: string) => void },
): Promise<boolean> {
  const existing = await db.select({ uid: livers.uid }).from(livers).limit(1);
  if (existing.length > 0) return false;
  const started = Date.now();
  try {
    const summary = await seedDatabase(db, { ...DEMO_SIZE, dataDir, storage });
    log(
      `demo data: ${summary.stores} stores, ${summary.staff} staff, ${summary.listeners} listeners, ` +
        `${summary.favorites} follows, ${summary.schedules} shifts, ${summary.rooms} chat rooms in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(password ${DEMO_PASSWORD}: ${DEMO_ACCOUNTS.listener.email}, ${DEMO_ACCOUNTS.store.email}, staff ${DEMO_ACCOUNTS.staff.loginId})`,
    );
    return true;
  } catch (error) {
    log(`demo data could not be created: ${(error as Error).message}`);
    return false;
  }
}
