/**
 * Test support for screens: the real providers (the app's query client without retries, a
 * memory router, the real Toaster) and a fetch stub answering by "METHOD /path". Feature
 * folders add their own fixtures on top (see features/<area>/testing/).
 */
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/query-client";
import { dismissToast } from "../lib/toast-store";

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

export type Handler = (body: unknown) => Response | Promise<Response>;

export interface ApiCall {
  route: string;
  body: unknown;
}

/** Unknown routes answer 404 JSON, as the server does. */
export function stubApi(routes: Record<string, Handler>): { calls: ApiCall[] } {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const route = `${init?.method ?? "GET"} ${url}`;
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ route, body });
      const handler = routes[route];
      return handler ? handler(body) : jsonResponse(404, { error: "Not found" });
    }),
  );
  return { calls };
}

export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  // The spec's retries (with 1 s+ delays) are covered in query-client.test.ts.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false }, mutations: { retry: false } });
  return client;
}

export function renderWithApp(ui: ReactElement, { path = "/", search = "" } = {}) {
  const location = memoryLocation({ path, searchPath: search, record: true });
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient, location };
}

/** The open toast (Radix renders each as an <li> in the 'Notification' region) titled `title`. */
export async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const region = screen.getByRole("region", { name: /Notification/ });
    const toast = [...region.querySelectorAll<HTMLElement>('li[data-state="open"]')].find((el) => el.textContent?.includes(title));
    if (!toast) throw new Error(`no toast titled "${title}"`);
    return toast;
  });
}

export function resetTestState(): void {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  localStorage.clear();
}
