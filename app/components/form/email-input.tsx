import { EMAIL_MAX_LENGTH } from "~/domain/validators";
import { TextInput, type TextInputProps } from "./text-input";

export interface EmailInputProps
  extends Omit<TextInputProps, "type" | "inputMode" | "autoComplete" | "autoCapitalize" | "maxLength"> {}

/** An e-mail address: the e-mail keyboard on phones, no auto-capitalisation, the validator's length. */
export function EmailInput(props: EmailInputProps) {
  return (
    <TextInput
      {...props}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      maxLength={EMAIL_MAX_LENGTH}
    />
  );
}
