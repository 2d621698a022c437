// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scoreSummary } from "../../../domain/health-score";
import { messages } from "../../../domain/messages";
import { DEFAULT_SETTINGS } from "../../../domain/schemas/settings";
import { DashboardPage } from "./dashboard-page";
import { buildDigitalData, buildStreak, SUMMARY, TODAY } from "./testing/dashboard-fixture";
import { FREE, findToast, jsonResponse, renderWithApp, resetTestState, signedIn, TIP, visitor } from "./testing/render-dashboard";

const store = vi.hoisted(() => ({ loadScanIndex: vi.fn(), saveScanIndex: vi.fn() }));
vi.mock("../../../scan/index-store", () => store);

const scoreCard = () => screen.getByRole("region", { name: "Digital Health Score" });
/** The dashboard's cards are named by their heading (aria-labelledby) but carry no landmark role. */
const card = (title: string) => screen.getByRole("heading", { name: title }).closest<HTMLElement>("[aria-labelledby]")!;
const findCard = async (title: string) => (await screen.findByRole("heading", { name: title })).closest<HTMLElement>("[aria-labelledby]")!;

const SERVER_FACTORS = [
  { key: "duplicates", label: "Duplicate copies", penalty: 9, maxPenalty: 30 },
  { key: "old", label: "Files untouched for 6 months", penalty: 7, maxPenalty: 15 },
  { key: "empty", label: "Empty files", penalty: 0, maxPenalty: 5 },
] as const;

beforeEach(() => {
  store.loadScanIndex.mockReset().mockResolvedValue(null);
  store.saveScanIndex.mockReset().mockResolvedValue(undefined);
});
afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  resetTestState();
});

