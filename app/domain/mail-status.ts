/** How a mail's delivery status reads in the outbox pages (development and operator). */
export const MAIL_STATUS_LABELS = {
  kept: "保管中",
  queued: "送信待ち",
  sending: "送信中",
  sent: "送信済み",
  failed: "送信失敗",
} as const;

export type MailStatusName = keyof typeof MAIL_STATUS_LABELS;

export const MAIL_STATUS_CLASSES: Record<MailStatusName, string> = {
  kept: "bg-slate-100 text-slate-700",
  queued: "bg-amber-50 text-amber-800",
  sending: "bg-sky-50 text-sky-800",
  sent: "bg-emerald-50 text-emerald-700",
  failed: "bg-red-50 text-red-700",
};
