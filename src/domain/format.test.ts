import { describe, expect, it } from "vitest";
import { formatBinaryBytes, formatBytes, formatCount, plural } from "./format";

describe("formatCount", () => {
  it.each([0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1234, 2 ** 53 - 1])(
    "writes %d as toLocaleString('en-US') does",
    (n) => {
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
    },
  );

  it("rounds a fraction to a whole count", () => {
    expect(formatCount(1234.6)).toBe("1,235");
  });
});

describe("plural and formatBytes", () => {
  it("counts with separators and picks the form", () => {
    expect(plural(1, "file")).toBe("1 file");
    expect(plural(12_000, "file")).toBe("12,000 files");
    expect(plural(2, "copy", "copies")).toBe("2 copies");
  });

  it("writes decimal units", () => {
    expect([formatBytes(0), formatBytes(999), formatBytes(1500), formatBytes(123_400_000)]).toEqual(["0 B", "999 B", "1.5 KB", "123 MB"]);
  });
});

describe("formatBinaryBytes", () => {
  it("uses 1,024 steps and says so in the unit (KiB, MiB)", () => {
    expect([0, 900, 1536, 3 * 1024 * 1024, 100 * 1024 ** 3].map(formatBinaryBytes)).toEqual([
      "0 B",
      "900 B",
      "1.50 KiB",
      "3.00 MiB",
      "100.0 GiB",
    ]);
  });
});
