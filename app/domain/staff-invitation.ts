/** Invitation links (ADR 0011): valid for 7 days, used once. */
export const INVITATION_VALID_DAYS = 7;
export const INVITATION_NOTE_MAX = 40;

export const INVITATION_MESSAGES = {
  invalid: "この招待リンクは無効です。店舗に新しい招待リンクの発行を依頼してください。",
  expired: "この招待リンクは有効期限が切れています。店舗に新しい招待リンクの発行を依頼してください。",
  used: "この招待リンクは既に使用されています。登録済みの方はログインしてください。",
  revoked: "この招待リンクは店舗により取り消されました。",
} as const;

export type InvitationProblem = keyof typeof INVITATION_MESSAGES;

/** The state of an invitation at `now`. */
export function invitationState(
  invitation: { expires_at: Date; used_at: Date | null; revoked_at: Date | null },
  now: Date,
): "valid" | "expired" | "used" | "revoked" {
  if (invitation.used_at) return "used";
  if (invitation.revoked_at) return "revoked";
  if (invitation.expires_at.getTime() <= now.getTime()) return "expired";
  return "valid";
}
