/**
 * Phones (issue 16) and desktops (issue 38): every page, signed in with a trial, at 360, 414 and 1280 px wide, light and dark, has no
 * horizontal overflow, no interactive control drawn on top of another, and no text spilling
 * out of its control. With LAYOUT_SHOTS set, a full-page screenshot of each page lands in the
 * test's output folder (test-results/) for a human look; they assert nothing, so a plain run skips them.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { baseUrl, registerViaApi, startCardFreeTrial } from "./support/auth";

const WIDTHS = [360, 414, 1280] as const;
const SHOTS = Boolean(process.env.LAYOUT_SHOTS);
const THEMES = ["light", "dark"] as const;

/** Every route of spec §2 (and the app's own extra screens), a few with their inner states. */
const PAGES = [
  "/",
  "/showcase",
  "/landing",
  "/demo",
  "/home",
  "/organize?tab=photos",
  "/organize?tab=files",
  "/organize?tab=apps",
  "/organize?tab=email",
  "/insights",
  "/settings",
  "/subscribe",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password?token=layout-check",
  "/welcome",
  "/mobile-demo",
  "/privacy",
  "/terms",
  "/no-such-page",
] as const;

interface Problem {
  kind: "overflow" | "overlap" | "spill";
  detail: string;
}

/** Runs in the page: the layout problems a person would see. */
function findLayoutProblems(): Problem[] {
  const problems: Problem[] = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1)
    problems.push({ kind: "overflow", detail: `page is ${doc.scrollWidth}px wide in a ${doc.clientWidth}px viewport` });

  const describe = (el: Element) => {
    const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `<${el.tagName.toLowerCase()}> "${text}"`;
  };
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width < 2 || r.height < 2) return false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.visibility === "hidden" || s.display === "none" || Number(s.opacity) === 0) return false;
      if (s.clipPath !== "none" || (s.position === "absolute" && s.clip !== "auto" && s.clip !== "")) return false;
    }
    return true;
  };
  /** Controls are compared only with controls in the same layer (page flow, or one fixed/sticky box). */
  const layerOf = (el: Element): Element | null => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const p = getComputedStyle(e).position;
      if (p === "fixed" || p === "sticky") return e;
    }
    return null;
  };

  /** A button drawn in a text field's reserved end padding (show/hide password) covers no text. */
  const insideFieldPadding = (field: { el: Element; r: DOMRect }, control: { el: Element; r: DOMRect }) => {
    if (!field.el.matches("input, textarea") || !control.el.matches("button")) return false;
    const textEnd = field.r.right - parseFloat(getComputedStyle(field.el).paddingRight);
    return (
      control.r.left >= textEnd - 1 &&
      control.r.right <= field.r.right + 1 &&
      control.r.top >= field.r.top - 1 &&
      control.r.bottom <= field.r.bottom + 1
    );
  };

  const selector =
    'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="link"]';
  const controls = [...document.querySelectorAll(selector)].filter(visible);
  const rects = controls.map((el) => ({ el, r: el.getBoundingClientRect(), layer: layerOf(el) }));
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++) {
      const a = rects[i]!;
      const b = rects[j]!;
      if (a.layer !== b.layer || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      // A label wrapping its own input is one control.
      if (a.el.closest("label") && a.el.closest("label") === b.el.closest("label")) continue;
      if (insideFieldPadding(a, b) || insideFieldPadding(b, a)) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > 2) problems.push({ kind: "overlap", detail: `${describe(a.el)} overlaps ${describe(b.el)}` });
    }
  }

  for (const { el, r } of rects) {
    if (el.matches("input, select, textarea")) continue;
    const s = getComputedStyle(el);
    // Deliberate truncation with an ellipsis is not a spill.
    if (s.textOverflow === "ellipsis") continue;
    // Only text a person sees: screen-reader-only text is clipped to nothing on purpose.
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let spilled = false;
    for (let node = walker.nextNode(); node && !spilled; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement || !visible(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const t of range.getClientRects()) {
        if (t.width < 1 || t.height < 1) continue;
        if (t.left < r.left - 2 || t.right > r.right + 2 || t.top < r.top - 2 || t.bottom > r.bottom + 2) {
          problems.push({
            kind: "spill",
            detail: `text of ${describe(el)} runs out of it (${Math.round(t.left)}–${Math.round(t.right)} vs ${Math.round(r.left)}–${Math.round(r.right)})`,
          });
          spilled = true;
          break;
        }
      }
    }
  }
  return problems;
}

/** Every finite animation and transition has ended (endless spinners aside). */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await animationsDone(page);
}

/** Puts the page in a theme as the app does (lib/theme-storage.ts applyTheme: a class on the root), and lets its transitions end. */
async function showTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((t) => {
    document.documentElement.classList.toggle("dark", t === "dark");
    document.documentElement.classList.toggle("light", t === "light");
  }, theme);
  await animationsDone(page);
}

// Each page is loaded once per width and checked in both themes: the themes differ in colour
// tokens only, swapped by the root's class, so the second check needs no second load.
for (const width of WIDTHS)
  test(`every page fits ${width} px in the light and dark themes: no overflow, overlap or spilled text`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    await signedInPro(page, "light");

    const failures: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator("#root")).not.toBeEmpty();
      await settle(page);
      for (const theme of THEMES) {
        await showTheme(page, theme);
        if (SHOTS) {
          const name = `${path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "root"}-${theme}`;
          await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
        }
        for (const p of await page.evaluate(findLayoutProblems)) failures.push(`${path} @${width}px ${theme} ${p.kind}: ${p.detail}`);
      }
    }
    expect(failures).toEqual([]);
  });