describe("DashboardPage — signed in", () => {
  it("shows the server's score, its band text and the breakdown, never a score computed here", async () => {
    signedIn({
      "GET /api/digital-data/7": () => jsonResponse(200, buildDigitalData(SUMMARY, { healthScore: 84, scoreFactors: [...SERVER_FACTORS] })),
    });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Good morning, Ada" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("health-score")).toHaveTextContent("84"));
    expect(scoreCard()).toHaveTextContent("84out of 100");
    expect(scoreCard()).toHaveAttribute("data-band", "green");
    expect(scoreCard()).toHaveTextContent("Great job! Your digital life is in great shape.");
    const breakdown = within(scoreCard()).getByRole("list", { name: "Score breakdown" });
    // Factors without a penalty are left out.
    expect(
      within(breakdown)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Duplicate copies−9 of 30", "Files untouched for 6 months−7 of 15"]);
  });

  it("shows the category cards with the scan's counts and the mailbox's totals from the server", async () => {
    signedIn();
    renderWithApp(<DashboardPage />);
    const categories = await screen.findByRole("region", { name: "Declutter Categories" });
    await waitFor(() =>
      expect(within(categories).getByRole("button", { name: /^Photos:/ })).toHaveAccessibleName(
        "Photos: 1,234 items, 30 duplicates. Press and hold for quick review.",
      ),
    );
    const cards = within(categories).getAllByRole("button");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Photos: 1,234 items, 30 duplicates. Press and hold for quick review.",
      "Files: 600 items, 2 large files. Press and hold for quick review.",
      "Apps: 24 items, 6 unused. Press and hold for quick review.",
      "Email: 2,500 items, 120 unread. Press and hold for quick review.",
    ]);
    expect(cards[0]).toHaveTextContent("1,234 items30 duplicates");
  });

  it("orders the categories by the user's chosen data types, then the goal's order", async () => {
    signedIn({
      "GET /api/settings": () => jsonResponse(200, { ...DEFAULT_SETTINGS, primaryGoal: "privacy", dataTypes: ["email"] }),
    });
    renderWithApp(<DashboardPage />);
    const categories = await screen.findByRole("region", { name: "Declutter Categories" });
    await waitFor(() =>
      expect(
        within(categories)
          .getAllByRole("button")
          .map((c) => c.getAttribute("aria-label")?.split(":")[0]),
      ).toEqual(["Email", "Apps", "Photos", "Files"]),
    );
  });

  it("shows the server's goal progress, the quick wins, the streak and the tip", async () => {
    signedIn({
      "GET /api/digital-data/7": () =>
        jsonResponse(200, buildDigitalData(SUMMARY, { healthScore: 65, goal: { target: 3, completed: 2, percent: 67, achieved: false } })),
      "GET /api/streaks/7": () => jsonResponse(200, buildStreak(3)),
    });
    renderWithApp(<DashboardPage />);
    const goal = await findCard("Today's Goal");
    await waitFor(() => expect(within(goal).getByTestId("goal-progress")).toHaveTextContent("2 of 3 completed"));
    expect(goal).toHaveTextContent("Complete 3 cleanup actions");
    expect(goal).toHaveTextContent("67%");
    expect(within(goal).getByRole("progressbar", { name: "Today's goal progress" })).toHaveAttribute("aria-valuenow", "2");
    expect(goal).not.toHaveTextContent("Goal Achieved!");
    expect(within(goal).getByRole("link", { name: /Remove duplicate photos/ })).toHaveAttribute(
      "href",
      "/organize?tab=photos&select=duplicates",
    );
    expect(within(goal).getByRole("link", { name: /Remove unused apps/ })).toHaveTextContent("6 apps not used lately");

    const streak = card("Declutter Streak");
    await waitFor(() => expect(within(streak).getByTestId("streak-days")).toHaveTextContent("3 days"));
    expect(within(goal).getByRole("list", { name: "Streak progress: 3 of 7 days" })).toBeInTheDocument();
    expect(within(streak).getByRole("listitem", { name: `${TODAY}: cleaned up` })).toBeInTheDocument();

    const tip = card("Tip of the day");
    await waitFor(() => expect(tip).toHaveTextContent(TIP.title));
    expect(tip).toHaveTextContent(TIP.content);
  });

  it("shows the promo banner to a free user and not to a trial user", async () => {
    signedIn({}, FREE);
    renderWithApp(<DashboardPage />);
    const promo = await screen.findByRole("complementary", { name: "Premium" });
    expect(promo).toHaveTextContent("Premium Features Preview");
    expect(within(promo).getByRole("link", { name: "Upgrade Now" })).toHaveAttribute("href", "/subscribe");
    resetTestState();

    signedIn();
    renderWithApp(<DashboardPage />);
    await screen.findByRole("heading", { level: 1, name: "Good morning, Ada" });
    expect(screen.queryByRole("complementary", { name: "Premium" })).not.toBeInTheDocument();
    expect(screen.queryByText(/You're not signed in/)).not.toBeInTheDocument();
  });

  it("opens the quick-actions panel for a subscriber and gates it for a free user", async () => {
    signedIn();
    const { user } = renderWithApp(<DashboardPage />);
    await screen.findByRole("heading", { level: 1, name: "Good morning, Ada" });
    await waitFor(() => expect(screen.getByTestId("health-score")).toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Quick actions" }));
    const panel = screen.getByRole("region", { name: "Quick actions" });
    expect(within(panel).getByRole("link", { name: /Remove duplicate photos/ })).toHaveTextContent("30 copies · 45.0 MB");
    expect(screen.queryByRole("region", { name: "Digital Health Score" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Quick actions" })).toHaveAttribute("aria-pressed", "true");
    resetTestState();

    signedIn({}, FREE);
    const free = renderWithApp(<DashboardPage />);
    await screen.findByRole("complementary", { name: "Premium" });
    await free.user.click(screen.getByRole("button", { name: "Quick actions" }));
    const toast = await findToast(messages.premiumFeatureTitle);
    expect(toast).toHaveTextContent(messages.premiumQuickActions);
    expect(screen.queryByRole("region", { name: "Quick actions" })).not.toBeInTheDocument();
  });

  it("opens Organize on a category's tab, and its quick review from a long press", async () => {
    signedIn();
    const { user, location } = renderWithApp(<DashboardPage />);
    const photos = await screen.findByRole("button", { name: /^Photos: 1,234 items/ });
    await user.click(photos);
    expect(location.history?.at(-1)).toBe("/organize?tab=photos");
    await user.pointer({ keys: "[MouseRight]", target: screen.getByRole("button", { name: /^Apps:/ }) });
    expect(location.history?.at(-1)).toBe("/organize?tab=apps&select=unused");
  });

  it("keeps Quick Scan for Pro: a free user gets the premium notice", async () => {
    signedIn({}, FREE);
    const { user } = renderWithApp(<DashboardPage />);
    await screen.findByRole("complementary", { name: "Premium" });
    await user.click(screen.getByRole("button", { name: /Quick Scan/ }));
    expect(await findToast(messages.premiumFeatureTitle)).toHaveTextContent(messages.premiumFileScan);
    expect(screen.queryByRole("button", { name: "Start Real Data Scan" })).not.toBeInTheDocument();
  });

  it("only logs a failed data load (spec §8) and still shows the page", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    signedIn({
      "GET /api/digital-data/7": () => jsonResponse(500, { error: "boom" }),
      "GET /api/streaks/7": () => jsonResponse(500, { error: "boom" }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithApp(<DashboardPage />);
    expect(await screen.findByRole("heading", { level: 1, name: "Good morning, Ada" })).toBeInTheDocument();
    // The spec's 3 retries, 1 s apart, on the fake clock.
    for (let i = 0; i < 4; i++) await vi.advanceTimersByTimeAsync(1000);
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith("Digital data failed to load", expect.objectContaining({ message: '500: {"error":"boom"}' })),
    );
    expect(warn).toHaveBeenCalledWith("Streak failed to load", expect.any(Error));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Declutter Categories" })).toBeInTheDocument();
    expect(screen.getByTestId("streak-days")).toHaveTextContent("0 days");
    expect(screen.getByRole("heading", { name: "Recommendations" })).toBeInTheDocument();
  });
});

describe("DashboardPage — loading", () => {
  it("shows no promo banner, no sign-in note and the name fallback while the session is unknown", async () => {
    const { calls } = signedIn({ "GET /api/auth/me": () => new Promise<Response>(() => undefined) });
    renderWithApp(<DashboardPage />);
    expect(screen.getByRole("heading", { level: 1, name: "Good morning, User" })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.route)).toContain("GET /api/auth/me"));
    expect(screen.queryByRole("complementary", { name: "Premium" })).not.toBeInTheDocument();
    expect(screen.queryByText(/You're not signed in/)).not.toBeInTheDocument();
    expect(screen.queryByTestId("health-score")).not.toBeInTheDocument();
    expect(calls.map((c) => c.route)).not.toContain("GET /api/digital-data/7");
  });

  it("shows a tip placeholder and no score figure until the server answers", async () => {
    signedIn({
      "GET /api/digital-data/7": () => new Promise<Response>(() => undefined),
      "GET /api/tips/random": () => new Promise<Response>(() => undefined),
    });
    renderWithApp(<DashboardPage />);
    await screen.findByRole("heading", { level: 1, name: "Good morning, Ada" });
    const tip = card("Tip of the day");
    expect(tip).toHaveAttribute("aria-busy", "true");
    expect(tip).toHaveTextContent("Loading a tip…");
    expect(screen.queryByTestId("health-score")).not.toBeInTheDocument();
  });
});

describe("DashboardPage — visitor", () => {
  it("prompts a visitor without a scan to run one and to sign in", async () => {
    visitor();
    renderWithApp(<DashboardPage />);
    const note = await screen.findByText(/You're not signed in: scans stay on this device\./);
    expect(within(note).getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("heading", { level: 1, name: "Good morning, User" })).toBeInTheDocument();
    expect(scoreCard()).toHaveTextContent("Run your first scan to get your score.");
    expect(screen.queryByTestId("health-score")).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Scan results" })).not.toBeInTheDocument();
    expect(screen.getByText("No New Recommendations")).toBeInTheDocument();
    expect(card("Today's Goal")).toHaveTextContent("No quick wins right now — your last scan found nothing urgent.");
    expect(screen.getByRole("complementary", { name: "Premium" })).toBeInTheDocument();
  });

  it("scores a visitor's scan kept on this device, without asking the server for data", async () => {
    store.loadScanIndex.mockResolvedValue({ items: [], summary: SUMMARY, duplicates: [] });
    const { calls } = visitor();
    renderWithApp(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId("health-score")).toBeInTheDocument());
    expect(screen.getByTestId("health-score")).toHaveTextContent(String(scoreSummary(SUMMARY).score));
    const results = card("Scan results");
    expect(within(results).getByTestId("result-files-found")).toHaveTextContent("1,834");
    expect(screen.getByRole("button", { name: /^Photos:/ })).toHaveAccessibleName(
      "Photos: 1,234 items, 30 duplicates. Press and hold for quick review.",
    );
    expect(calls.map((c) => c.route).filter((r) => r.startsWith("GET /api/digital-data") || r.startsWith("GET /api/streaks"))).toEqual([]);
  });
});
