import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { LinkedSource } from "~/domain/posts";
import { SNS_STATE_TTL_MS } from "~/domain/sns-links";
import type { Db } from "../../db/client";
import { snsLinkStates } from "../../db/schema";
import type { TokenCipher } from "./token-cipher";

/**
 * The OAuth `state` of a link round trip: `<nonce>.<expiry ms>.<signature>`, the signature over
 * nonce, expiry, owner and source. It is refused when forged, expired, for another account or
 * source, or used before (the nonce row is deleted on first use).
 */
export async function issueOAuthState(
  db: Db,
  cipher: TokenCipher,
  args: { ownerId: string; source: LinkedSource; now?: Date },
): Promise<string> {
  const now = args.now ?? new Date();
  const nonce = randomBytes(18).toString("base64url");
  const expires = new Date(now.getTime() + SNS_STATE_TTL_MS);
  // Old, never-returned states go on the way (cheap: the table holds minutes' worth).
  await db.delete(snsLinkStates).where(lt(snsLinkStates.expires_at, now));
  await db
    .insert(snsLinkStates)
    .values({ nonce, owner_id: args.ownerId, source: args.source, expires_at: expires });
  const payload = `${nonce}.${expires.getTime()}`;
  return `${payload}.${cipher.sign(`${payload}.${args.ownerId}.${args.source}`)}`;
}

/** True once for a good state of this owner and source; false for everything else. */
export async function consumeOAuthState(
  db: Db,
  cipher: TokenCipher,
  args: { state: string; ownerId: string; source: LinkedSource; now?: Date },
): Promise<boolean> {
  const now = args.now ?? new Date();
  const [nonce, expiresMs, signature, ...rest] = args.state.split(".");
  if (!nonce || !expiresMs || !signature || rest.length > 0 || !/^\d+$/.test(expiresMs)) return false;
  if (!cipher.verify(`${nonce}.${expiresMs}.${args.ownerId}.${args.source}`, signature)) return false;
  if (Number(expiresMs) <= now.getTime()) return false;
  const used = await db
    .delete(snsLinkStates)
    .where(
      and(
        eq(snsLinkStates.nonce, nonce),
        eq(snsLinkStates.owner_id, args.ownerId),
        eq(snsLinkStates.source, args.source),
        gt(snsLinkStates.expires_at, now),
      ),
    )
    .returning({ nonce: snsLinkStates.nonce });
  return used.length === 1;
}
