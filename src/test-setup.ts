/** Tests fail on an unexpected console error (STYLE.md habit 5). */
import { afterEach, vi } from "vitest";

const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};

afterEach(() => {
  const seen = errors.splice(0);
  vi.restoreAllMocks();
  if (seen.length > 0) {
    throw new Error(`Unexpected console.error during test:\n${seen.map((a) => a.map(String).join(" ")).join("\n")}`);
  }
});

if (typeof window !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
}
