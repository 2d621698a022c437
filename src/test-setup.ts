/**
 * Tests fail on an unexpected console error or warning (STYLE.md habit 5): the app logs its
 * "only logged" failures with warn, so a warning is a failure nobody looked at. A test that
 * expects one spies on console.warn/error itself (vi.spyOn(...).mockImplementation), which
 * replaces these recorders for that test.
 *
 * Runs before every test file, also when files share a module graph (vitest.config.ts): the
 * recorders are installed once per worker, and each file starts with an empty IndexedDB.
 */
import { afterEach, vi } from "vitest";

type Level = "error" | "warn";
type Logged = { level: Level; args: unknown[] };
const RECORDED = Symbol.for("cleanspace.test-setup.console");
const scope = globalThis as typeof globalThis & { [RECORDED]?: Logged[] };

function installRecorders(): Logged[] {
  const seen: Logged[] = [];
  for (const level of ["error", "warn"] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      seen.push({ level, args });
      original(...args);
    };
  }
  return seen;
}

const seen = (scope[RECORDED] ??= installRecorders());
seen.length = 0;

afterEach(() => {
  const logged = seen.splice(0);
  vi.restoreAllMocks();
  if (logged.length > 0) {
    throw new Error(
      `Unexpected console output during test:\n${logged.map((l) => `console.${l.level}: ${l.args.map(String).join(" ")}`).join("\n")}`,
    );
  }
});

if (typeof window !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
  // Component tests run with an IndexedDB, as every browser we support has one (jsdom has none).
  await import("./client/testing/install-indexeddb");
  const { IDBFactory } = await import("fake-indexeddb");
  globalThis.indexedDB = new IDBFactory();
}
