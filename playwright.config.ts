import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 5100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "cleanspace-e2e-"));

export default defineConfig({
  testDir: "e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Spec files are shared out between two workers (a file's tests stay in order in one). Every
  // test makes its own account (e2e/fixtures.ts signUp), so tests never see each other's data
  // on the one server; specs that start servers of their own use ports apart from each other.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failing test runs once more, recording a trace (test-results/) that time only: recording
  // one for every test, to keep it on failure, cost every passing test its DOM snapshots.
  retries: 1,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "on-first-retry",
    // The service worker precaches every asset in each new browser context. Only the specs about
    // it (pwa, offline-app, offline-queue, and the cleaner tests that need its cache) allow it,
    // with test.use({ serviceWorkers: "allow" }); the other journeys run without it.
    serviceWorkers: "block",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    // The built app as `npm start` serves it, plus the test-only routes (npm test builds first).
    command: "node dist/server/test-main.js",
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      // Every browser test comes from 127.0.0.1; the real limits are proven by the API suite.
      RATE_LIMIT_MULTIPLIER: "50",
      // e2e/email-cleanup.spec.ts: its Dovecot and unsubscribe endpoint are on loopback, its CA written at run time.
      IMAP_ALLOW_HOSTS: "127.0.0.1",
      IMAP_CA_FILE: join(tmpdir(), `cleanspace-e2e-imap-ca-${PORT}.pem`),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
