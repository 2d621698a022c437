// @vitest-environment jsdom
/**
 * Decision 024: the server renders a signed-in tab screen with this renderer, and the browser
 * hydrates that markup from the same data. A mismatch would make React throw the markup away
 * and draw the screen again (a console error, which test-setup.ts fails on), so each screen is
 * rendered and hydrated here as the page does it.
 */
import { act, startTransition } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { VISITOR_DATA, type FirstScreenData } from "../../domain/first-screen";
import { DEFAULT_SETTINGS } from "../../domain/schemas/settings";
import type { SubscriptionSummary } from "../../domain/schemas/subscription";
import { App } from "../app/app";
import { buildDigitalData, buildStreak } from "../features/dashboard/testing/dashboard-fixture";
import { buildInsights } from "../features/insights/testing/insights-fixture";
import { readFirstScreen, seedFirstScreen } from "../lib/first-screen";
import { createQueryClient } from "../lib/query-client";
import { renderFirstScreen } from "./first-screen";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// React's development edge build warns on every empty chunk where ArrayBuffer.prototype.detached
// is missing (Node 20; Node 22 has it); the production build the server runs skips such chunks.
vi.hoisted(() => {
  if (!Object.hasOwn(ArrayBuffer.prototype, "detached"))
    Object.defineProperty(ArrayBuffer.prototype, "detached", { configurable: true, get: () => false });
});

// The install and update prompts come after hydration (never in the markup) and need Vite's PWA module.
vi.mock("../app/page-extras", () => ({ PageExtras: () => null }));

const ADA = { id: 7, name: "Ada", email: "ada@example.com", subscriptionStatus: "trial", trialEndsAt: "2026-06-01T00:00:00.000Z" };
const TIP = { id: 1, category: "photos", title: "Keep one of each", content: "Copies of a photo take space twice." };

const READS = {
  me: ADA,
  digitalData: buildDigitalData(),
  streak: buildStreak(3),
  settings: DEFAULT_SETTINGS,
  preferences: { primaryGoal: "storage", dataTypes: [], asked: true },
  tip: TIP,
  insights: buildInsights(),
  subscription: {
    status: "trial",
    state: "trial",
    plan: null,
    trialEndsAt: ADA.trialEndsAt,
    graceEndsAt: null,
    renewsAt: null,
    withCard: false,
    emailVerified: true,
    trialAvailable: false,
    paymentsEnabled: true,
    actions: { cancel: false, resume: false, changePlan: false, updatePayment: false, refund: false },
    refundDeadline: null,
  } satisfies SubscriptionSummary,
};

const dataFor = (reads: (keyof typeof READS)[], userId = ADA.id): FirstScreenData => ({
  userId,
  reads: Object.fromEntries(reads.map((r) => [r, READS[r]])),
});

const SCREENS = [
  { url: "/home", data: dataFor(["me", "digitalData", "streak", "settings", "preferences", "tip"]), heading: "Good morning, Ada" },
  { url: "/organize?tab=files", data: dataFor(["me", "digitalData", "settings"]), heading: "Organize" },
  { url: "/insights", data: dataFor(["me", "insights", "settings"]), heading: "Insights" },
  // Its device-only cards come after adoption; the mailbox card and a pending address change are read then, as before.
  {
    url: "/settings",
    data: dataFor(["me", "settings", "preferences", "subscription"]),
    heading: "Settings",
    laterReads: ["/api/email/connection", "/api/auth/email-change"],
  },
  // A visitor's pages (decision 043): rendered from "no session" alone.
  { url: "/login", data: VISITOR_DATA, heading: "Sign In" },
  { url: "/register", data: VISITOR_DATA, heading: "Create Account" },
  { url: "/forgot-password", data: VISITOR_DATA, heading: "Reset your password" },
  { url: "/welcome", data: VISITOR_DATA, heading: "Welcome to CleanSpace" },
  { url: "/subscribe", data: VISITOR_DATA, heading: "Upgrade to CleanSpace Pro" },
];

let root: Root | undefined;
beforeAll(async () => {
  // The screens' lazily loaded modules, compiled once here, so hydration finds them within one act() below.
  await Promise.all([
    import("../features/dashboard/dashboard-page"),
    import("../features/organize/organize-page"),
    import("../features/insights/insights-page"),
    import("../features/settings/settings-page"),
    import("../features/auth/login-page"),
    import("../features/auth/register-page"),
    import("../features/auth/forgot-password-page"),
    import("../features/auth/welcome-page"),
    import("../features/subscribe/subscribe-page"),
    import("../components/sync-status"),
    import("../app/settings-effects"),
  ]);
});
beforeEach(() => {
  // The first screen needs no request: any would be a read the server should have made.
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.reject(new Error("unexpected request"))),
  );
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = "";
  localStorage.clear();
  vi.unstubAllGlobals();
});

