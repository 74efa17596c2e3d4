import { and, eq } from "drizzle-orm";
import { SNS_LINK_PAGE, SNS_SOURCE_LABELS } from "~/domain/sns-links";
import type { Db, Tx } from "../../db/client";
import { livers, type SnsLink, snsLinks, staffs } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import { snsLinkBrokenMail } from "../../integrations/mail/sns-templates";
import type { SnsContext } from "./sns-context";

/**
 * The link's token no longer works: the link turns broken and its owner (a staff member at her
 * login e-mail, a store at its e-mail) is mailed — once, by the run that made the change.
 */
export async function markSnsLinkBroken({
  db,
  mailer,
  sns,
  link,
  reason,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  sns: SnsContext;
  link: SnsLink;
  reason: string;
  now?: Date;
}): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(snsLinks)
      .set({ status: "broken", broken_reason: reason, broken_at: now, last_error: reason })
      .where(and(eq(snsLinks.link_id, link.link_id), eq(snsLinks.status, "active")))
      .returning({ id: snsLinks.link_id });
    if (changed.length === 0) return { changed: false };
    const owner = await ownerContact(tx, link);
    if (owner?.email) {
      const sourceLabel = SNS_SOURCE_LABELS[link.source];
      const rendered = snsLinkBrokenMail({
        name: owner.name,
        sourceLabel,
        accountName: link.source === "instagram" ? `@${link.display_name}` : link.display_name,
        url: `${sns.baseUrl}${SNS_LINK_PAGE[link.owner_type]}`,
      });
      await mailer.send(
        { kind: "sns-link-broken", to: owner.email, ...rendered, meta: { linkId: link.link_id } },
        { tx },
      );
    }
    return { changed: true };
  });
}

async function ownerContact(tx: Tx, link: SnsLink): Promise<{ name: string; email: string } | null> {
  if (link.owner_type === "staff") {
    const [staff] = await tx
      .select({ name: staffs.name, email: staffs.login_email })
      .from(staffs)
      .where(eq(staffs.uid, link.owner_id));
    return staff ?? null;
  }
  const [store] = await tx
    .select({ name: livers.store_name, email: livers.email })
    .from(livers)
    .where(eq(livers.uid, link.owner_id));
  return store ?? null;
}
