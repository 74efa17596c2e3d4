import { eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { type Liver, livers } from "../../db/schema/index";

export type StoreProfile = Omit<Liver, "account" | "search_text">;

/** The actor's own store, without the bank account and derived columns; null for anyone else. */
export async function getStoreProfile({
  db,
  actor,
}: {
  db: Db;
  actor: Viewer;
}): Promise<StoreProfile | null> {
  if (roleRefusal(actor, "store.read")) return null;
  const [row] = await db.select().from(livers).where(eq(livers.uid, actor.uid)).limit(1);
  if (!row) return null;
  const { account: _account, search_text: _search, ...store } = row;
  return store;
}
