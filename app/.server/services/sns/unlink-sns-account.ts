import { and, eq } from "drizzle-orm";
import type { PolicyActor } from "~/domain/permissions";
import type { LinkedSource } from "~/domain/posts";
import type { Db } from "../../db/client";
import { snsLinks } from "../../db/schema";
import { linkOwnerOf } from "./link-owner";

/**
 * Removes the actor's link of `source` with its tokens. Posts already imported stay (they are
 * the author's posts; deleting them is the post editor's business).
 */
export async function unlinkSnsAccount({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: PolicyActor;
  input: { source: LinkedSource };
}): Promise<{ ok: true } | { ok: false; error: "forbidden" | "not_found" }> {
  const owner = linkOwnerOf(actor, "sns.unlink");
  if (owner === "forbidden") return { ok: false, error: owner };
  const removed = await db
    .delete(snsLinks)
    .where(and(eq(snsLinks.owner_id, owner.id), eq(snsLinks.source, input.source)))
    .returning({ id: snsLinks.link_id });
  return removed.length > 0 ? { ok: true } : { ok: false, error: "not_found" };
}
