/** The words of the registrations' complete step (docs/product.md "First steps"), in one place. */
export const REGISTRATION_COMPLETE_TEXTS = {
  title: "仮登録が完了しました",
  sentTo: "宛てに確認メールをお送りしました。",
  sentToUnknown: "ご登録のメールアドレスに確認メールをお送りしました。",
  /** …お手数ですが「新規登録」からやり直してください (the middle word is the link). */
  checkAddress: ["メールアドレスに誤りがある場合は、お手数ですが", "新規登録", "からやり直してください。"],
  notArrived: "メールが届かない場合は、迷惑メールフォルダをご確認のうえ、再送信してください。",
  resend: "確認メールを再送信",
  resending: "送信中…",
  resent: "確認メールを再送信しました。メールをご確認ください。",
  expired:
    "この画面から再送信できる時間を過ぎました。ログイン画面でメールアドレスとパスワードを入力すると再送信できます。",
} as const;
