import { count, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactMessages, mailOutbox, shopEntryRequests } from "../../db/schema";
import { assertOperator, type SignedInOperator } from "./operator-actor";

/** The dashboard's counts of what needs the operator (contract §15). */
export async function getAdminDashboard({ db, actor }: { db: Db; actor: SignedInOperator }) {
  await assertOperator(db, actor);
  const [[shopEntry], [contact], [failedMails]] = await Promise.all([
    db.select({ n: count() }).from(shopEntryRequests).where(eq(shopEntryRequests.status, "new")),
    db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.status, "new")),
    db.select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.status, "failed")),
  ]);
  return {
    newShopEntryRequests: shopEntry?.n ?? 0,
    newContactMessages: contact?.n ?? 0,
    failedMails: failedMails?.n ?? 0,
  };
}
