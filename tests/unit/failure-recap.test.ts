import { describe, expect, it } from "vitest";
import { failureRecap } from "../../scripts/lib/failure-recap.mjs";

function recapOf(lines: string[], options?: { perFailure?: number; maxFailures?: number }) {
  const recap = failureRecap(options);
  for (const line of lines) recap.collect(line);
  return recap.lines() as string[];
}

describe("the failure recap at the end of npm test", () => {
  it("keeps nothing of a green run", () => {
    expect(
      recapOf(["  ✓  1 [phone] › tests/e2e/a.spec.ts:3:1 › works (2.1s)", "  163 passed (18.0m)"]),
    ).toEqual([]);
  });

  it("keeps a Playwright failure's heading and its error, without colours or blank lines", () => {
    const lines = [
      "[1/2]   ✘  4 [phone] › tests/e2e/a.spec.ts:9:1 › saves (12.0s)",
      "[1/2]   1) [phone] › tests/e2e/a.spec.ts:9:1 › saves ───",
      "[1/2] ",
      "[1/2]     \u001b[31mError: expect(locator).toBeVisible() failed\u001b[39m",
      "[1/2]     Locator: getByText('保存しました')",
    ];
    expect(recapOf(lines)).toEqual([
      "[1/2]   1) [phone] › tests/e2e/a.spec.ts:9:1 › saves ───",
      "[1/2]     Error: expect(locator).toBeVisible() failed",
      "[1/2]     Locator: getByText('保存しました')",
    ]);
  });

  it("keeps a Vitest failure", () => {
    const lines = [
      " FAIL  tests/integration/chat.test.ts > chat > sends",
      "AssertionError: expected 1 to be 2",
    ];
    expect(recapOf(lines)).toEqual(lines);
  });

  it("bounds each failure and the number of failures", () => {
    const block = (n: number) => [
      `  ${n}) [desktop] › tests/e2e/b.spec.ts:${n}:1 › case ${n}`,
      "a",
      "b",
      "c",
      "d",
    ];
    const lines = [1, 2, 3].flatMap(block);
    expect(recapOf(lines, { perFailure: 3, maxFailures: 2 })).toEqual([
      "  1) [desktop] › tests/e2e/b.spec.ts:1:1 › case 1",
      "a",
      "b",
      "  2) [desktop] › tests/e2e/b.spec.ts:2:1 › case 2",
      "a",
      "b",
    ]);
  });
});
