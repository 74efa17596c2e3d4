/** The shape of the `zengin-code` package (no types of its own): banks by 4-digit code (ADR 0054). */
declare module "zengin-code" {
  interface ZenginEntry {
    code: string;
    name: string;
    /** As 全銀 writes it: katakana without small kana, － for ー. */
    kana: string;
    hira: string;
    roma: string;
  }
  interface ZenginBank extends ZenginEntry {
    /** Branches by 3-digit code. */
    branches: Record<string, ZenginEntry>;
  }
  const banks: Record<string, ZenginBank>;
  export default banks;
}
