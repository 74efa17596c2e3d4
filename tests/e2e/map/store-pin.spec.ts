import { expect, test } from "../fixtures";
import { recordRequests, toOpenStreetMap } from "./map-support";

const DEMO_STORE = { email: "store@demo.example", password: "demo-pass-2026" };

// The refused form answers 400 (ADR 0021); the browser logs that status.
test.use({ allowedConsoleErrors: [/the server responded with a status of 400/] });

test.describe("the store's pin", () => {
  test("the store moves its pin (inputs and marker), saves, and the API shows the new position", async ({
    page,
    request,
  }) => {
    const requests = recordRequests(page);
    await page.goto("/liver/login");
    await page.getByLabel("メールアドレス").fill(DEMO_STORE.email);
    await page.locator('input[name="password"]').fill(DEMO_STORE.password);
    await Promise.all([
      page.waitForURL(/\/liver\/mypage$/),
      page.getByRole("button", { name: "ログイン", exact: true }).click(),
    ]);
    await page.goto("/liver/mypage/profile");
    const map = page.getByTestId("store-pin-map");
    await expect(map).toHaveAttribute("data-map-state", "ready");
    const lat = page.getByLabel("緯度");
    const lng = page.getByLabel("経度");
    const before = { lat: Number(await lat.inputValue()), lng: Number(await lng.inputValue()) };
    expect(before.lat).toBeGreaterThan(35.6);

    // Dragging the pin changes the inputs.
    const pin = map.locator('[data-marker-kind="pin"]');
    await map.scrollIntoViewIfNeeded();
    await expect(pin).toBeVisible();
    const box = (await pin.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
    await expect(lat).not.toHaveValue(String(before.lat));
    const dragged = { lat: Number(await lat.inputValue()), lng: Number(await lng.inputValue()) };
    expect(dragged.lat).toBeLessThan(before.lat);
    expect(dragged.lng).toBeGreaterThan(before.lng);

    // Typing moves the pin; saving stores what the inputs say.
    const target = {
      lat: Number((before.lat + 0.0004).toFixed(6)),
      lng: Number((before.lng - 0.0003).toFixed(6)),
    };
    await lat.fill(String(target.lat));
    await lng.fill(String(target.lng));
    await Promise.all([
      page.waitForURL(/done=saved/),
      page.getByRole("button", { name: "店舗情報を保存する" }).click(),
    ]);
    await expect(page.getByText("店舗情報を保存しました")).toBeVisible();
    await expect(lat).toHaveValue(String(target.lat));

    const me = await (await page.request.get("/api/me")).json();
    const uid = me.uid ?? me.user?.uid ?? me.account?.uid;
    expect(uid, JSON.stringify(me)).toBeTruthy();
    const store = await (await request.get(`/api/livers/${uid}`)).json();
    expect(store).toMatchObject({ lat: target.lat, lng: target.lng });

    // Out of range: the message next to the field, the value kept, nothing saved.
    await lat.fill("95");
    await page.getByRole("button", { name: "店舗情報を保存する" }).click();
    await expect(page.locator("#field-lat-error")).toContainText("緯度は -90〜90");
    await expect(lat).toHaveValue("95");
    expect(await (await request.get(`/api/livers/${uid}`)).json()).toMatchObject({ lat: target.lat });

    // Put the demo store back where it was.
    await lat.fill(String(before.lat));
    await lng.fill(String(before.lng));
    await Promise.all([
      page.waitForURL(/done=saved/),
      page.getByRole("button", { name: "店舗情報を保存する" }).click(),
    ]);
    expect(toOpenStreetMap(requests)).toEqual([]);
  });
});
