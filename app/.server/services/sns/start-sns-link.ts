import type { PolicyActor } from "~/domain/permissions";
import { snsCallbackPath } from "~/domain/sns-links";
import type { Db } from "../../db/client";
import { linkOwnerOf } from "./link-owner";
import { issueOAuthState } from "./oauth-state";
import type { SnsContext } from "./sns-context";

export type StartSnsLinkResult =
  | { ok: true; url: string }
  | { ok: false; error: "forbidden" | "not_configured" };

/** The vendor's authorize URL for the actor, with a fresh single-use state (10 min). */
export async function startSnsLink({
  db,
  actor,
  sns,
  input,
}: {
  db: Db;
  actor: PolicyActor;
  sns: SnsContext;
  input: { source: "instagram" | "tiktok" };
}): Promise<StartSnsLinkResult> {
  const owner = linkOwnerOf(actor, "sns.link");
  if (owner === "forbidden") return { ok: false, error: owner };
  const port = sns.ports[input.source];
  if (!port) return { ok: false, error: "not_configured" };
  const state = await issueOAuthState(db, sns.cipher, { ownerId: owner.id, source: input.source });
  const redirectUri = `${sns.baseUrl}${snsCallbackPath(owner.type, input.source)}`;
  return { ok: true, url: port.authorizeUrl({ redirectUri, state }) };
}
