import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { LinkedSource } from "~/domain/posts";
import type { Tx } from "../../db/client";
import { enqueueJobOnce } from "../../db/queue/enqueue";
import { snsLinks } from "../../db/schema";
import type { LinkOwner } from "./link-owner";
import { type SnsContext, tokenContext } from "./sns-context";

export interface LinkGrant {
  vendorUserId: string;
  displayName: string;
  accessToken?: string;
  accessExpiresAt?: Date;
  refreshToken?: string;
  refreshExpiresAt?: Date;
}

/**
 * Writes (or renews) the owner's link of `source` in the caller's transaction, tokens encrypted,
 * the link active again, and queues its first import. Reconnecting another account of the same
 * vendor starts its bookkeeping afresh.
 */
export async function saveSnsLink(
  tx: Tx,
  sns: SnsContext,
  owner: LinkOwner,
  source: LinkedSource,
  grant: LinkGrant,
  now = new Date(),
): Promise<string> {
  const context = tokenContext({ owner_id: owner.id, source });
  const seal = (value: string | undefined) => (value ? sns.cipher.encrypt(value, context) : null);
  const tokens = {
    display_name: grant.displayName,
    access_token_enc: seal(grant.accessToken),
    access_expires_at: grant.accessExpiresAt ?? null,
    refresh_token_enc: seal(grant.refreshToken),
    refresh_expires_at: grant.refreshExpiresAt ?? null,
    token_issued_at: grant.accessToken ? now : null,
    status: "active" as const,
    broken_reason: null,
    broken_at: null,
    next_import_at: null,
    last_error: null,
  };
  const [existing] = await tx
    .select({ link_id: snsLinks.link_id, vendor_user_id: snsLinks.vendor_user_id })
    .from(snsLinks)
    .where(sql`${snsLinks.owner_id} = ${owner.id} and ${snsLinks.source} = ${source}`)
    .for("update");
  let linkId: string;
  if (existing) {
    linkId = existing.link_id;
    const sameAccount = existing.vendor_user_id === grant.vendorUserId;
    await tx
      .update(snsLinks)
      .set({
        ...tokens,
        vendor_user_id: grant.vendorUserId,
        ...(sameAccount ? {} : { last_media_at: null, last_media_id: null, last_import_at: null }),
      })
      .where(sql`${snsLinks.link_id} = ${linkId}`);
  } else {
    linkId = randomUUID();
    await tx.insert(snsLinks).values({
      ...tokens,
      link_id: linkId,
      owner_type: owner.type,
      owner_id: owner.id,
      source,
      vendor_user_id: grant.vendorUserId,
    });
  }
  await enqueueJobOnce(tx, "sns.import", { linkId }, { singletonKey: linkId });
  return linkId;
}
