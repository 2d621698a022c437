// `npm run bench:lighthouse`: Lighthouse (mobile profile, simulated throttling) against the
// built server on a free port with a throw-away data directory. Prints the performance,
// accessibility and best-practices scores per page, the core metrics, and every audit that
// cost points, so a regression names its cause. Figures, not assertions: exit code 0 unless
// the run itself breaks. Each page runs LH_RUNS times (3); the median run is shown.
// Targets: performance ≥ 95, accessibility 100 and CLS ≤ 0.1 on /, /landing, /login and
// /subscribe, and signed in (an account with a scan, today's cleanups and a card-free trial, as
// used every day: see FRESH) on /home, /organize, /insights and /settings. The figures are
// written to bench/results/lighthouse.json and .md (LH_RESULTS names another base path).
// The server is the test build (dist/server/test-main.js: the production server plus the
// test outbox, read to confirm the address the trial needs); the client bundle is the same.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
// Lighthouse's own driver (a dependency of lighthouse): lets a signed-in run start on a device
// that has finished the guided tour, see `daily` below.
import puppeteer from "puppeteer-core";
import { sampleSummary } from "../scripts/faults/harness.mjs";
import { freePort, startBuiltServer } from "./support/server.mjs";

// A page prefixed with "@" is measured signed in (a fresh account's session cookie). Signed-in
// pages run last: the browser keeps the session the server refreshes, which would sign in
// the pages after them. LH_REPORT_DIR keeps each page's full report as JSON.
const PAGES = (process.env.LH_PAGES ?? "/,/landing,/login,/subscribe,@/home,@/organize,@/insights,@/settings")
  .split(",")
  .sort((a, b) => Number(a.startsWith("@")) - Number(b.startsWith("@")));
const REPORT_DIR = process.env.LH_REPORT_DIR;
const RESULTS = process.env.LH_RESULTS ?? "bench/results/lighthouse";
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const CHROME_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices"];
/**
 * LH_FRESH_ACCOUNT=1 measures a first visit: the preferences question unanswered and the
 * guided tour not yet seen on this device (it opens 1 s after the dashboard and, being the
 * largest text on screen, becomes the LCP). By default the signed-in pages are measured as
 * someone who opens them every day sees them: question answered, tour finished on this device.
 */
const FRESH = Boolean(process.env.LH_FRESH_ACCOUNT);

/**
 * Registers a throw-away account with data — a scan, three cleanups today, a confirmed
 * address, a card-free trial (Insights and Organize show their full screens) and the
 * preferences question answered — and
 * returns its session cookie ("name=value").
 */
async function signUp(base) {
  const email = `lh.${Date.now()}@example.com`;
  const res = await fetch(`${base}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Lighthouse", email, password: "correct horse battery staple" }),
  });
  if (res.status !== 201) throw new Error(`could not register the Lighthouse account: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("cs_session="));
  if (!cookie) throw new Error("registration set no session cookie");
  const { id: userId } = await res.json();
  const call = async (method, path, body) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: body && JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  await call("POST", "/api/real-data/scan", { userId, summary: sampleSummary() });
  for (let i = 0; i < 3; i++)
    await call("POST", "/api/cleanup-events", {
      clientId: `lh-${Date.now()}-${i}`,
      category: "photos",
      action: "trash",
      items: 2 + i,
      bytesFreed: 4_000_000 * (i + 1),
    });
  const mails = await call("GET", `/api/test/outbox?to=${encodeURIComponent(email)}`);
  const token = mails.map((m) => /\/verify-email\?token=([\w-]+)/.exec(m.text)?.[1]).find(Boolean);
  if (!token) throw new Error("no confirmation link in the test outbox");
  await call("POST", "/api/auth/verify-email", { token });
  await call("POST", "/api/create-subscription", { userId, planType: "monthly" });
  // Someone who opens the dashboard every day has answered the one-time question after
  // registration (LH_FRESH_ACCOUNT=1 leaves it unanswered: the prompt then shows above the score).
  if (!FRESH) await call("PUT", "/api/preferences", { skipped: true });
  return cookie;
}

