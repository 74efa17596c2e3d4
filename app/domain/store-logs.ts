/**
 * The activity log of a store's back office (docs/product.md Log, ADR 0007): actions on its staff, in Japanese
 * sentences that state what changed ("…の表示を「非表示」に変更しました").
 */

export const LOG_ACTIONS = [
  { value: "created", label: "登録" },
  { value: "updated", label: "更新" },
  { value: "deleted", label: "削除" },
] as const;
export type LogAction = (typeof LOG_ACTIONS)[number]["value"];

export const LOG_TARGETS = { staffs: "キャスト", livers: "店舗" } as const;
export type LogTarget = keyof typeof LOG_TARGETS;

export function logActionLabel(action: string): string {
  return LOG_ACTIONS.find((a) => a.value === action)?.label ?? action;
}

export const displayStateLabel = (displayed: boolean) => (displayed ? "表示" : "非表示");

export const LOG_DESCRIPTIONS = {
  staffCreated: (name: string) => `「${name}」を登録しました`,
  staffDisplay: (name: string, displayed: boolean) =>
    `「${name}」の表示を「${displayStateLabel(displayed)}」に変更しました`,
  staffDeleted: (name: string) => `「${name}」を削除しました`,
  staffProfile: (name: string) => `「${name}」のプロフィールを更新しました`,
  staffPassword: (name: string) => `「${name}」のパスワードを変更しました`,
  staffOrder: "キャストの並び順を変更しました",
} as const;

/**
 * What the operator's console writes into a store's activity log (ADR 0033): the store sees
 * that the operator acted, and why when a reason was given.
 */
export const OPERATOR_LOG_DESCRIPTIONS = {
  storeSuspended: (reason: string) => `運営により掲載が停止されました（理由：${reason}）`,
  storeSuspensionLifted: "運営による掲載停止が解除されました",
  storeStatus: (label: string) => `運営が公開状態を「${label}」に変更しました`,
  storePlan: (plan: string) => `運営がプランを「${plan}」に変更しました`,
  storeLimit: (limit: number) => `運営がキャスト上限を${limit}名に変更しました`,
  staffHidden: (name: string, reason: string) => `運営が「${name}」を非表示にしました（理由：${reason}）`,
  staffShown: (name: string) => `運営が「${name}」の非表示を解除しました`,
  staffDeleted: (name: string, reason: string) => `運営が「${name}」を削除しました（理由：${reason}）`,
  staffPassword: (name: string) => `運営が「${name}」のパスワードを再設定しました`,
} as const;
