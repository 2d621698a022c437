// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { SENT_LOG_KEY } from "../privacy-receipts/sent-log";
import { createQueryClient } from "../query-client";
import { dismissToast } from "../toast-store";
import { useCompleteSignIn } from "./complete-sign-in";
import { sessionQueryKey } from "./get-me";
import { useSignOut } from "./sign-out";
import { useIsPremium } from "./use-is-premium";
import { useSession } from "./use-session";

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADA = { id: 7, name: "Ada", email: "ada@example.com", subscriptionStatus: "free", trialEndsAt: null };

function json(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function stubFetch(answer: (route: string) => Response | Promise<Response>) {
  const fn = vi.fn(async (url: string, init?: RequestInit) => answer(`${init?.method ?? "GET"} ${url}`));
  vi.stubGlobal("fetch", fn);
  return fn;
}

function setup(path = "/settings") {
  const client: QueryClient = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false }, mutations: { retry: false } });
  const location = memoryLocation({ path, record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>{children}</Router>
    </QueryClientProvider>
  );
  return { client, location, wrapper };
}

describe("useSession", () => {
  it("is loading, then signed in, and mirrors the user into the spec's keys", async () => {
    stubFetch(() => json(200, ADA));
    const { wrapper } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    expect(result.current.status).toBe("loading");
    await waitFor(() => expect(result.current.status).toBe("signed-in"));
    expect(result.current.user).toEqual(ADA);
    expect(result.current.isSignedIn).toBe(true);
    expect(localStorage.getItem("userId")).toBe("7");
    expect(localStorage.getItem("userEmail")).toBe("ada@example.com");
    expect(JSON.parse(localStorage.getItem("auth_data")!)).toEqual({
      user: { id: 7, email: "ada@example.com", name: "Ada" },
      isAuthenticated: true,
    });
  });

  it("trusts the server over a stale or corrupt stored id", async () => {
    localStorage.setItem("userId", "not-a-number");
    localStorage.setItem("auth_data", "{corrupt");
    stubFetch(() => json(200, ADA));
    const { wrapper } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe("signed-in"));
    expect(localStorage.getItem("userId")).toBe("7");
  });

  it("is signed out on 401 and clears the stored keys", async () => {
    localStorage.setItem("userId", "99");
    localStorage.setItem("userEmail", "old@example.com");
    localStorage.setItem("auth_data", "{}");
    stubFetch(() => json(401, { error: "Not signed in" }));
    const { wrapper } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe("signed-out"));
    expect(result.current.user).toBeNull();
    expect([localStorage.getItem("userId"), localStorage.getItem("userEmail"), localStorage.getItem("auth_data")]).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("reports an error without touching the stored keys when the server is unreachable", async () => {
    localStorage.setItem("userId", "7");
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const { wrapper } = setup();
    const { result } = renderHook(() => useSession(), { wrapper });
    await waitFor(() => expect(result.current.status).toBe("error"));
    expect(localStorage.getItem("userId")).toBe("7");
  });
});

describe("useIsPremium (spec §4)", () => {
  it.each([
    ["free", false],
    ["trial", true],
    ["active", true],
    ["lifetime", true],
  ] as const)("%s → %s", async (subscriptionStatus, premium) => {
    stubFetch(() => json(200, { ...ADA, subscriptionStatus }));
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ premium: useIsPremium(), session: useSession() }), { wrapper });
    await waitFor(() => expect(result.current.session.status).toBe("signed-in"));
    expect(result.current.premium).toBe(premium);
  });

  it("is free while the user is unknown or signed out", async () => {
    stubFetch(() => json(401));
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ premium: useIsPremium(), session: useSession() }), { wrapper });
    expect(result.current.premium).toBe(false);
    await waitFor(() => expect(result.current.session.status).toBe("signed-out"));
    expect(result.current.premium).toBe(false);
  });
});

describe("useSignOut (spec §4)", () => {
  it("ends the server session, clears keys, the sent-payload log and cache, and goes to /", async () => {
    localStorage.setItem("userId", "7");
    localStorage.setItem(
      SENT_LOG_KEY,
      JSON.stringify([
        {
          id: "a",
          method: "PATCH",
          path: "/api/users/7",
          time: 1,
          body: { email: "ada@example.com" },
          outcome: { status: 200 },
          via: "app",
        },
      ]),
    );
    const fetch = stubFetch((route) => (route === "POST /api/auth/logout" ? new Response(null, { status: 204 }) : json(200, ADA)));
    const { wrapper, client, location } = setup();
    client.setQueryData(["digital-data", 7], { healthScore: 80 });
    const { result } = renderHook(() => ({ signOut: useSignOut(), session: useSession() }), { wrapper });
    await waitFor(() => expect(result.current.session.status).toBe("signed-in"));

    await act(() => result.current.signOut.mutateAsync());
    expect(fetch).toHaveBeenCalledWith("/api/auth/logout", expect.objectContaining({ method: "POST", credentials: "include" }));
    expect(localStorage.getItem("userId")).toBeNull();
    expect(localStorage.getItem(SENT_LOG_KEY)).toBeNull();
    expect(client.getQueryData(["digital-data", 7])).toBeUndefined();
    expect(client.getQueryData(sessionQueryKey)).toBeNull();
    expect(location.history?.at(-1)).toBe("/");
    await waitFor(() => expect(result.current.session.status).toBe("signed-out"));
  });

  it("treats an already-ended session (401) as signed out", async () => {
    localStorage.setItem("userId", "7");
    stubFetch(() => json(401, { error: "Not signed in" }));
    const { wrapper, location } = setup();
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(localStorage.getItem("userId")).toBeNull();
    expect(location.history?.at(-1)).toBe("/");
  });

  it("stays put and keeps the keys when the server could not be reached", async () => {
    localStorage.setItem("userId", "7");
    stubFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    const { wrapper, location } = setup();
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(localStorage.getItem("userId")).toBe("7");
    expect(location.history).toEqual(["/settings"]);
  });
});

describe("useCompleteSignIn", () => {
  it("stores the keys, drops another identity's cache and loads the session", async () => {
    stubFetch(() => json(200, ADA));
    const { wrapper, client } = setup("/login");
    client.setQueryData(["digital-data", 3], { healthScore: 10 });
    client.setQueryData(sessionQueryKey, null);
    const { result } = renderHook(() => useCompleteSignIn(), { wrapper });
    await act(() => result.current({ id: 7, email: "ada@example.com" }));
    expect(localStorage.getItem("userId")).toBe("7");
    expect(client.getQueryData(["digital-data", 3])).toBeUndefined();
    expect(client.getQueryData(sessionQueryKey)).toEqual(ADA);
  });
});
