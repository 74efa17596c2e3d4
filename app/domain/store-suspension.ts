/**
 * Who can suspend a store (ADR 0033 `suspended`: hidden by the operator). Each source lifts
 * only its own suspension; the store is listed again when none is left (ADR 0033).
 *
 * - `operator`: the operator's console, with a reason mailed to the store;
 * - `billing`: an unpaid plan after its grace period (ADR 0032), lifted when paid.
 */
export const STORE_SUSPENSION_SOURCES = ["operator", "billing"] as const;
export type StoreSuspensionSource = (typeof STORE_SUSPENSION_SOURCES)[number];

export const STORE_SUSPENSION_SOURCE_LABELS: Record<StoreSuspensionSource, string> = {
  operator: "運営による停止",
  billing: "お支払いの未完了による停止",
};
