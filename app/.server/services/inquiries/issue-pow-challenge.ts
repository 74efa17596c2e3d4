import { createPowChallenge, type PowChallenge } from "~/domain/pow";
import type { Env } from "../../env";
import { powSecret } from "../shared/proof-of-work";

/** A fresh signed challenge for `GET /api/challenge`; nothing is stored until one is redeemed. */
export function issuePowChallenge({
  env,
  now = new Date(),
}: {
  env: Env;
  now?: Date;
}): Promise<PowChallenge> {
  return createPowChallenge({ secret: powSecret(env), now });
}
