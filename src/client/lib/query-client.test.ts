import { describe, expect, it } from "vitest";
import { retryDelay, shouldRetryMutation, shouldRetryQuery } from "./query-client";

describe("retry rules (spec §8)", () => {
  it("never retries a query whose error mentions 401 or 403", () => {
    expect(shouldRetryQuery(0, new Error("401: Unauthorized"))).toBe(false);
    expect(shouldRetryQuery(0, new Error("403: Forbidden"))).toBe(false);
  });
  it("retries other queries up to 3 times", () => {
    const e = new Error("500: boom");
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, e))).toEqual([true, true, true, false]);
  });
  it("never retries a mutation failing with a 4xx code and colon, retries others twice", () => {
    expect(shouldRetryMutation(0, new Error("400: bad"))).toBe(false);
    expect(shouldRetryMutation(0, new Error("429: slow down"))).toBe(false);
    expect([0, 1, 2].map((n) => shouldRetryMutation(n, new Error("503: down")))).toEqual([true, true, false]);
    expect(shouldRetryMutation(0, new Error("Failed to fetch"))).toBe(true);
  });
  it("waits 1 s doubling, capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
