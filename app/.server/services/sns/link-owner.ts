import { type Action, type PolicyActor, roleRefusal } from "~/domain/permissions";
import type { SnsLinkOwnerType } from "~/domain/sns-links";

export interface LinkOwner {
  type: SnsLinkOwnerType;
  id: string;
}

/** A link is always the actor's own (staff member or store); other kinds are refused (403). */
export function linkOwnerOf(actor: PolicyActor, action: Action): LinkOwner | "forbidden" {
  if (roleRefusal(actor, action)) return "forbidden";
  if (actor.type !== "staff" && actor.type !== "liver") return "forbidden";
  return { type: actor.type, id: actor.uid };
}
