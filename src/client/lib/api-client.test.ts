import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiGetOrNull, apiRequest } from "./api-client";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(res: Response) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => res.clone());
  vi.stubGlobal("fetch", fn);
  return fn;
}

describe("apiRequest", () => {
  it("sends credentials and a JSON content type only with a body", async () => {
    const fn = stubFetch(new Response(JSON.stringify({ ok: 1 }), { headers: { "content-type": "application/json" } }));
    await apiRequest("POST", "/api/x", { a: 1 });
    expect(fn.mock.calls[0]![1]).toMatchObject({
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
    });
    await apiRequest("GET", "/api/x");
    expect(fn.mock.calls[1]![1]).toMatchObject({ credentials: "include", headers: {}, body: undefined });
  });

  it("makes the error message status, colon, space, body text (spec §8)", async () => {
    stubFetch(new Response('{"error":"Invalid email or password"}', { status: 401 }));
    const err = await apiRequest("POST", "/api/auth/login", {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"error":"Invalid email or password"}');
    expect((err as ApiError).serverError).toBe("Invalid email or password");
  });

  it("falls back to the status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: Internal Server Error");
  });

  it("can return null on 401", async () => {
    stubFetch(new Response("", { status: 401 }));
    await expect(apiGetOrNull("/api/auth/me")).resolves.toBeNull();
  });
});

describe("the device's own log of what was sent (issue 12)", () => {
  it("notes each write with its body and status, and leaves reads out", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    });
    const { readSentRequests } = await import("./privacy-receipts/sent-log");
    stubFetch(new Response(null, { status: 204 }));
    await apiRequest("POST", "/api/users", { name: "A", email: "a@b.c", password: "hunter22" });
    await apiRequest("GET", "/api/users/1");
    const log = readSentRequests();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      method: "POST",
      path: "/api/users",
      body: { name: "A", email: "a@b.c", password: "•••• (not shown)" },
      outcome: { status: 204 },
    });
  });

  it("notes a request that got no answer", async () => {
    const store = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const { readSentRequests } = await import("./privacy-receipts/sent-log");
    await expect(apiRequest("DELETE", "/api/cleanup-events/abc")).rejects.toThrow("Failed to fetch");
    expect(readSentRequests()[0]).toMatchObject({ method: "DELETE", outcome: { status: "network-error" } });
  });
});
