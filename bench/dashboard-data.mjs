// `node bench/dashboard-data.mjs [--runs 5]`: how soon a signed-in user's dashboard has its
// data, in headless Chromium with a slow phone's network and CPU (150 ms latency, 1.6 Mbit/s
// down, CPU ÷4 — Lighthouse's mobile figures). Prints, per load of /home, when the response
// of GET /api/digital-data/{id} ended and when the score card was first on screen, in ms after
// navigation start. The shell names that request as a preload (src/server/plugins/page-preloads.ts), so
// it starts with the HTML instead of after the scripts. Figures, not assertions.
import { chromium } from "@playwright/test";
import { startBuiltServer } from "./support/server.mjs";

const at = process.argv.indexOf("--runs");
const runs = at > 0 ? Number(process.argv[at + 1]) : 5;
const server = await startBuiltServer({ env: { RATE_LIMIT_MULTIPLIER: "1000" } });
const { base } = server;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const rows = [];
try {
  for (let i = 0; i < runs; i++) {
    const res = await fetch(`${base}/api/users`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ name: "Bench", email: `dash.${Date.now()}.${i}@example.com`, password: "correct horse battery staple" }),
    });
    const token = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .find((c) => c.startsWith("cs_session="))
      ?.split("=")[1];
    if (!token) throw new Error(`registration failed: ${res.status}`);
    const context = await browser.newContext();
    await context.addCookies([{ name: "cs_session", value: token, url: base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 750e3 / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${base}/home`);
    await page.getByText("Digital Health Score").first().waitFor();
    const shownAt = await page.evaluate(() => Math.round(performance.now()));
    const dataAt = await page.waitForFunction(() => {
      const entry = performance.getEntriesByType("resource").find((r) => r.name.includes("/api/digital-data/") && r.responseEnd > 0);
      return entry ? Math.round(entry.responseEnd) : false;
    });
    rows.push({ run: i + 1, "score card on screen (ms)": shownAt, "digital-data answered (ms)": await dataAt.jsonValue() });
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log("Signed-in /home, 150 ms latency, 1.6 Mbit/s, CPU ÷4 (ms after navigation start):");
console.table(rows);
