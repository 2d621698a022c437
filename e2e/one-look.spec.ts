/** One look (issue 38): switch tracks are visible in the light theme (WCAG 1.4.11, 3:1 against their card). */
import { expect, test } from "./fixtures";
import { baseUrl, registerViaApi } from "./support/auth";

test("an off switch's track has at least 3:1 contrast with its card in the light theme", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem("tourCompleted", "true");
    localStorage.setItem("theme", "light");
  });
  await registerViaApi(page.request);
  await page.request.patch("/api/settings", { data: { darkMode: false }, headers: { origin: baseUrl() } });
  await page.goto("/settings");
  const off = page.getByRole("switch", { checked: false }).first();
  await expect(off).toBeVisible();
  const ratio = await off.evaluate((el) => {
    const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    let card: Element | null = el.parentElement;
    while (card && getComputedStyle(card).backgroundColor.match(/rgba\(0, 0, 0, 0\)|transparent/)) card = card.parentElement;
    const a = lum(rgb(getComputedStyle(el).backgroundColor));
    const b = lum(rgb(getComputedStyle(card ?? document.body).backgroundColor));
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(3);
});
