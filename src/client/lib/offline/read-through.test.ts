import { describe, expect, it, vi } from "vitest";
import { readThrough } from "./read-through";

function memoryCache<T>(initial?: T) {
  let stored = initial;
  return { read: vi.fn(async () => stored), write: vi.fn(async (v: T) => void (stored = v)), get: () => stored };
}

describe("readThrough", () => {
  it("stores every good answer", async () => {
    const cache = memoryCache<{ n: number }>();
    expect(await readThrough(async () => ({ n: 1 }), cache)).toEqual({ n: 1 });
    expect(cache.get()).toEqual({ n: 1 });
  });

  it("answers from the store when the network is down", async () => {
    const cache = memoryCache({ n: 7 });
    expect(await readThrough(() => Promise.reject(new TypeError("Failed to fetch")), cache)).toEqual({ n: 7 });
  });

  it("rethrows a network failure when nothing is stored", async () => {
    await expect(readThrough(() => Promise.reject(new TypeError("Failed to fetch")), memoryCache())).rejects.toThrow("Failed to fetch");
  });

  it("never hides a server's answer behind the store", async () => {
    const cache = memoryCache({ n: 7 });
    await expect(readThrough(() => Promise.reject(new Error("500: boom")), cache)).rejects.toThrow("500: boom");
    expect(cache.read).not.toHaveBeenCalled();
  });
});
