import type { Page } from "@playwright/test";
import { matchingScore } from "~/domain/matching";
import { MATCHING_QUESTIONS } from "~/domain/options";
import { expect, test } from "../fixtures";
import { linkTo, waitForMail } from "../support/mailbox";

const PASSWORD = "yoru-pass-2026";

/** A fresh, verified listener (registration → mail → verification link), signed out afterwards. */
async function registerListener(page: Page, email: string, nickname: string) {
  await page.goto("/listener/registration");
  await page.getByLabel("メールアドレス").fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.locator('input[name="password_confirmation"]').fill(PASSWORD);
  await page.getByLabel("ニックネーム").fill(nickname);
  await page.getByRole("button", { name: "確認画面へ" }).click();
  await page.getByRole("button", { name: "この内容で登録する" }).click();
  await expect(page.getByRole("heading", { name: "仮登録が完了しました" })).toBeVisible();
  const mail = await waitForMail(email, /メールアドレスの確認/);
  await page.goto(linkTo(mail, "/listener/login"));
  await expect(page).toHaveURL(/verified=1/);
}

test.describe("public directory", () => {
  test("searches staff by area and attributes; the URL keeps the filters; the next page loads on scroll", async ({
    page,
    request,
  }) => {
    await page.goto("/search/staff");
    await expect(page.getByRole("heading", { name: "キャストを探す", level: 1 })).toBeVisible();
    await page.getByText("絞り込み条件").click();
    const region = page.getByLabel("地方");
    await region.selectOption({ label: "関東" });
    await page.getByLabel("都道府県").selectOption({ label: "東京都" });
    await page.getByRole("checkbox", { name: "A型" }).check();
    await page.getByRole("checkbox", { name: "O型" }).check();
    await page.getByRole("button", { name: "この条件で検索" }).click();

    await expect(page).toHaveURL(/prefecture=tokyo/);
    await expect(page).toHaveURL(/bloodTypes=A/);
    await expect(page.getByRole("heading", { name: "東京都のキャスト", level: 1 })).toBeVisible();

    // The page shows what the API answers for the same filters.
    const api = await (await request.get("/api/staffs?region=kanto&prefecture=tokyo&bloodTypes=A,O")).json();
    expect(api.total).toBeGreaterThan(10);
    expect(api.items.every((s: { blood_type: string }) => ["A", "O"].includes(s.blood_type))).toBe(true);
    await expect(page.getByTestId("result-count")).toContainText(String(api.total));
    await expect(page.getByTestId("page-indicator")).toHaveText(`1-10/${api.total}`);
    const cards = page.getByTestId("staff-results").getByRole("article");
    await expect(cards).toHaveCount(10);
    await expect(cards.first()).toContainText(api.items[0].name);

    // Within 250 px of the end, the next page is appended.
    await page.getByTestId("next-page").scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(Math.min(20, api.total));
    await expect(page.getByTestId("page-indicator")).toHaveText(`1-${Math.min(20, api.total)}/${api.total}`);
  });

  test("a refused search answers 400 with a message; the API says invalid-argument", async ({ request }) => {
    const api = await request.get("/api/staffs?ageFrom=abc");
    expect(api.status()).toBe(400);
    expect(await api.json()).toEqual({
      error: { code: "invalid-argument", message: "年齢（下限）は半角数字で指定してください" },
    });
    expect((await request.get("/api/livers?storeTypes=pub")).status()).toBe(400);
    const response = await request.get("/search/staff?bloodTypes=Z");
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("血液型に指定できない値です（Z）");
  });

  test("the top page leads to a store search by area and to a store page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "本日出勤のキャスト" })).toBeVisible();
    await expect(page.getByTestId("top-staff").getByRole("article")).toHaveCount(5);
    const search = page.getByRole("search", { name: "お店を探す" }).first();
    await search.getByLabel("地方").selectOption({ label: "関東" });
    await search.getByLabel("都道府県").selectOption({ label: "東京都" });
    await search.getByRole("button", { name: "この条件で探す" }).click();
    await expect(page).toHaveURL(/\/search\/liver\?.*prefecture=tokyo/);
    const first = page.getByTestId("store-results").getByRole("article").first();
    await expect(first).toContainText("東京都");
    const name = (await first.getByRole("heading").textContent()) ?? "";
    await first.getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("heading", { name: "在籍キャスト" })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/listener\/liver\//);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({ "@type": "BarOrPub", name });
  });

  test("signs in from a staff page's follow button, follows, sees the matching score and the follow in mypage", async ({
    page,
    request,
  }) => {
    const email = `e2e-follow-${Date.now()}@example.com`;
    await registerListener(page, email, "フォロー太郎");

    // A staff member nobody follows yet is picked from the API, so the count is known.
    const list = await (await request.get("/api/staffs?sort=popular&pageSize=100&page=3")).json();
    const target = list.items.at(-1);
    const before: number = target.follower_number;

    await page.goto(`/listener/staff/${target.uid}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(target.name);
    await expect(page.getByTestId("schedule").getByRole("listitem")).toHaveCount(14);
    await expect(page.getByText("ログインして相性をチェック")).toBeVisible();
    await page.getByRole("link", { name: /をフォローする（ログインが必要です）/ }).click();

    await expect(page).toHaveURL(/\/listener\/login\?from=%2Flistener%2Fstaff%2F/);
    await page.getByLabel("メールアドレス").fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.getByRole("button", { name: "ログイン", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/listener/staff/${target.uid}$`));

    // A fresh listener has answered nothing: the answer form instead of a score (ADR 0060).
    await expect(
      page.getByTestId("matching-panel").getByRole("link", { name: "相性診断に答える" }),
    ).toBeVisible();

    await page.getByRole("button", { name: `${target.name}をフォローする` }).click();
    await expect(page.getByRole("button", { name: `${target.name}のフォローを解除する` })).toBeVisible();
    await expect(page.getByTestId("follower-number")).toContainText(String(before + 1));
    const after = await (await request.get(`/api/staffs/${target.uid}`)).json();
    expect(after.follower_number).toBe(before + 1);

    // The answers change the score.
    await page.goto("/listener/mypage/profile");
    for (const question of MATCHING_QUESTIONS) {
      await page
        .getByRole("group", { name: new RegExp(question.question.replace(/[？?]/g, ".")) })
        .getByLabel(question.answers[1].label, { exact: true })
        .check();
    }
    await page.getByRole("button", { name: "回答を保存する" }).click();
    await expect(page.getByText("相性診断の回答を保存しました")).toBeVisible();
    const contrary = Object.fromEntries(MATCHING_QUESTIONS.map((q) => [q.key, q.answers[1].value]));
    await page.goto(`/listener/staff/${target.uid}`);
    await expect(page.getByTestId("matching-panel").getByTestId("matching-score")).toHaveText(
      `${matchingScore(contrary, target.matching_info)}%`,
    );

    await page.goto("/listener/mypage/follow");
    const followed = page.getByTestId("followed-staff").getByRole("article");
    await expect(followed).toHaveCount(1);
    await expect(followed.first()).toContainText(target.name);
    await page.goto("/listener/mypage");
    await expect(page.getByTestId("recommended").getByRole("article").first()).toBeVisible();

    // The JSON API with the same session (ADR 0020).
    const api = page.request;
    const mine = await (await api.get("/api/favorites?kind=staff")).json();
    expect(mine).toMatchObject({ total: 1, page: 1, pageSize: 10 });
    expect(mine.items[0]).toMatchObject({ staff_id: target.uid, liver_id: null, staff: { uid: target.uid } });
    const created = await api.post("/api/favorites", { data: { liver_id: target.liver_id } });
    expect(created.status()).toBe(201);
    const favorite = await created.json();
    expect((await api.post("/api/favorites", { data: { liver_id: target.liver_id } })).status()).toBe(200);
    expect((await api.post("/api/favorites", { form: { liver_id: target.liver_id } })).status()).toBe(400);
    expect((await api.delete(`/api/favorites/${favorite.favorite_id}`)).status()).toBe(200);
    expect((await api.delete(`/api/favorites/${favorite.favorite_id}`)).status()).toBe(404);
    expect(await (await api.get("/api/listeners/rooms")).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
    expect((await request.get("/api/favorites")).status()).toBe(401);
    expect((await request.get("/api/listeners/rooms")).status()).toBe(401);

    // Unfollow from the list.
    await page.goto("/listener/mypage/follow");
    await page.getByRole("button", { name: `${target.name}のフォローを解除する` }).click();
    await expect(page.getByText("フォロー中のキャストはまだありません。")).toBeVisible();
    expect((await (await request.get(`/api/staffs/${target.uid}`)).json()).follower_number).toBe(before);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("search results page with a plain link, and the filters still work", async ({ page }) => {
    await page.goto("/search/staff?prefecture=tokyo&sort=popular");
    const indicator = page.getByTestId("page-indicator");
    const text = (await indicator.textContent()) ?? "";
    const total = Number(text.split("/")[1]);
    expect(total).toBeGreaterThan(10);
    await expect(indicator).toHaveText(`1-10/${total}`);
    await page.getByTestId("next-page").click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/sort=popular/);
    await expect(page.getByTestId("page-indicator")).toHaveText(`11-${Math.min(20, total)}/${total}`);
    await expect(page.getByRole("link", { name: "前のページへ" })).toBeVisible();
  });

  test("the top page searches by prefecture, and the results page then offers its areas", async ({
    page,
  }) => {
    await page.goto("/");
    const search = page.getByRole("search", { name: "お店を探す" }).first();
    // The areas of every prefecture are not in the page: they come with the chosen prefecture.
    await expect(search.getByLabel("エリア", { exact: true })).toBeDisabled();
    await search.getByLabel("都道府県").selectOption({ label: "東京都" });
    await search.getByRole("button", { name: "この条件で探す" }).click();
    await expect(page).toHaveURL(/\/search\/liver\?.*prefecture=tokyo/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("東京都");
    await page.getByText("絞り込み条件").click();
    const area = page.locator("details", { hasText: "絞り込み条件" }).getByLabel("エリア", { exact: true });
    await expect(area).toBeEnabled();
    await expect(area.locator("option", { hasText: "歌舞伎町" })).toHaveCount(1);
  });
});
