import type { ReactNode } from "react";
import type { Operator } from "~/domain/operator";

/** Development only: the start refuses placeholders in production, this says so on the page. */
export function OperatorPlaceholderNotice({ operator }: { operator: Operator }): ReactNode {
  if (!operator.isPlaceholder) return null;
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900 text-xs ring-1 ring-amber-200">
      運営者の情報は開発用の仮表示です。本番環境では環境変数
      OPERATOR_NAME・OPERATOR_REPRESENTATIVE・OPERATOR_ADDRESS・OPERATOR_PHONE・OPERATOR_EMAIL
      を設定してください。
    </p>
  );
}
