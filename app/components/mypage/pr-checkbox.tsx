import { isPrTicked, POST_PR_TEXTS } from "~/domain/post-pr";
import { hintIdOf } from "../form/field";
import { type AnyField, controlIdOf } from "../form/use-schema-form";

/**
 * The author's PR checkbox (ADR 0051) in the composer and the edit form, with its one-line hint:
 * ticked as the form's answer or the stored post says.
 */
export function PrCheckbox({ meta }: { meta: AnyField }) {
  const id = controlIdOf(meta);
  return (
    <div data-field="is_pr">
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white px-3 py-3 has-checked:border-amber-600 has-checked:bg-amber-50"
      >
        <input
          type="checkbox"
          id={id}
          name={meta.name}
          value="1"
          defaultChecked={isPrTicked(meta.initialValue)}
          aria-describedby={hintIdOf(id)}
          className="mt-0.5 size-5 shrink-0 accent-brand-600"
        />
        <span className="font-bold text-sm leading-relaxed">{POST_PR_TEXTS.checkbox}</span>
      </label>
      <p id={hintIdOf(id)} className="mt-1 text-slate-500 text-xs leading-relaxed">
        {POST_PR_TEXTS.hint}
      </p>
    </div>
  );
}
