import { formatYen } from "./format";

/** What a store sees of a plan of the catalogue (ADR 0006: prices and limits are data). */
export interface PlanTerms {
  monthly_price: number;
  limit_staff: number;
}

/** "月額 ¥29,800（税込）・キャスト15名まで" */
export function planTerms(plan: PlanTerms): string {
  return `月額 ${formatYen(plan.monthly_price)}（税込）・キャスト${plan.limit_staff}名まで`;
}
