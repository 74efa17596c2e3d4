import { sql } from "drizzle-orm";
import { check, pgTable, smallint, uuid } from "drizzle-orm/pg-core";

/**
 * One row whose `version` changes in the same transaction as anything that can change a total of
 * the public directory (a staff member's or store's status, attributes, area, names, answers…).
 * Triggers of migration 0006 keep it; services/directory/directory-totals.ts remembers totals per
 * version, so a total is counted again only after the directory really changed (ADR 0013).
 * A random token rather than a counter: a counter can go back (a restored backup, a standby that
 * lags, a recreated database) and meet a remembered value again; a token names one state only.
 */
export const directoryState = pgTable(
  "directory_state",
  {
    id: smallint("id").primaryKey().default(1),
    version: uuid("version").notNull().defaultRandom(),
  },
  (t) => [check("directory_state_single_row", sql`${t.id} = 1`)],
);
