import { zenginConsignorFromEnv } from "~/domain/admin-payouts";

/**
 * The platform's own bank account for 全銀 transfer files, from the environment (ZENGIN_*,
 * docs/deployment.md). Read when asked, so the page tells the operator what is missing without a
 * restart of the check; `missing` is empty when a file can be written.
 */
export function currentZenginConsignor(env: Record<string, string | undefined> = process.env) {
  return zenginConsignorFromEnv(env);
}
