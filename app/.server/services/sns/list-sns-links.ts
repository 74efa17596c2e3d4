import { eq } from "drizzle-orm";
import type { PolicyActor } from "~/domain/permissions";
import { LINKED_SOURCES } from "~/domain/posts";
import { SNS_SOURCE_LABELS, type SnsLinkView } from "~/domain/sns-links";
import type { Db } from "../../db/client";
import { snsLinks } from "../../db/schema";
import { linkOwnerOf } from "./link-owner";
import { isConfigured, type SnsContext } from "./sns-context";

/** The loader data of the link panel: the three sources and where each stands for the actor. */
export async function listSnsLinks({
  db,
  actor,
  sns,
}: {
  db: Db;
  actor: PolicyActor;
  sns: SnsContext;
}): Promise<{ ok: true; links: SnsLinkView[] } | { ok: false; error: "forbidden" }> {
  const owner = linkOwnerOf(actor, "sns.links.read");
  if (owner === "forbidden") return { ok: false, error: owner };
  const rows = await db.select().from(snsLinks).where(eq(snsLinks.owner_id, owner.id));
  const links = LINKED_SOURCES.map((source): SnsLinkView => {
    const row = rows.find((r) => r.source === source);
    const base = { source, label: SNS_SOURCE_LABELS[source] };
    if (row)
      return {
        ...base,
        state: row.status === "broken" ? "broken" : "linked",
        displayName: row.display_name,
        lastImportAt: row.last_import_at?.toISOString() ?? null,
        brokenAt: row.broken_at?.toISOString() ?? null,
      };
    return {
      ...base,
      state: isConfigured(sns, source) ? "not_linked" : "not_configured",
      displayName: null,
      lastImportAt: null,
      brokenAt: null,
    };
  });
  return { ok: true, links };
}
