import { z } from "zod";
import { STAFF_ACCOUNT_MESSAGES } from "./staff-account";
import { INVITATION_NOTE_MAX } from "./staff-invitation";
import { zLine } from "./text-fields";

/** The wording and small forms of the store's staff page (`/liver/mypage/staff`). */

export const STAFF_MANAGEMENT_DONE = {
  created: "キャストを登録しました。続けてプロフィールを入力できます",
  shown: "キャストを表示にしました",
  hidden: "キャストを非表示にしました",
  deleted: "キャストを削除しました",
  moved: "並び順を変更しました",
  revoked: "招待リンクを取り消しました",
  profile: "プロフィールを保存しました",
  password: "パスワードを変更しました。このキャストのログイン中の端末はすべてログアウトされました",
  schedule: "出勤予定を保存しました",
} as const;

export const STAFF_MANAGEMENT_MESSAGES = {
  limit_reached: STAFF_ACCOUNT_MESSAGES.limit_reached,
  limit_hint: "キャストを削除するか、設定からプランを変更すると登録できます。",
  not_found: "このキャストは見つかりません。一覧を再読み込みしてください",
  template_not_found: "テンプレートに指定したキャストが見つかりません",
  invitation_not_found: "この招待リンクは既に使用済みか、取り消されています",
  hidden_by_operator:
    "このキャストは運営により非表示にされているため、表示に戻せません。詳しくは運営からのメールをご確認ください",
} as const;

export const INVITATION_STATE_LABELS = {
  valid: "有効",
  used: "登録済み",
  expired: "期限切れ",
  revoked: "取り消し済み",
} as const;

export const InvitationNoteSchema = z.object({
  note: zLine("メモ", INVITATION_NOTE_MAX, { required: false }),
});
