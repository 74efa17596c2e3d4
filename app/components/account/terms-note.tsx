import { Link } from "react-router";

/** The 18+ rule and the links to the terms, above the first step's button of a registration. */
export function TermsNote() {
  return (
    <p className="text-slate-600 text-xs leading-relaxed">
      ご登録は18歳以上の方に限ります。
      <Link to="/terms" className="text-brand-700 underline">
        利用規約
      </Link>
      と
      <Link to="/privacy-policy" className="text-brand-700 underline">
        プライバシーポリシー
      </Link>
      をご確認のうえ、お進みください。
    </p>
  );
}
