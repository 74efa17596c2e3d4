import { expect, type Page } from "@playwright/test";

/**
 * A page on a narrow phone (docs/product.md "First steps"), for the specs that walk a newcomer's
 * first pages: neither the page nor the header's bar nor the account pill scrolls sideways.
 */
export async function expectNoOverflow(page: Page) {
  const widths = await page.evaluate(() => {
    const pick = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? [element.scrollWidth, element.clientWidth] : null;
    };
    return {
      page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
      bar: pick("header > div"),
      pill: pick('[data-testid="header-mypage"]'),
    };
  });
  for (const [what, pair] of Object.entries(widths)) {
    if (!pair) continue;
    expect(pair[0], `${what} scrollWidth ≤ clientWidth`).toBeLessThanOrEqual(pair[1]!);
  }
}
