import type { FocusEvent } from "react";
import { hiraganaToKatakana } from "~/domain/keyword";
import { TextInput, type TextInputProps } from "./text-input";

/**
 * Furigana as the validator wants it (full-width katakana, ー, U+3000): hiragana → katakana,
 * half-width katakana → full-width (NFKC composes ｶﾞ → ガ), half-width spaces → U+3000. Only the
 * half-width katakana block goes through NFKC, which would otherwise turn U+3000 into a space.
 */
export function toFullWidthKatakana(s: string): string {
  return hiraganaToKatakana(s.replace(/[\uFF61-\uFF9F]+/g, (run) => run.normalize("NFKC"))).replace(
    / /g,
    "\u3000",
  );
}

export interface KanaInputProps extends Omit<TextInputProps, "type"> {}

/**
 * A furigana field (`store_name_kana`, `name_kana`). Typing in hiragana is fine: it becomes
 * katakana when the field is left (not while typing, which would fight the IME).
 */
export function KanaInput({ hint, onBlur, ...props }: KanaInputProps) {
  return (
    <TextInput
      {...props}
      type="text"
      autoComplete={props.autoComplete ?? "off"}
      hint={hint ? <>全角カタカナ　{hint}</> : "全角カタカナ"}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const input = event.currentTarget;
        const converted = toFullWidthKatakana(input.value);
        if (converted !== input.value) input.value = converted;
        onBlur?.(event);
      }}
    />
  );
}
