/**
 * Formatting of a phone number while it is typed (Japanese numbering plan, libphonenumber's
 * AsYouType). Only digits are kept (full-width digits converted first), so the output holds digits
 * and hyphens only: "0" → "0", "0901" → "090-1", "09012345678" → "090-1234-5678",
 * "0312345678" → "03-1234-5678". Digit strings that match no Japanese pattern (too long, "00…")
 * come back as plain digits.
 */
import { AsYouType } from "libphonenumber-js";
import { digitsOnly } from "./input-filters";

export function formatPhoneAsTyped(s: string | null | undefined): string {
  const digits = digitsOnly(s);
  if (digits === "") return "";
  const formatted = new AsYouType("JP").input(digits);
  // AsYouType may use spaces or parentheses for some patterns: turn every separator run into "-".
  return formatted.replace(/[^0-9]+/g, "-").replace(/^-+|-+$/g, "");
}
