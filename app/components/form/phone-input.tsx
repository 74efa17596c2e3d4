import type { InputEvent as ReactInputEvent } from "react";
import { formatPhoneAsTyped } from "~/domain/phone-format";
import { TextInput, type TextInputProps } from "./text-input";

export interface PhoneInputProps extends Omit<TextInputProps, "type" | "inputMode" | "autoComplete"> {}

/** How many digits (half- or full-width) `s` holds before `end`. */
function digitsBefore(s: string, end: number): number {
  return (s.slice(0, end).match(/[0-9０-９]/g) ?? []).length;
}

/** The caret position in `formatted` just after its `count`-th digit. */
function positionAfterDigits(formatted: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/[0-9]/.test(formatted[i]!) && ++seen === count) return i + 1;
  }
  return formatted.length;
}

function reformat(input: HTMLInputElement): void {
  const before = input.value;
  const formatted = formatPhoneAsTyped(before);
  if (formatted === before) return;
  const caret = input.selectionStart ?? before.length;
  const digits = digitsBefore(before, caret);
  input.value = formatted;
  const position = positionAfterDigits(formatted, digits);
  input.setSelectionRange(position, position);
}

/**
 * A Japanese phone number, hyphenated as it is typed (090-1234-5678). The caret stays after the
 * same digit it was after, whatever hyphens came or went. Not touched while an IME composes.
 */
export function PhoneInput({ onInput, onCompositionEnd, ...props }: PhoneInputProps) {
  return (
    <TextInput
      maxLength={20}
      {...props}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      onInput={(event: ReactInputEvent<HTMLInputElement>) => {
        if (!event.nativeEvent.isComposing) reformat(event.currentTarget);
        onInput?.(event);
      }}
      onCompositionEnd={(event) => {
        reformat(event.currentTarget);
        onCompositionEnd?.(event);
      }}
    />
  );
}
