import { expect, test } from "../fixtures";

test("from 1024 px the top page switches to the wide layout", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const columns = await page
    .getByTestId("new-stores")
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
  expect(columns).toBe(4);

  await page.setViewportSize({ width: 1023, height: 900 });
  const narrow = await page
    .getByTestId("new-stores")
    .evaluate((list) => getComputedStyle(list).gridTemplateColumns.split(" ").length);
  expect(narrow).toBe(3);
});
