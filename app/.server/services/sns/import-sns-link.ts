import { and, eq } from "drizzle-orm";
import {
  INSTAGRAM_REFRESH_BEFORE_MS,
  SNS_FIRST_IMPORT_CAP,
  SNS_RUN_IMPORT_CAP,
  TIKTOK_REFRESH_BEFORE_MS,
} from "~/domain/sns-links";
import type { Db } from "../../db/client";
import { type SnsLink, snsLinks, staffs } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import {
  RateLimitedError,
  type SnsMediaItem,
  type SnsMediaPage,
  SnsVendorError,
  TokenInvalidError,
} from "../../integrations/sns";
import { type PostToWrite, writePost } from "../posts/write-post";
import { mapSnsMedia } from "./map-sns-media";
import { markSnsLinkBroken } from "./mark-sns-link-broken";
import { type SnsContext, tokenContext } from "./sns-context";

export type ImportOutcome =
  | { status: "imported"; created: number; seen: number }
  | { status: "rate_limited"; created: number; seen: number; retryAfterSeconds: number }
  | { status: "broken" }
  | { status: "failed"; error: string }
  | { status: "skipped"; reason: "missing" | "not_active" | "not_due" | "no_author" };

/**
 * One run of the importer for one link (the `sns.import` job; never two at once for a link):
 * refresh the token when due, page through the newest media until the last imported one (at most
 * 50 on the first run), write each with `writePost`, and move the bookkeeping.
 * - 429 / throttling: what was read is written (idempotent), the watermark does not move, and
 *   the next run waits for `Retry-After`; nothing is lost, the next run starts from the top.
 * - An invalid token: the link turns broken and its owner gets one mail.
 * - A network error or 5xx: thrown, so the queue retries; any other vendor error is recorded.
 */
export async function importSnsLink({
  db,
  mailer,
  sns,
  linkId,
  now = () => new Date(),
  retrying = false,
}: {
  db: Db;
  mailer: Mailer;
  sns: SnsContext;
  linkId: string;
  now?: () => Date;
  /** The queue's retry of a run that failed on the network: due whatever `next_import_at` says. */
  retrying?: boolean;
}): Promise<ImportOutcome> {
  const [link] = await db.select().from(snsLinks).where(eq(snsLinks.link_id, linkId));
  if (!link) return { status: "skipped", reason: "missing" };
  if (link.status !== "active") return { status: "skipped", reason: "not_active" };
  // A job queued while the previous run was still going, or a Retry-After not yet over.
  if (!retrying && link.next_import_at && link.next_import_at > now())
    return { status: "skipped", reason: "not_due" };
  const author = await authorOf(db, link);
  if (!author) return { status: "skipped", reason: "no_author" };

  const items: SnsMediaItem[] = [];
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000);
  try {
    const token = await freshAccessToken(db, sns, link, now());
    await collectNewMedia(sns, link, token, items);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      const created = await writeItems(db, link, author, items, {
        next_import_at: later(error.retryAfterSeconds),
        last_error: error.message,
      });
      return {
        status: "rate_limited",
        created,
        seen: items.length,
        retryAfterSeconds: error.retryAfterSeconds,
      };
    }
    if (error instanceof TokenInvalidError) {
      await markSnsLinkBroken({ db, mailer, sns, link, reason: error.message, now: now() });
      return { status: "broken" };
    }
    if (error instanceof SnsVendorError) {
      // The dispatcher waits the interval; a retryable failure is retried by the queue meanwhile.
      await db
        .update(snsLinks)
        .set({ last_error: error.message, next_import_at: later(sns.importIntervalMin * 60) })
        .where(eq(snsLinks.link_id, link.link_id));
      if (error.retryable) throw error;
      return { status: "failed", error: error.message };
    }
    throw error;
  }

  const newest = items.reduce<SnsMediaItem | null>(
    (best, item) => (!best || item.posted_at > best.posted_at ? item : best),
    null,
  );
  const created = await writeItems(db, link, author, items, {
    ...(newest ? { last_media_at: newest.posted_at, last_media_id: newest.external_id } : {}),
    last_import_at: now(),
    next_import_at: later(sns.importIntervalMin * 60),
    last_error: null,
  });
  return { status: "imported", created, seen: items.length };
}

async function authorOf(db: Db, link: SnsLink): Promise<PostToWrite["author"] | null> {
  if (link.owner_type === "liver") return { type: "liver", liverId: link.owner_id };
  const [staff] = await db
    .select({ liverId: staffs.liver_id })
    .from(staffs)
    .where(eq(staffs.uid, link.owner_id));
  return staff ? { type: "staff", staffId: link.owner_id, liverId: staff.liverId } : null;
}

