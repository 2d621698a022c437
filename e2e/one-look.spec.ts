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

test.describe("one look (issue 38)", () => {
  test("every logo, on the public pages and in the app, is the one mark the favicon draws", async ({ page, signUp }) => {
    const icon = await (await page.request.get("/icon.svg")).text();
    const iconPath = /<path d="([^"]+)"/.exec(icon)![1];
    const marks: string[] = [];
    const collect = async (where: string) => {
      const logos = page.locator("svg[data-logo]:visible");
      await expect(logos.first(), `a logo on ${where}`).toBeVisible();
      for (const svg of await logos.all()) {
        const drawn = await svg.evaluate((el) => ({
          path: el.querySelector("path")?.getAttribute("d"),
          fill: getComputedStyle(el.querySelector("rect")!).fill,
          inner: el.innerHTML,
        }));
        expect(drawn.path, where).toBe(iconPath);
        expect(drawn.fill, where).toBe("rgb(37, 99, 235)");
        marks.push(drawn.inner);
      }
    };
    for (const path of ["/", "/landing", "/login", "/welcome"]) {
      await page.goto(path);
      await collect(path);
    }
    // The site header's brand link is the logo, not some other mark.
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link").first().locator("svg[data-logo]")).toHaveCount(1);

    await signUp();
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/home");
      await expect(page.getByRole("heading", { level: 1, name: /Good morning/ })).toBeVisible();
      await collect(`/home at ${width} px`);
    }
    expect(new Set(marks).size).toBe(1);
  });

  test("the streak grid and the streak dots mark the same day, the user's day, whatever the device's clock says", async ({ browser }) => {
    // The device is 25 hours behind the account's zone: their dates never agree.
    const context = await browser.newContext({ timezoneId: "Pacific/Pago_Pago" });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem("tourCompleted", "true"));
    const user = await registerViaApi(page.request);
    const headers = { origin: baseUrl() };
    expect((await page.request.patch("/api/settings", { data: { timezone: "Pacific/Kiritimati" }, headers })).ok()).toBe(true);

    const marks = async () => {
      await page.goto("/home");
      const dots = page.getByRole("list", { name: "Last 7 days" }).getByRole("listitem");
      const grid = page.getByRole("list", { name: /^Streak progress/ }).getByRole("listitem");
      await expect(dots).toHaveCount(7);
      const read = (items: typeof dots) =>
        items.evaluateAll((els) => els.map((el) => [el.getAttribute("data-date")!, el.getAttribute("data-state")!] as const));
      return { dots: await read(dots), grid: await read(grid) };
    };
    const serverToday = (await (await page.request.get(`/api/digital-data/${user.id}`)).json()) as { today: string };
    const deviceToday = await page.evaluate(() => new Date().toLocaleDateString("en-CA"));
    expect(deviceToday).not.toBe(serverToday.today);

    const before = await marks();
    // Today is the last dot, and the same date in the grid: marked "today" in both.
    expect(before.dots.at(-1)).toEqual([serverToday.today, "today"]);
    expect(before.grid.filter(([, s]) => s === "today")).toEqual([[serverToday.today, "today"]]);

    const event = await page.request.post("/api/cleanup-events", {
      data: { clientId: `e2e-streak-${Date.now()}`, category: "files", action: "trash", items: 1, bytesFreed: 1000 },
      headers,
    });
    expect(event.ok(), await event.text()).toBe(true);
    const after = await marks();
    expect(after.dots.at(-1)).toEqual([serverToday.today, "done"]);
    expect(after.grid.filter(([, s]) => s === "done")).toEqual([[serverToday.today, "done"]]);
    // Every day both show is marked alike.
    const grid = new Map(after.grid);
    for (const [date, state] of after.dots) if (grid.has(date)) expect(grid.get(date), date).toBe(state);
    await context.close();
  });
});
