import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "../fixtures";

/**
 * The estimated bill on the store page (ADR 0057) on a phone: with JavaScript the ＋ steppers
 * recompute in the browser; without it the GET form gets the same total from the server; both
 * equal `GET /api/livers/{id}/estimate`.
 */

test.use({ viewport: { width: 390, height: 844 } });

interface StoreItem {
  uid: string;
  price_system: { sets: unknown[]; extension: unknown } | null;
}

/** A demo store with set prices and an extension, and the API's total for 3 people, 2 sets, 1 extension. */
async function pricedStore(request: APIRequestContext) {
  const stores = (await (await request.get("/api/livers?pageSize=100")).json()) as { items: StoreItem[] };
  const store = stores.items.find((s) => (s.price_system?.sets.length ?? 0) > 0 && s.price_system?.extension);
  if (!store) throw new Error("no demo store with set prices and an extension");
  const answer = await (
    await request.get(`/api/livers/${store.uid}/estimate?people=3&sets=2&extensions=1`)
  ).json();
  const { total, from } = answer.estimate as { total: number; from: boolean };
  return { uid: store.uid, total: `¥${total.toLocaleString("en-US")}${from ? "〜" : ""}` };
}

test("with JavaScript the total follows the steppers, and the section is axe-clean", async ({
  page,
  request,
}) => {
  const store = await pricedStore(request);
  await page.goto(`/listener/liver/${store.uid}`);
  const section = page.locator("#estimate");
  const total = section.getByTestId("estimate-total");
  const people = section.getByLabel("人数", { exact: true });
  // The steppers appear once the page is interactive.
  const morePeople = section.getByRole("button", { name: "人数を1つ増やす" });
  await expect(morePeople).toBeVisible();
  await expect(section.getByRole("button", { name: "計算する" })).toHaveCount(0);
  const before = await total.textContent();

  await morePeople.click();
  await expect(people).toHaveValue("2");
  await expect(total).not.toHaveText(before ?? "");
  await morePeople.click();
  await section.getByRole("button", { name: "セット数を1つ増やす" }).click();
  await section.getByRole("button", { name: "延長を1つ増やす" }).click();
  await expect(people).toHaveValue("3");
  await expect(total).toHaveText(store.total);
  // A stepper is a big tap target.
  const box = await morePeople.boundingBox();
  expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);

  const axe = await new AxeBuilder({ page })
    .include("#estimate")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual(
    [],
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the GET form computes the same total, and a wrong value is a message next to its box", async ({
    page,
    request,
  }) => {
    const store = await pricedStore(request);
    await page.goto(`/listener/liver/${store.uid}`);
    const section = page.locator("#estimate");
    await section.getByLabel("人数", { exact: true }).fill("3");
    await section.getByLabel("セット数", { exact: true }).fill("2");
    await section.getByLabel("延長", { exact: true }).fill("1");
    await section.getByRole("button", { name: "計算する" }).click();
    await expect(page).toHaveURL(/people=3&sets=2&extensions=1/);
    await expect(section.getByTestId("estimate-total")).toHaveText(store.total);

    await section.getByLabel("人数", { exact: true }).fill("0");
    await section.getByRole("button", { name: "計算する" }).click();
    await expect(section.getByText("人数は1〜20人で指定してください")).toBeVisible();
    await expect(section.getByLabel("人数", { exact: true })).toHaveValue("0");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("price-system")).toBeVisible();
  });
});
