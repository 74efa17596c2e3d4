import { expect, test } from "../fixtures";

// Runs on whichever storage the suite's server uses: the disk (default), S3 streamed by the
// server (E2E_STORAGE=s3) or S3 behind S3_PUBLIC_URL (E2E_STORAGE=s3-public: a redirect).
const redirected = process.env.E2E_STORAGE === "s3-public";

test.describe("uploaded pictures", () => {
  test("the demo pictures load in the page, from /uploads or the bucket", async ({ page }) => {
    await page.goto("/");
    const picture = page.locator('img[src^="/uploads/demo/"]').first();
    await expect(picture).toBeVisible();
    await picture.scrollIntoViewIfNeeded();
    // Decoded by the browser: the bytes arrived and the content security policy let them in.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test("a picture answers byte ranges: the first bytes, the last bytes, 416 beyond the end", async ({
    page,
  }) => {
    const url = "/uploads/demo/store-01.webp";
    if (redirected) {
      const response = await page.request.get(url, { maxRedirects: 0 });
      expect(response.status()).toBe(302);
      expect(response.headers().location).toMatch(/\/demo\/store-01\.webp$/);
    }
    const whole = await page.request.get(url);
    expect(whole.status()).toBe(200);
    const size = (await whole.body()).byteLength;

    const first = await page.request.get(url, { headers: { Range: "bytes=0-11" } });
    expect(first.status()).toBe(206);
    expect(first.headers()["content-range"]).toBe(`bytes 0-11/${size}`);
    const header = await first.body();
    expect(header.subarray(0, 4).toString("latin1")).toBe("RIFF");
    expect(header.subarray(8, 12).toString("latin1")).toBe("WEBP");

    if (!redirected) {
      // Ranges resolved by our server (the fake S3 gets suffix ranges wrong, so not asked there).
      const last = await page.request.get(url, { headers: { Range: "bytes=-10" } });
      expect(last.status()).toBe(206);
      expect(last.headers()["content-range"]).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
      expect(Buffer.compare(await last.body(), (await whole.body()).subarray(size - 10))).toBe(0);
      const beyond = await page.request.get(url, { headers: { Range: `bytes=${size}-` } });
      expect(beyond.status()).toBe(416);
      expect(beyond.headers()["content-range"]).toBe(`bytes */${size}`);
    }
  });
});