/** Signs in a fresh Pro account on the page's own request context (tour done, light or dark). */
async function signedInPro(page: Page, theme: "light" | "dark" = "light") {
  await page.addInitScript((t) => {
    localStorage.setItem("tourCompleted", "true");
    localStorage.setItem("theme", t);
  }, theme);
  const user = await registerViaApi(page.request);
  await startCardFreeTrial(page.request, user.id);
  await page.request.patch("/api/settings", { data: { darkMode: theme === "dark" }, headers: { origin: baseUrl() } });
  return user;
}

const TAB_NAMES = ["Dashboard", "Organize", "Insights", "Settings"];

test.describe("desktop uses the screen (issue 38)", () => {
  test("a side navigation at 1280 px and the bottom tab bar at 360 px: same destinations, names and order", async ({ page }) => {
    await signedInPro(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/settings");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toHaveCount(1);
    const side = (await nav.boundingBox())!;
    // On the left, the window's full height; the content beside it, not under it.
    expect(side.x).toBe(0);
    expect(side.height).toBe(800);
    expect(side.width).toBeLessThan(320);
    await expect(nav.getByRole("link")).toHaveText(TAB_NAMES);
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", /.*/);
    const heading = (await page.getByRole("heading", { name: "Settings", level: 1 }).boundingBox())!;
    expect(heading.x).toBeGreaterThanOrEqual(side.x + side.width);
    // Settings uses the width: its cards stand in two columns.
    const profile = (await page.getByRole("button", { name: "Sign Out" }).boundingBox())!;
    expect(profile.x).toBeGreaterThan(640);

    await page.setViewportSize({ width: 360, height: 800 });
    await expect(nav).toHaveCount(1);
    const bar = (await nav.boundingBox())!;
    expect(bar).toMatchObject({ x: 0, width: 360 });
    expect(bar.y + bar.height).toBe(800);
    await expect(nav.getByRole("link")).toHaveText(TAB_NAMES);
    await expect(nav.getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  });

  test("the side navigation works from the keyboard and follows the address", async ({ page }) => {
    await signedInPro(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/home");
    await expect(page.getByRole("heading", { level: 1, name: /Good morning/ })).toBeVisible();
    // The server-rendered screen takes input once the app has adopted it.
    await expect(page.locator("#root")).not.toHaveAttribute("inert");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Dashboard" }).focus();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Insights" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/insights$/);
    await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Insights" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByTestId("active-dot")).toHaveCount(1);
    await expectAccessible(page);
  });

  test("at 1280 px the dashboard spreads over two columns, and no box inside the shell scrolls on its own", async ({ page }) => {
    await signedInPro(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/home");
    const score = page.getByRole("heading", { name: "Digital Health Score" });
    const goal = page.getByRole("heading", { name: "Today's Goal" });
    await expect(goal).toBeVisible();
    const [s, g] = [(await score.boundingBox())!, (await goal.boundingBox())!];
    // Side by side: the goal's column starts right of the score's, both near the top.
    expect(g.x).toBeGreaterThan(s.x + 300);
    expect(g.y).toBeLessThan(400);
    // No empty sides: the content spans most of the width beside the navigation.
    const main = (await page.getByRole("main").boundingBox())!;
    expect(main.width).toBeGreaterThan(900);

    // Something this browser sent, so Settings lists it with its data.
    await page.goto("/settings");
    await page.getByRole("switch", { name: "Daily Tips" }).click();
    await expect(page.getByTestId("sent-entry")).not.toHaveCount(0);
    for (const path of ["/home", "/insights", "/settings"]) {
      await page.goto(path);
      await settle(page);
      const boxes = await page.evaluate(() =>
        [...document.querySelectorAll("#root *")]
          .filter((el) => !el.closest('[role="dialog"], [role="alertdialog"]'))
          .filter((el) => {
            const style = getComputedStyle(el);
            // A box that scrolls now, or that would once its content grows past its max-height.
            return (
              (style.overflowY === "auto" || style.overflowY === "scroll") &&
              (el.scrollHeight > el.clientHeight + 1 || style.maxHeight !== "none")
            );
          })
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">`),
      );
      expect(boxes, `${path}: elements that scroll inside the page`).toEqual([]);
      // The page itself is the one scrolling area.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflowY)).not.toBe("hidden");
    }
  });
});

/** Layout shift (CLS ≤ 0.1, issue 38): each page on its own, from the first byte until it has settled. */
for (const width of [360, 1280] as const)
  test(`cumulative layout shift stays at or under 0.1 on every measured page at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 800 });
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!e.hadRecentInput) w.cls += e.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    const measure = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(800);
      return page.evaluate(() => (window as unknown as { cls: number }).cls);
    };
    const shifts: Record<string, number> = {};
    for (const path of ["/", "/login", "/subscribe"]) shifts[path] = await measure(path);
    await signedInPro(page);
    for (const path of ["/home", "/settings", "/organize", "/insights"]) shifts[`${path} (signed in)`] = await measure(path);
    for (const [path, cls] of Object.entries(shifts)) expect(cls, `${path} at ${width} px`).toBeLessThanOrEqual(0.1);
  });
