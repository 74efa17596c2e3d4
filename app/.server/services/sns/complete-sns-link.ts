import type { PolicyActor } from "~/domain/permissions";
import { snsCallbackPath } from "~/domain/sns-links";
import type { Db } from "../../db/client";
import { SnsVendorError } from "../../integrations/sns";
import { linkOwnerOf } from "./link-owner";
import { consumeOAuthState } from "./oauth-state";
import { type LinkGrant, saveSnsLink } from "./save-sns-link";
import type { SnsContext } from "./sns-context";

export type CompleteSnsLinkError = "forbidden" | "not_configured" | "denied" | "state" | "code" | "vendor";

/**
 * The OAuth callback: the state must be ours (signed, this account, this source, < 10 min, first
 * use); then the code becomes tokens (Instagram: short-lived → long-lived), the vendor account is
 * read, and the link is saved with its first import queued.
 */
export async function completeSnsLink({
  db,
  actor,
  sns,
  input,
}: {
  db: Db;
  actor: PolicyActor;
  sns: SnsContext;
  input: { source: "instagram" | "tiktok"; code: string | null; state: string | null; error: string | null };
}): Promise<{ ok: true; linkId: string } | { ok: false; error: CompleteSnsLinkError }> {
  const owner = linkOwnerOf(actor, "sns.link");
  if (owner === "forbidden") return { ok: false, error: owner };
  const { source } = input;
  if (!sns.ports[source]) return { ok: false, error: "not_configured" };
  // A state is spent whatever the answer (a cancelled login cannot be replayed either).
  const stateOk =
    input.state !== null &&
    (await consumeOAuthState(db, sns.cipher, { state: input.state, ownerId: owner.id, source }));
  if (!stateOk) return { ok: false, error: "state" };
  if (input.error !== null || !input.code) return { ok: false, error: "denied" };

  const redirectUri = `${sns.baseUrl}${snsCallbackPath(owner.type, source)}`;
  let grant: LinkGrant;
  try {
    grant = await exchange(sns, source, input.code, redirectUri);
  } catch (error) {
    if (error instanceof SnsVendorError) return { ok: false, error: error.retryable ? "vendor" : "code" };
    throw error;
  }
  const linkId = await db.transaction((tx) => saveSnsLink(tx, sns, owner, source, grant));
  return { ok: true, linkId };
}

async function exchange(
  sns: SnsContext,
  source: "instagram" | "tiktok",
  code: string,
  redirectUri: string,
): Promise<LinkGrant> {
  if (source === "instagram") {
    const port = sns.ports.instagram!;
    const short = await port.exchangeCode({ code, redirectUri });
    const long = await port.exchangeForLongLived(short.accessToken);
    const profile = await port.getProfile(long.accessToken);
    return {
      vendorUserId: profile.userId || short.userId,
      displayName: profile.username,
      accessToken: long.accessToken,
      accessExpiresAt: long.expiresAt,
    };
  }
  const port = sns.ports.tiktok!;
  const grant = await port.exchangeCode({ code, redirectUri });
  const user = await port.getUser(grant.accessToken);
  return {
    vendorUserId: grant.openId,
    displayName: user.displayName,
    accessToken: grant.accessToken,
    accessExpiresAt: grant.expiresAt,
    refreshToken: grant.refreshToken,
    refreshExpiresAt: grant.refreshExpiresAt,
  };
}
