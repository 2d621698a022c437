import { describe, expect, it } from "vitest";
import { isoUtc } from "./iso-time";

describe("isoUtc", () => {
  it("writes what Date#toISOString writes", () => {
    const samples = [0, 1, 999, 1000, 86_399_999, 86_400_000, 951_782_400_000, 1_700_000_000_123, 4_102_444_799_999, 253_402_300_799_999];
    for (let n = 0; n < 20_000; n++) samples.push(Math.floor(Math.random() * 4_000_000_000_000));
    for (const ms of samples) expect(isoUtc(ms), String(ms)).toBe(new Date(ms).toISOString());
  });

  it("hands odd values to Date: before 1970, fractions, year 10000 on", () => {
    for (const ms of [-1, -86_400_001, 1.5, 253_402_300_800_000, 8.64e15]) expect(isoUtc(ms)).toBe(new Date(ms).toISOString());
  });
});