if (!existsSync("dist/server/main.js") || !existsSync("dist/client/index.html")) {
  console.log("dist is missing: running npm run build");
  const res = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = await startBuiltServer({ entry: "dist/server/test-main.js", env: { RATE_LIMIT_MULTIPLIER: "1000" } });
const { base } = server;

let chrome;
const rows = [];
/** Per page, the audits that cost points (for the results file). */
const causes = {};
try {
  // Chrome's debugging port comes from PORT_RANGE too when one is given (a shared machine).
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    ...(process.env.PORT_RANGE ? { port: await freePort() } : {}),
  });
  const cookie = PAGES.some((p) => p.startsWith("@")) ? await signUp(base) : null;
  // The daily user's device: the tour's flag (spec §4, localStorage) is set in every new
  // document, after Lighthouse has cleared the origin's storage and before the app's script runs.
  const daily = cookie && !FRESH ? await (await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })).newPage() : undefined;
  await daily?.evaluateOnNewDocument(() => {
    try {
      localStorage.setItem("tourCompleted", "true");
    } catch {
      // about:blank has no storage
    }
  });
  for (const page of PAGES) {
    const signedIn = page.startsWith("@");
    const path = signedIn ? page.slice(1) : page;
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    // Simulated throttling scales what this (shared, 2-core) machine observed, so one run
    // can be ±10 points off: each page runs RUNS times and the median run is reported.
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${path}`, flags, undefined, signedIn ? daily : undefined);
      if (!result?.lhr) throw new Error(`no Lighthouse result for ${path}`);
      // A run without a performance score (an error, or a metric it could not compute) counts as 0 in the range: say why.
      if (result.lhr.runtimeError || typeof result.lhr.categories.performance?.score !== "number")
        console.warn(
          `${path}, run ${run + 1}: no performance score: ${result.lhr.runtimeError?.code ?? ""} ${(result.lhr.runWarnings ?? []).join(" | ")}`,
        );
      runs.push(result.lhr);
    }
    const perf = (l) => l.categories.performance?.score ?? 0;
    runs.sort((a, b) => perf(a) - perf(b));
    const lhr = runs[Math.floor(runs.length / 2)];
    if (REPORT_DIR)
      writeFileSync(join(REPORT_DIR, `${(signedIn ? "signed-in" : "") + path.replaceAll("/", "_")}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) console.warn(`${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id) => lhr.audits[id]?.displayValue ?? "n/a";
    rows.push({
      page: signedIn ? `${path} (signed in)` : path,
      performance: score("performance"),
      "perf. range": `${Math.round(perf(runs[0]) * 100)}–${Math.round(perf(runs.at(-1)) * 100)}`,
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      FCP: metric("first-contentful-paint"),
      LCP: metric("largest-contentful-paint"),
      TBT: metric("total-blocking-time"),
      CLS: metric("cumulative-layout-shift"),
      load: loadavg()[0].toFixed(1),
    });
    // Every scored audit that lost points, so a low score names its cause.
    const lost = CATEGORIES.flatMap((cat) =>
      (lhr.categories[cat]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative")
        .map((a) => `    [${cat}] ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`),
    );
    if (lost.length) console.log(`${path} — audits below 90:\n${[...new Set(lost)].join("\n")}`);
    causes[rows.at(-1).page] = [...new Set(lost)].map((l) => l.trim());
  }
} finally {
  if (chrome) await chrome.kill();
  await server.stop();
}

console.log(
  `\nLoad average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(
      " ",
    )} at the end (${cpus().length} cores; Lighthouse's simulated throttling scales what this machine observed, so a loaded machine lowers the scores)`,
);
console.log(
  `\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile profile, median of ${RUNS} runs, ${base}`,
);
console.table(rows);

// The figures, for bench/results/ (never asserted: see the header).
const load = loadavg().map((l) => Number(l.toFixed(2)));
const lighthouseVersion = (await import("lighthouse/package.json", { with: { type: "json" } })).default.version;
const measured = {
  date: new Date().toISOString(),
  lighthouse: lighthouseVersion,
  profile: "mobile, simulated throttling",
  runsPerPage: RUNS,
  loadAverageAtEnd: load,
  cores: cpus().length,
  pages: rows.map((r) => ({ ...r, lostPoints: causes[r.page] ?? [] })),
};
mkdirSync(dirname(RESULTS), { recursive: true });
writeFileSync(`${RESULTS}.json`, `${JSON.stringify(measured, null, 2)}\n`);
const head = Object.keys(rows[0] ?? {});
writeFileSync(
  `${RESULTS}.md`,
  [
    `# Lighthouse ${lighthouseVersion} (${measured.profile}), median of ${RUNS} run${RUNS === 1 ? "" : "s"}`,
    "",
    `${measured.date} · load average ${load.join(" ")} at the end on ${measured.cores} cores (a loaded machine lowers the scores).`,
    "",
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${head.map((h) => r[h]).join(" | ")} |`),
    "",
    ...rows.filter((r) => causes[r.page]?.length).flatMap((r) => [`- ${r.page}: ${causes[r.page].join("; ")}`]),
    "",
  ].join("\n"),
);
console.log(`written: ${RESULTS}.json, ${RESULTS}.md`);
