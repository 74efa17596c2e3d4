import { z } from "zod";

/**
 * The confirmation step of the console's serious actions (ADR 0053): suspending a store, blocking
 * or suspending an account from a report, rejecting a payout. The form carries a `confirm` field
 * the schema requires: without JavaScript it is a checkbox the operator ticks, with JavaScript the
 * 「…する」 button of a dialog sends it (components/admin/confirm-step.tsx). Either way the server
 * refuses the action without it, next to the field. Pure.
 */

export const CONFIRM_FIELD = "confirm";
export const CONFIRM_VALUE = "yes";

/** A required confirmation: the form's `confirm=yes`, anything else refused with `message`. */
export const confirmationField = (message: string) =>
  z.preprocess((value) => value === CONFIRM_VALUE, z.literal(true, { error: message }));

/** A confirmation only some choices of the form need (the schema's refinement decides which). */
export const optionalConfirmationField = z.preprocess((value) => value === CONFIRM_VALUE, z.boolean());
