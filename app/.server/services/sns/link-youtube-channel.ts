import type { PolicyActor } from "~/domain/permissions";
import { SNS_LINK_MESSAGES, YouTubeChannelInputSchema } from "~/domain/sns-links";
import type { Db } from "../../db/client";
import { SnsVendorError } from "../../integrations/sns";
import { linkOwnerOf } from "./link-owner";
import { saveSnsLink } from "./save-sns-link";
import type { SnsContext } from "./sns-context";

export type LinkYouTubeResult =
  | { ok: true; linkId: string; title: string }
  | { ok: false; error: "forbidden" }
  | { ok: false; error: "invalid"; fieldErrors: Record<string, string> };

/** A channel id, @handle or channel URL → the owner's YouTube link (no login: the channel is public). */
export async function linkYouTubeChannel({
  db,
  actor,
  sns,
  input,
}: {
  db: Db;
  actor: PolicyActor;
  sns: SnsContext;
  input: unknown;
}): Promise<LinkYouTubeResult> {
  const owner = linkOwnerOf(actor, "sns.link");
  if (owner === "forbidden") return { ok: false, error: owner };
  const parsed = YouTubeChannelInputSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      error: "invalid",
      fieldErrors: { channel: parsed.error.issues[0]?.message ?? SNS_LINK_MESSAGES.youtubeRequired },
    };
  let channel: Awaited<ReturnType<typeof sns.ports.youtube.resolveChannel>>;
  try {
    channel = await sns.ports.youtube.resolveChannel(parsed.data.channel);
  } catch (error) {
    if (error instanceof SnsVendorError)
      return { ok: false, error: "invalid", fieldErrors: { channel: SNS_LINK_MESSAGES.vendorDown } };
    throw error;
  }
  if (!channel)
    return { ok: false, error: "invalid", fieldErrors: { channel: SNS_LINK_MESSAGES.youtubeUnknown } };
  const title = channel.title ?? channel.channelId;
  const linkId = await db.transaction((tx) =>
    saveSnsLink(tx, sns, owner, "youtube", { vendorUserId: channel.channelId, displayName: title }),
  );
  return { ok: true, linkId, title };
}
