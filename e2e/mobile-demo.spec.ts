/**
 * /mobile-demo (spec §2 "Mobile demo", §8 toasts) in a plain browser: web values, support
 * badges, and a toast for every test button.
 */
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const toasts = (page: Page) => page.getByRole("region", { name: /Notification/ });

async function openDemo(page: Page) {
  await page.goto("/mobile-demo");
  await expect(page.getByRole("heading", { name: "Device Information" })).toBeVisible();
}

test.describe("mobile demo", () => {
  test("says it is loading until the device info is read", async ({ page }) => {
    // Hold the battery read so the loading state stays on screen.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "getBattery", { value: () => new Promise(() => {}) });
    });
    await page.goto("/mobile-demo");
    await expect(page.getByText("Loading device information...")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mobile Features Demo" })).toBeVisible();
  });

  test("shows web values, battery and support badges", async ({ page }) => {
    await openDemo(page);
    await expect(page.getByTestId("device-platform")).toHaveText("web");
    await expect(page.getByTestId("device-native")).toHaveText("No");
    await expect(page.getByTestId("device-ios")).toHaveText("No");
    await expect(page.getByTestId("device-android")).toHaveText("No");
    await expect(page.getByTestId("device-battery")).toHaveText(/^(\d{1,3}%|Not available)$/);
    await expect(page.getByTestId("device-charging")).toHaveText(/^(Yes|No|Not available)$/);
    const badges = page.getByRole("list", { name: "Supported features" }).getByRole("listitem");
    await expect(badges).toHaveText([/^Camera/, /^Haptics/, /^Notifications/, /^Sharing/, /^File System/]);
    // Chromium on localhost: camera (getUserMedia), vibration and notifications exist.
    await expect(page.getByTestId("capability-camera")).toHaveAttribute("data-supported", "true");
    await expect(page.getByTestId("capability-haptics")).toHaveAttribute("data-supported", "true");
    await expect(page.getByTestId("capability-notifications")).toHaveAttribute("data-supported", "true");
    await expectAccessible(page);
  });

  test("haptic buttons vibrate and say so; a failure shows 'Haptic Error'", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { vibrations: unknown[] }).vibrations = calls;
      Object.defineProperty(navigator, "vibrate", {
        value: (p: unknown) => {
          calls.push(p);
          return (window as unknown as { failVibrate?: boolean }).failVibrate !== true;
        },
      });
    });
    await openDemo(page);
    for (const [label, ms] of [
      ["Light", 50],
      ["Medium", 100],
      ["Heavy", 200],
    ] as const) {
      await page.getByRole("button", { name: label, exact: true }).click();
      await expect(toasts(page).getByText(`${label} haptic feedback triggered`)).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations.at(-1))).toBe(ms);
    }
    await page.evaluate(() => ((window as unknown as { failVibrate: boolean }).failVibrate = true));
    await page.getByRole("button", { name: "Light", exact: true }).click();
    await expect(toasts(page).getByText("Haptic Error")).toBeVisible();
    await expect(toasts(page).getByText("Failed to trigger haptic feedback")).toBeVisible();
    await expectAccessible(page);
  });

  test("the camera button takes a photo through the browser's picker", async ({ page }) => {
    await openDemo(page);
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Take Photo" }).click();
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    await (await chooser).setFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
    await expect(toasts(page).getByText("Photo Captured")).toBeVisible();
    await expect(toasts(page).getByText(/^Photo size: \d+ B$/)).toBeVisible();
    await expect(page.getByRole("img", { name: "The photo you just took" })).toBeVisible();
  });

  test("without a camera it shows 'Camera Unavailable'", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "mediaDevices", { value: undefined });
    });
    await openDemo(page);
    await expect(page.getByTestId("capability-camera")).toHaveAttribute("data-supported", "false");
    await page.getByRole("button", { name: "Take Photo" }).click();
    await expect(toasts(page).getByText("Camera Unavailable")).toBeVisible();
    await expect(toasts(page).getByText("Camera not available on this device")).toBeVisible();
  });

  test("a test notification is scheduled once permission is granted", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["notifications"], { origin: baseURL! });
    await openDemo(page);
    await page.getByRole("button", { name: "Send Test Notification" }).click();
    await expect(toasts(page).getByText("Notification Scheduled")).toBeVisible();
  });

  test("a refused notification permission shows 'Notification Failed'", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Notification, "permission", { get: () => "denied" });
    });
    await openDemo(page);
    await page.getByRole("button", { name: "Send Test Notification" }).click();
    await expect(toasts(page).getByText("Notification Failed")).toBeVisible();
    await expect(toasts(page).getByText("Unable to send notification")).toBeVisible();
  });

  test("sharing uses the Web Share API, and says when it cannot", async ({ page }) => {
    await page.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.defineProperty(navigator, "share", {
        configurable: true,
        value: async (data: unknown) => void shared.push(data),
      });
    });
    await openDemo(page);
    await expect(page.getByTestId("capability-sharing")).toHaveAttribute("data-supported", "true");
    await page.getByRole("button", { name: "Test Share" }).click();
    await expect(toasts(page).getByText("Shared", { exact: true })).toBeVisible();
    const [data] = await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared);
    expect(data).toMatchObject({ title: "CleanSpace", url: new URL(page.url()).origin });

    // Headless Chromium on Linux has no Web Share: the failure toast.
    await page.evaluate(() => delete (navigator as unknown as { share?: unknown }).share);
    await page.getByRole("button", { name: "Test Share" }).click();
    await expect(toasts(page).getByText("Share Failed")).toBeVisible();
    await expect(toasts(page).getByText("Unable to open share dialog")).toBeVisible();
  });
});
