/**
 * The failures of a long run, printed again at its end: a CI log often keeps only the tail, and
 * two lanes that print at once bury the first lane's failures under the second's progress.
 * `collect(line)` sees every line of a lane; `lines()` gives each failure's heading and the first
 * lines of its error, at most `perFailure` lines each and `maxFailures` failures.
 *
 * Headings: Playwright's list reporter (`  1) [phone] › tests/e2e/….spec.ts:12:3 › …`), Vitest's
 * failed test (` FAIL  tests/….test.ts > …`).
 */
const HEADING = /(\d+\) \[(phone|desktop)\] ›|\bFAIL\s+tests\/)/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is stripped
const COLOUR = /\x1b\[[0-9;]*m/g;
/** A line with nothing but lane labels (`[1/2]`) on it. */
const BLANK = /^\s*(\[[^\]]*\]\s*)*$/;

export function failureRecap({ perFailure = 18, maxFailures = 5 } = {}) {
  /** @type {string[][]} */
  const failures = [];
  let open = null;
  return {
    collect(line) {
      const plain = line.replace(COLOUR, "");
      if (HEADING.test(plain)) {
        open = failures.length < maxFailures ? [plain] : null;
        if (open) failures.push(open);
        return;
      }
      if (open && open.length < perFailure && !BLANK.test(plain)) open.push(plain);
      else if (open && open.length >= perFailure) open = null;
    },
    lines() {
      return failures.flat();
    },
  };
}
