import { useEffect, useRef, useState } from "react";
import { isAutomaticSlug, suggestSlug } from "~/domain/slug-suggestion";
import { TextInput, type TextInputProps } from "../form/text-input";

/**
 * The store page's URL key (`slug`) with a suggestion read from the store's name or its furigana
 * (domain/slug-suggestion.ts) as they are typed in the same form. While the field is empty, or
 * still holds the automatic `store-…` of registration, the suggestion is shown under it with
 * 「提案を使う」 (and as the empty field's placeholder); the store can take it or type its own. It is
 * only a suggestion: the server checks the slug and whether another store has it when the form is
 * saved. Without JavaScript it is the plain text field.
 */
export function SlugField({
  nameField = "store_name",
  kanaField = "store_name_kana",
  ...props
}: TextInputProps & {
  /** The form's fields the suggestion is read from. */
  nameField?: string;
  kanaField?: string;
}) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  const [slug, setSlug] = useState(props.defaultValue ?? "");

  useEffect(() => {
    const form = wrapper.current?.closest("form");
    if (!form) return;
    const fieldValue = (name: string) => {
      const element = form.elements.namedItem(name);
      return element instanceof HTMLInputElement ? element.value : "";
    };
    const read = () => {
      setSuggestion(suggestSlug({ name: fieldValue(nameField), kana: fieldValue(kanaField) }));
      setSlug(fieldValue(props.name));
    };
    read();
    form.addEventListener("input", read);
    form.addEventListener("change", read);
    return () => {
      form.removeEventListener("input", read);
      form.removeEventListener("change", read);
    };
  }, [nameField, kanaField, props.name]);

  const current = slug.trim();
  const offered =
    suggestion !== null && suggestion !== current && (current === "" || isAutomaticSlug(current))
      ? suggestion
      : null;
  const use = () => {
    const input = wrapper.current?.querySelector<HTMLInputElement>(`input[name="${props.name}"]`);
    if (!input || !offered) return;
    input.value = offered;
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.focus();
  };

  return (
    <div ref={wrapper}>
      <TextInput {...props} placeholder={current === "" && suggestion ? suggestion : props.placeholder} />
      <div aria-live="polite" data-testid="slug-suggestion">
        {offered ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-brand-50 px-3 py-2 text-sm">
            <span className="min-w-0 text-slate-700">
              店舗名からの提案：
              <code className="break-all font-bold font-mono text-slate-900">{offered}</code>
            </span>
            <button
              type="button"
              onClick={use}
              className="inline-flex min-h-11 items-center rounded-full border border-brand-500 bg-white px-4 font-bold text-brand-700 text-sm hover:bg-brand-50"
            >
              提案を使う
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
