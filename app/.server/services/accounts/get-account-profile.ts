import { eq } from "drizzle-orm";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { listeners, livers, staffs } from "../../db/schema";

/**
 * The profile of the signed-in account, as `/api/me` answers it: the row of its role without
 * anything secret (bank account, internal login e-mail, derived search columns).
 */
export async function getAccountProfile({ db, actor }: { db: Db; actor: Viewer }) {
  // The operator has no profile row of a role: its name and address are all there is.
  if (actor.type === "operator") return { uid: actor.uid, name: actor.name, email: actor.email };
  if (actor.type === "listener") {
    const [row] = await db.select().from(listeners).where(eq(listeners.uid, actor.uid));
    return row ?? null;
  }
  if (actor.type === "liver") {
    const [row] = await db.select().from(livers).where(eq(livers.uid, actor.uid));
    if (!row) return null;
    const { account: _bank, search_text: _s, ...store } = row;
    return store;
  }
  const [row] = await db.select().from(staffs).where(eq(staffs.uid, actor.uid));
  if (!row) return null;
  const {
    login_email: _e,
    search_text: _s,
    matching_mask: _m,
    published_mask: _p,
    sort_new_at: _n,
    ...staff
  } = row;
  return staff;
}
