import type { PowVerdict } from "~/domain/pow";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { checkPowSolution } from "../shared/proof-of-work";

/**
 * The first step of the contact form: the browser's solution must be valid and unused. It is
 * redeemed only when the message is sent (the confirm step), together with storing it.
 */
export async function verifyProofOfWork({
  db,
  env,
  input,
  now = new Date(),
}: {
  db: Db;
  env: Env;
  input: { payload: unknown };
  now?: Date;
}): Promise<PowVerdict> {
  return checkPowSolution(db, env, input.payload, now);
}