/**
 * The access token to use, refreshed first when due: Instagram's long-lived token when fewer
 * than 7 days are left (and it is at least 24 h old, the vendor's rule); TikTok's 2-hour token
 * from its refresh token, which rotates — the new pair is stored at once, before any other call.
 */
async function freshAccessToken(db: Db, sns: SnsContext, link: SnsLink, now: Date): Promise<string | null> {
  if (link.source === "youtube") return null;
  const context = tokenContext(link);
  if (!link.access_token_enc) throw new TokenInvalidError(link.source, "no token stored");
  const open = (sealed: string) => {
    try {
      return sns.cipher.decrypt(sealed, context);
    } catch {
      // Sealed under another AUTH_SECRET: only a new login helps.
      throw new TokenInvalidError(link.source, "the stored token cannot be decrypted");
    }
  };
  const current = open(link.access_token_enc);
  const left = (link.access_expires_at?.getTime() ?? 0) - now.getTime();
  if (link.source === "instagram") {
    const port = sns.ports.instagram;
    if (!port) throw new SnsVendorError("instagram", "not configured", 400, "not_configured");
    const age = now.getTime() - (link.token_issued_at?.getTime() ?? 0);
    if (left > INSTAGRAM_REFRESH_BEFORE_MS || left <= 0 || age < 24 * 3600 * 1000) return current;
    const grant = await port.refresh(current);
    await db
      .update(snsLinks)
      .set({
        access_token_enc: sns.cipher.encrypt(grant.accessToken, context),
        access_expires_at: grant.expiresAt,
        token_issued_at: now,
      })
      .where(eq(snsLinks.link_id, link.link_id));
    return grant.accessToken;
  }
  const port = sns.ports.tiktok;
  if (!port) throw new SnsVendorError("tiktok", "not configured", 400, "not_configured");
  if (left > TIKTOK_REFRESH_BEFORE_MS) return current;
  if (!link.refresh_token_enc) throw new TokenInvalidError("tiktok", "no refresh token stored");
  const grant = await port.refresh(open(link.refresh_token_enc));
  await db
    .update(snsLinks)
    .set({
      access_token_enc: sns.cipher.encrypt(grant.accessToken, context),
      access_expires_at: grant.expiresAt,
      refresh_token_enc: sns.cipher.encrypt(grant.refreshToken, context),
      refresh_expires_at: grant.refreshExpiresAt,
      token_issued_at: now,
    })
    .where(eq(snsLinks.link_id, link.link_id));
  return grant.accessToken;
}

/** Newest first into `into`, until the last imported media or the cap; duplicates dropped. */
async function collectNewMedia(
  sns: SnsContext,
  link: SnsLink,
  token: string | null,
  into: SnsMediaItem[],
): Promise<void> {
  const cap = link.last_media_at ? SNS_RUN_IMPORT_CAP : SNS_FIRST_IMPORT_CAP;
  const seen = new Set<string>();
  let cursor: string | null = null;
  for (;;) {
    const page = await listPage(sns, link, token, cursor);
    for (const item of page.items) {
      if (item.external_id === link.last_media_id) return;
      if (link.last_media_at && item.posted_at < link.last_media_at) return;
      if (seen.has(item.external_id)) continue;
      seen.add(item.external_id);
      into.push(item);
      if (into.length >= cap) return;
    }
    if (!page.nextCursor || page.nextCursor === cursor) return;
    cursor = page.nextCursor;
  }
}

function listPage(
  sns: SnsContext,
  link: SnsLink,
  token: string | null,
  cursor: string | null,
): Promise<SnsMediaPage> {
  if (link.source === "instagram") return sns.ports.instagram!.listMedia(token!, { cursor });
  if (link.source === "tiktok") return sns.ports.tiktok!.listVideos(token!, { cursor });
  return sns.ports.youtube.listVideos(
    { channelId: link.vendor_user_id, title: link.display_name, uploadsPlaylistId: null },
    { cursor },
  );
}

/** Oldest first in one transaction with the link's bookkeeping; answers how many posts are new. */
async function writeItems(
  db: Db,
  link: SnsLink,
  author: PostToWrite["author"],
  items: SnsMediaItem[],
  bookkeeping: Partial<typeof snsLinks.$inferInsert>,
): Promise<number> {
  return db.transaction(async (tx) => {
    let created = 0;
    for (const item of [...items].reverse()) {
      const { kind, caption, media } = mapSnsMedia(link.source, item);
      const result = await writePost(tx, {
        author,
        source: link.source,
        kind,
        caption,
        media,
        permalink: item.permalink,
        externalId: item.external_id,
        postedAt: item.posted_at,
      });
      if (result.created) created++;
    }
    // Only while the link is still the one read (not removed or reconnected meanwhile).
    await tx
      .update(snsLinks)
      .set(bookkeeping)
      .where(and(eq(snsLinks.link_id, link.link_id), eq(snsLinks.status, "active")));
    return created;
  });
}
