import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema/index";
import { assertOperator, type SignedInOperator } from "../operators/operator-actor";
import { writeAudit } from "../operators/write-audit";

export type SetPostPrLabelResult = { ok: true; changed: boolean } | { ok: false; error: "not_found" };

/**
 * The operator marks any public post 「PR」 or takes the label off (ADR 0051): a native post or an
 * imported one (whose author has no page to do it), in one transaction with its audit row. A post
 * already so (two operators, a double post) is answered `changed: false`, and nothing is written.
 */
export async function setPostPrLabel({
  db,
  actor,
  input,
  now = new Date(),
}: {
  db: Db;
  actor: SignedInOperator;
  input: { postId: string; isPr: boolean };
  now?: Date;
}): Promise<SetPostPrLabelResult> {
  return db.transaction(async (tx) => {
    await assertOperator(tx, actor);
    const [post] = await tx
      .select({
        post_id: posts.post_id,
        is_pr: posts.is_pr,
        source: posts.source,
        liver_id: posts.liver_id,
        staff_id: posts.staff_id,
      })
      .from(posts)
      .where(and(eq(posts.post_id, input.postId), eq(posts.status, "public")))
      .limit(1)
      .for("update");
    if (!post) return { ok: false, error: "not_found" } as const;
    if (post.is_pr === input.isPr) return { ok: true, changed: false } as const;
    await tx.update(posts).set({ is_pr: input.isPr, updated_at: now }).where(eq(posts.post_id, post.post_id));
    await writeAudit(tx, actor, {
      action: input.isPr ? "post.pr_label" : "post.pr_unlabel",
      targetType: "post",
      targetId: post.post_id,
      details: { source: post.source, liver_id: post.liver_id, staff_id: post.staff_id },
    });
    return { ok: true, changed: true } as const;
  });
}
