import type { Viewer } from "~/.server/auth/viewer";
import type { Db } from "~/.server/db/client";
import { readPlanConfirmation } from "~/.server/services/billing/read-plan-confirmation";
import { readCoinConfirmation } from "~/.server/services/payments/read-coin-confirmation";

/**
 * The key of the terms the final confirmation shows (ADR 0052), as its form posts it: tests that
 * start a checkout through the service read the confirmation first, as a listener or store does.
 */
export async function confirmedCoinTerms(db: Db, actor: Viewer, packId: string): Promise<string> {
  const shown = await readCoinConfirmation({ db, actor, input: { packId } });
  if (!shown.ok) throw new Error(`no confirmation for ${packId}: ${shown.error}`);
  return shown.terms;
}

/** The same for a store's plan subscription. */
export async function confirmedPlanTerms(db: Db, actor: Viewer): Promise<string> {
  const shown = await readPlanConfirmation({ db, actor });
  if (!shown.ok) throw new Error(`no plan confirmation: ${shown.error}`);
  return shown.terms;
}
