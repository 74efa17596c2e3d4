/** What a `Range` request header asks of a representation of `size` bytes (RFC 9110 §14). */
export type RangeRequest =
  | { kind: "whole" }
  | { kind: "range"; start: number; end: number }
  | { kind: "unsatisfiable" };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * One byte range, resolved against the size: `bytes=0-99`, `bytes=100-`, `bytes=-500` (the last
 * 500). A header that is absent, malformed, in another unit or asks for several ranges gets the
 * whole representation, as RFC 9110 lets a server ignore such a Range; a well-formed range that
 * starts beyond the end (or any range of an empty file) is unsatisfiable (416).
 */
export function parseByteRange(header: string | undefined, size: number): RangeRequest {
  if (header === undefined) return { kind: "whole" };
  const match = /^bytes=(.+)$/i.exec(header.trim());
  if (!match) return { kind: "whole" };
  const specs = match[1]!.split(",").map((spec) => spec.trim());
  if (specs.length !== 1) return { kind: "whole" };
  const parts = SPEC.exec(specs[0]!);
  if (!parts) return { kind: "whole" };
  const [, first, last] = parts as unknown as [string, string, string];
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    const length = Number(last);
    if (!Number.isSafeInteger(length)) return { kind: "whole" };
    if (length === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "range", start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: "whole" };
  if (last !== "" && end < start) return { kind: "whole" };
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "range", start, end: Math.min(end, size - 1) };
}
