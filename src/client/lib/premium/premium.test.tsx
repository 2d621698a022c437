// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../../components/ui/toaster";
import { createQueryClient } from "../query-client";
import { dismissToast } from "../toast-store";
import { UpgradeTeaser } from "./upgrade-teaser";
import { usePremiumGate, type PremiumFeature } from "./use-premium-gate";

function stubMe(status: string | null) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () =>
      status === null
        ? new Response(JSON.stringify({ error: "Authentication required" }), {
            status: 401,
            headers: { "content-type": "application/json" },
          })
        : new Response(JSON.stringify({ id: 1, name: "Ada", email: "a@example.com", subscriptionStatus: status, trialEndsAt: null }), {
            headers: { "content-type": "application/json" },
          }),
    ),
  );
}

function Gate({ kind }: { kind: PremiumFeature }) {
  const gate = usePremiumGate();
  return (
    <>
      <p>{gate.isLoading ? "loading" : gate.isPremium ? "pro" : "free"}</p>
      <button type="button" onClick={() => (document.body.dataset.allowed = String(gate.requirePremium(kind)))}>
        Use
      </button>
    </>
  );
}

function renderInApp(ui: React.ReactElement) {
  const location = memoryLocation({ path: "/", record: true });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        {ui}
        <Toaster />
      </Router>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), location };
}

const openToasts = () => [...document.querySelectorAll<HTMLElement>('li[data-state="open"]')];

afterEach(() => {
  cleanup();
  dismissToast();
  vi.unstubAllGlobals();
  delete document.body.dataset.allowed;
});

describe("usePremiumGate", () => {
  it.each(["trial", "active", "lifetime"])("lets a %s user through without a toast", async (status) => {
    stubMe(status);
    const { user } = renderInApp(<Gate kind="quickActions" />);
    await screen.findByText("pro");
    await user.click(screen.getByRole("button", { name: "Use" }));
    expect(document.body.dataset.allowed).toBe("true");
    expect(openToasts()).toEqual([]);
  });

  it.each([
    ["quickActions", "Quick actions are available with CleanSpace Pro. Upgrade to start organizing your digital life!"],
    ["fileScan", "File scanning is available with CleanSpace Pro. Upgrade to unlock full access!"],
  ] as const)("stops a free user at %s with the spec §6 'Premium Feature' toast", async (kind, text) => {
    stubMe("free");
    const { user, location } = renderInApp(<Gate kind={kind} />);
    await screen.findByText("free");
    await user.click(screen.getByRole("button", { name: "Use" }));
    expect(document.body.dataset.allowed).toBe("false");
    const [toast] = openToasts();
    expect(within(toast!).getByText("Premium Feature")).toBeInTheDocument();
    expect(within(toast!).getByText(text)).toBeInTheDocument();
    // fireEvent: jsdom lacks the pointer capture Radix's swipe handling reads on pointer events.
    fireEvent.click(within(toast!).getByRole("button", { name: "Upgrade" }));
    await waitFor(() => expect(location.history?.at(-1)).toBe("/subscribe"));
  });

  it("treats a signed-out visitor as free", async () => {
    stubMe(null);
    const { user } = renderInApp(<Gate kind="fileScan" />);
    await screen.findByText("free");
    await user.click(screen.getByRole("button", { name: "Use" }));
    expect(document.body.dataset.allowed).toBe("false");
    expect(openToasts()).toHaveLength(1);
  });

  it("says no, quietly, while the session is still loading", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    const { user } = renderInApp(<Gate kind="quickActions" />);
    expect(screen.getByText("loading")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Use" }));
    expect(document.body.dataset.allowed).toBe("false");
    expect(openToasts()).toEqual([]);
  });
});

describe("UpgradeTeaser", () => {
  it("shows the feature, an 'Upgrade to Pro' link to /subscribe and the money-back note", () => {
    stubMe("free");
    renderInApp(<UpgradeTeaser title="Smart Suggestions" description="Personalised cleanup ideas." />);
    const teaser = screen.getByRole("group", { name: "Smart Suggestions" });
    expect(within(teaser).getByRole("heading", { level: 3, name: "Smart Suggestions" })).toBeInTheDocument();
    expect(within(teaser).getByText("Personalised cleanup ideas.")).toBeInTheDocument();
    const link = within(teaser).getByRole("link", { name: "Upgrade to Pro" });
    expect(link).toHaveAttribute("href", "/subscribe");
    expect(link).toHaveAccessibleDescription("Smart Suggestions");
    expect(within(teaser).getByText("30-day money-back guarantee")).toBeInTheDocument();
  });

  it("fits the page outline with another heading level", () => {
    stubMe("free");
    renderInApp(<UpgradeTeaser title="Batch Operations" description="x" headingLevel={2} />);
    expect(screen.getByRole("heading", { level: 2, name: "Batch Operations" })).toBeInTheDocument();
  });
});