/** True once React has attached to the element (hydrated it). */
const hydrated = (el: Element) => Object.keys(el).some((k) => k.startsWith("__reactFiber"));

describe("the signed-in first screen rendered by the server", () => {
  it("renders the dashboard complete from the data: the user's figures, the tip, the tab bar, nothing loading", async () => {
    document.body.innerHTML = `<div id="root">${(await renderFirstScreen("/home", SCREENS[0]!.data))!}</div>`;
    expect(document.querySelector("h1")?.textContent).toBe("Good morning, Ada");
    expect(document.querySelector("[data-testid=health-score]")?.textContent).toBe(String(READS.digitalData.healthScore));
    expect(document.body.textContent).toContain(TIP.title);
    expect(document.querySelector("nav[aria-label=Main] a[aria-current=page]")?.textContent).toBe("Dashboard");
    expect(document.body.textContent).not.toMatch(/Loading/);
    // Nothing that belongs to this browser alone (install, update, sync status) is in the markup.
    expect(document.querySelector("[data-testid=sync-status]")).toBeNull();
  });

  it("renders Settings with the account's top cards and none of this device's own (decision 050)", async () => {
    document.body.innerHTML = `<div id="root">${(await renderFirstScreen("/settings", dataFor(["me", "settings", "preferences", "subscription"])))!}</div>`;
    const titles = [...document.querySelectorAll("h2, h3")].map((el) => el.textContent);
    // Not this device's cards (preferences, keep-rules, sync, device data, sent log, install), nor
    // the second column, which comes with them: drawn above it, they would push it down.
    expect(titles).toEqual(["Profile", "Your goals", "Subscription"]);
  });

  it("renders nothing for data that names another user, or no user", async () => {
    expect(await renderFirstScreen("/home", { ...SCREENS[0]!.data, userId: 8 })).toBeNull();
    expect(await renderFirstScreen("/home", dataFor(["digitalData", "settings"]))).toBeNull();
  });

  it("writes what the user typed as text, never as markup", async () => {
    const data = dataFor(["me", "digitalData", "streak", "settings", "preferences"]);
    data.reads.me = { ...ADA, name: '<img src=x onerror="alert(1)">' };
    document.body.innerHTML = `<div id="root">${(await renderFirstScreen("/home", data))!}</div>`;
    expect(document.querySelector("img")).toBeNull();
    expect(document.querySelector("h1")?.textContent).toBe('Good morning, <img src=x onerror="alert(1)">');
  });

  it.each(SCREENS)(
    "hydrates $url from the same data without a mismatch, adopting the markup",
    async ({ url, data, heading, laterReads = [] }) => {
      window.history.replaceState(null, "", url);
      // As the server sends it (plugins/first-screen-page.ts): inert until adopted.
      document.body.innerHTML = `<div id="root" inert>${(await renderFirstScreen(url, data))!}</div><script type="application/json" id="cs-first-screen">${JSON.stringify(data)}</script>`;
      const container = document.getElementById("root")!;
      const h1 = container.querySelector("h1")!;
      expect(h1.textContent).toBe(heading);
      const queryClient = createQueryClient();
      expect(seedFirstScreen(queryClient, readFirstScreen()!)).toBe(true);
      const recoverable = vi.fn();
      // Server and browser renderers share one JavaScript realm only in this test: React's
      // development build notices and says so, which is not a fault of the page.
      const error = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
        if (!String(args[0]).startsWith("Detected multiple renderers concurrently rendering the same context provider"))
          throw new Error(String(args[0]));
      });
      await act(async () => {
        startTransition(() => {
          root = hydrateRoot(container, <App queryClient={queryClient} />, { onRecoverableError: recoverable });
        });
      });
      // The lazily loaded screen resolves, and hydration finishes, inside act().
      for (let i = 0; i < 100 && !hydrated(h1); i++) await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
      expect(hydrated(h1)).toBe(true);
      error.mockRestore();
      expect(recoverable).not.toHaveBeenCalled();
      // The same element: adopted, not drawn again; and the screen takes input from now on.
      expect(container.querySelector("h1")).toBe(h1);
      await vi.waitFor(() => expect(container.hasAttribute("inert")).toBe(false));
      const requested = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
      // A visitor's page knows there is no session (no 401 from /api/auth/me in the console); it may read its own public data (plans).
      if (data.userId === null) expect(requested.filter((u) => u.startsWith("/api/auth/"))).toEqual([]);
      else expect(requested.filter((u) => !laterReads.includes(u))).toEqual([]);
    },
  );
});
