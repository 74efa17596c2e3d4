const FORM_STEPS = ["入力", "確認", "完了"] as const;

/**
 * 1. 入力 → 2. 確認 → 3. 完了: the three steps of every registration (ADR 0021) and of the contact
 * form; a purchase's final confirmation names its own three (ADR 0052).
 */
export function StepIndicator({
  step,
  label = "登録の手順",
  steps = FORM_STEPS,
}: {
  step: 1 | 2 | 3;
  label?: string;
  steps?: readonly [string, string, string];
}) {
  return (
    <ol className="flex items-center gap-2 text-xs" aria-label={label}>
      {steps.map((label, index) => {
        const current = index + 1 === step;
        return (
          <li
            key={label}
            aria-current={current ? "step" : undefined}
            className={`flex-1 rounded-full py-1 text-center font-bold ${current ? "bg-brand-600 text-white" : index + 1 < step ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}
          >
            {index + 1}. {label}
          </li>
        );
      })}
    </ol>
  );
}
