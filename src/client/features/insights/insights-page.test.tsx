// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ExportHistoryItem } from "../../../domain/schemas/export";
import { InsightsPage } from "./insights-page";
import { buildInsights, EMPTY_INSIGHTS, TODAY } from "./testing/insights-fixture";
import { captureDownloads, findToast, jsonResponse, renderWithApp, resetTestState, stubApi } from "./testing/render-insights";

const store = vi.hoisted(() => ({ loadScanIndex: vi.fn(), saveScanIndex: vi.fn() }));
vi.mock("../../../scan/index-store", () => store);

const TRIAL = { id: 7, name: "Ada", email: "ada@example.com", subscriptionStatus: "trial", trialEndsAt: "2026-06-01T00:00:00.000Z" };
const FREE = { ...TRIAL, subscriptionStatus: "free", trialEndsAt: null };

function signedIn(extra: Record<string, (body: unknown) => Response | Promise<Response>> = {}, insights = buildInsights()) {
  return stubApi({
    "GET /api/auth/me": () => jsonResponse(200, TRIAL),
    "GET /api/insights/7": () => jsonResponse(200, insights),
    ...extra,
  });
}

async function openTab(user: ReturnType<typeof renderWithApp>["user"], name: string) {
  await user.click(await screen.findByRole("tab", { name }));
}

beforeEach(() => {
  store.loadScanIndex.mockReset().mockResolvedValue(null);
  store.saveScanIndex.mockReset().mockResolvedValue(undefined);
});
afterEach(resetTestState);

describe("InsightsPage — access", () => {
  it("shows a loading state until the user is known", async () => {
    stubApi({ "GET /api/auth/me": () => new Promise<Response>(() => undefined) });
    renderWithApp(<InsightsPage />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading your insights…");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });

  it("shows a loading state until the data is loaded", async () => {
    signedIn({ "GET /api/insights/7": () => new Promise<Response>(() => undefined) });
    renderWithApp(<InsightsPage />);
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Loading your insights…"));
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
  });

  it("gives free users the three upgrade prompts and never asks for their insights", async () => {
    const { calls } = stubApi({ "GET /api/auth/me": () => jsonResponse(200, FREE) });
    renderWithApp(<InsightsPage />);
    for (const title of ["Advanced Analytics & Insights", "Smart Suggestions", "Digital Wellness Tracking"]) {
      expect(await screen.findByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getAllByRole("link", { name: "Upgrade to Pro" })).toHaveLength(3);
    expect(screen.getAllByRole("link", { name: "Upgrade to Pro" })[0]).toHaveAttribute("href", "/subscribe");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(calls.map((c) => c.route)).not.toContain("GET /api/insights/7");
  });

  it("shows the four tabs to a trial user, Overview first", async () => {
    signedIn();
    renderWithApp(<InsightsPage />);
    const tabs = within(await screen.findByRole("tablist", { name: "Insights" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Overview", "Smart", "Wellness", "Export"]);
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
  });

  it("offers a retry when the insights fail to load", async () => {
    let fail = true;
    signedIn({ "GET /api/insights/7": () => (fail ? jsonResponse(500, { error: "boom" }) : jsonResponse(200, buildInsights())) });
    const { user } = renderWithApp(<InsightsPage />);
    expect(await screen.findByText("Your insights could not be loaded.")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("tablist", { name: "Insights" })).toBeInTheDocument();
  });
});

describe("InsightsPage — Overview", () => {
  it("shows the week, averages, cleanup totals, categories, streak and achievements from the history", async () => {
    signedIn();
    renderWithApp(<InsightsPage />);
    const week = await screen.findByRole("region", { name: "Weekly Progress" });
    const chart = within(week).getByRole("img");
    expect(chart).toHaveAccessibleName(/Health score for each of the last 7 days/);
    expect(chart).toHaveAccessibleName(/Thu, May 14: 36; Fri, May 15: 36 \(no scan that day, previous score\);.*Wed, May 20: 54/);
    expect(within(week).getByText("Average 42")).toBeInTheDocument();

    const tile = (label: string) => screen.getByText(label).closest("div")!;
    expect(tile("Average Health Score")).toHaveTextContent("42");
    // Issue 16: 300 MB moved to the trash, 200 MB of it deleted for good; the review counts for nothing.
    expect(tile("Storage Freed")).toHaveTextContent("≈210 MB");
    expect(tile("Storage Freed")).toHaveTextContent("200 MB measured + ≈10.0 MB estimated (4 items × 2.5 MB)");
    expect(tile("In the Trash")).toHaveTextContent("100 MB");
    expect(tile("Items Deleted")).toHaveTextContent("16");
    expect(tile("Items Deleted")).toHaveTextContent("24 items in 3 cleanups");

    const categories = screen.getByRole("region", { name: "Category Progress" });
    const rows = within(categories).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Photosduplicate photos: 80 → 25\+69% \(Improving\)$/),
      expect.stringMatching(/^Fileslarge or old files: 402 → 257\+36%/),
      expect.stringMatching(/^Appsunused apps: 8 → 6\+25%/),
      expect.stringMatching(/^Emailunread e-mails: 300 → 180\+40%/),
    ]);

    const streak = screen.getByRole("region", { name: "Streak Stats" });
    expect(streak).toHaveTextContent("Current streak4 days");
    expect(streak).toHaveTextContent("Longest streak5 days");

    const list = screen.getByRole("region", { name: "Achievements" });
    expect(list).toHaveTextContent("1 of 5 unlocked");
    const hunter = within(list).getByRole("listitem", { name: "Duplicate Hunter" });
    expect(hunter).toHaveTextContent("silver");
    expect(hunter).toHaveTextContent("Unlocked May 20, 2026");
    const warrior = within(list).getByRole("listitem", { name: "Week Warrior" });
    expect(warrior).toHaveTextContent("Locked");
    expect(warrior).toHaveTextContent("5 / 7 days");
    expect(within(list).getByRole("listitem", { name: "Space Saver" })).toHaveTextContent("200 MB / 1.0 GB");
    expect(within(list).getByRole("listitem", { name: "Perfect Health" })).toHaveTextContent("platinum");
  });

  it("shows the progress visualization's Overview, Timeline (last 7 of 30 days) and Achievements", async () => {
    signedIn();
    const { user } = renderWithApp(<InsightsPage />);
    const viz = await screen.findByRole("region", { name: "Your Progress" });
    expect(
      within(viz)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Overview", "Timeline", "Achievements"]);
    expect(within(viz).getByRole("img")).toHaveAccessibleName(/Health score over the last 30 days/);
    expect(viz).toHaveTextContent("3 days with a scan in the last 30 days");

    await user.click(within(viz).getByRole("tab", { name: "Timeline" }));
    const table = within(viz).getByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(7);
    // A move to the trash frees nothing yet; the delete two days later does (its items were
    // counted on the day they went to the trash).
    expect(rows[1]).toHaveTextContent("Fri, May 153620—");
    expect(rows[3]).toHaveTextContent("Sun, May 17430200 MB");
    expect(rows[4]).toHaveTextContent("Mon, May 18434≈10.0 MB");
    expect(rows[5]).toHaveTextContent("Tue, May 19430—");

    await user.click(within(viz).getByRole("tab", { name: "Achievements" }));
    expect(within(viz).getByRole("img")).toHaveAccessibleName(/Duplicate Hunter: 100%, unlocked/);
  });

  it("says there is no data yet for a new user and never shows sample figures", async () => {
    signedIn({}, EMPTY_INSIGHTS());
    renderWithApp(<InsightsPage />);
    const week = await screen.findByRole("region", { name: "Weekly Progress" });
    expect(week).toHaveTextContent("No data yet: your weekly progress starts with your first scan.");
    expect(screen.getByText("Average Health Score").closest("div")).toHaveTextContent("—No data yet");
    expect(screen.getByText("Storage Freed").closest("div")).toHaveTextContent("0 BNo cleanups yet");
    expect(screen.getByRole("region", { name: "Achievements" })).toHaveTextContent("0 of 5 unlocked");
    const text = document.body.textContent ?? "";
    for (const sample of ["2.4 GB", "156", "89 duplicates", "72"]) expect(text).not.toContain(sample);
  });
});

describe("InsightsPage — Smart", () => {
  it("lists suggestions with priority, confidence and impact, best first", async () => {
    signedIn();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Smart");
    const cards = screen.getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Remove duplicate photos",
      "Remove unused apps",
      "Optimize your storage",
      "Review large files",
      "Clean up your inbox",
    ]);
    expect(cards[0]).toHaveTextContent("high priority");
    expect(cards[0]).toHaveTextContent("95% confidence");
    expect(cards[0]).toHaveTextContent("Storage freed62.5 MB (measured by your scan)");
    expect(cards[0]).toHaveTextContent("Time needed5 min");
    expect(cards[0]).toHaveTextContent("Items affected25");
    expect(cards[0]!.className).toContain("border-l-danger");
    expect(cards[1]).toHaveTextContent("≈720 MB (estimate)");
    expect(cards[3]).toHaveTextContent("medium priority");
    expect(cards[3]!.className).toContain("border-l-caution");
  });

  it("Apply Suggestion goes to the matching Organize quick-select", async () => {
    signedIn();
    const { user, location } = renderWithApp(<InsightsPage />);
    await openTab(user, "Smart");
    const card = screen.getByRole("article", { name: "Remove unused apps" });
    await user.click(within(card).getByRole("button", { name: /Apply Suggestion/ }));
    expect(location.history?.at(-1)).toBe("/organize?tab=apps&select=unused");
  });

  it("Dismiss tells the server and removes the card; none left is 'All Caught Up!'", async () => {
    const one = buildInsights({
      ...(await import("./testing/insights-fixture")).HISTORY,
      dismissed: ["unused-apps", "storage-optimization", "large-files", "email-cleanup"],
    });
    const { calls } = signedIn({ "POST /api/insights/7/dismiss": () => jsonResponse(200, { dismissed: ["duplicate-photos"] }) }, one);
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Smart");
    await user.click(screen.getByRole("button", { name: "Dismiss Remove duplicate photos" }));
    expect(await screen.findByRole("heading", { name: "All Caught Up!" })).toBeInTheDocument();
    expect(calls.find((c) => c.route === "POST /api/insights/7/dismiss")?.body).toEqual({ suggestionId: "duplicate-photos" });
    await findToast("Suggestion Dismissed");
  });

  it("shows an error toast and keeps the card when dismissing fails", async () => {
    signedIn({ "POST /api/insights/7/dismiss": () => jsonResponse(500, { error: "boom" }) });
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Smart");
    await user.click(screen.getByRole("button", { name: "Dismiss Remove duplicate photos" }));
    await findToast("Failed to dismiss the suggestion. Please try again.");
    expect(screen.getByRole("article", { name: "Remove duplicate photos" })).toBeInTheDocument();
  });
});

describe("InsightsPage — Wellness", () => {
  it("shows the overall status, the five metrics and the triggered tips", async () => {
    signedIn();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Wellness");
    const wellness = screen.getByRole("tabpanel", { name: "Wellness" });
    expect(
      within(wellness)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Overview", "Metrics", "Tips"]);
    expect(wellness).toHaveTextContent("Overall Wellness68 / 100Warning");
    expect(wellness).toHaveTextContent("Good digital wellness with room for improvement");

    await user.click(within(wellness).getByRole("tab", { name: "Metrics" }));
    const metrics = within(wellness).getAllByRole("article");
    expect(metrics.map((m) => m.getAttribute("aria-label"))).toEqual([
      "Digital Clutter",
      "Storage Stress",
      "App Overwhelm",
      "Email Anxiety",
      "Maintenance Consistency",
    ]);
    expect(metrics[0]).toHaveTextContent("Critical");
    expect(within(metrics[0]!).getByRole("progressbar", { name: "Digital Clutter" })).toHaveAttribute("aria-valuenow", "46");
    expect(metrics[3]).toHaveTextContent("36");

    await user.click(within(wellness).getByRole("tab", { name: "Tips" }));
    expect(
      within(wellness)
        .getAllByRole("heading", { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(["Plan a weekly cleanup", "Let go of unused apps", "Tame your inbox"]);
  });

  it("says there is no data yet before the first scan", async () => {
    signedIn({}, EMPTY_INSIGHTS());
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Wellness");
    expect(screen.getByText(/No data yet: your digital wellness is measured from your scans/)).toBeInTheDocument();
  });
});

const HISTORY_ITEMS: ExportHistoryItem[] = [
  { id: 2, type: "account-data", name: `cleanspace-data-${TODAY}.json`, date: "2026-05-20T09:00:00.000Z", size: 4200, status: "completed" },
  {
    id: 1,
    type: "scan-index-csv",
    name: `cleanspace-scan-index-${TODAY}.csv`,
    date: "2026-05-19T09:00:00.000Z",
    size: 0,
    status: "failed",
  },
];

describe("InsightsPage — Export", () => {
  it("lists the export options with format, size estimate and a lock on Pro ones", async () => {
    signedIn();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    const panel = screen.getAllByRole("tabpanel", { name: "Export" })[0]!;
    expect(
      within(panel)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Export", "Backup", "History"]);
    const names = within(panel)
      .getAllByRole("article")
      .map((a) => within(a).getByRole("heading").textContent);
    expect(names).toEqual(["Digital Health Report", "Email Summary", "Your Account Data", "Scan Index"]);
    expect(within(panel).getByRole("article", { name: "Digital Health Report" })).toHaveTextContent("Estimated size: about 12.2 KB");
    expect(within(panel).getByRole("article", { name: "Email Summary" })).toContainElement(
      within(panel).getByRole("img", { name: "Pro feature" }),
    );
  });

  it("downloads the server data as JSON and the report as HTML", async () => {
    const account = { format: "cleanspace-account-export", version: 1, exportedAt: "2026-05-20T10:00:00.000Z" };
    const { calls } = signedIn({
      "POST /api/users/7/export": () => jsonResponse(200, makeAccountExport()),
      "POST /api/users/7/export-history": (b) => jsonResponse(201, { id: 3, date: "2026-05-20T10:00:00.000Z", ...(b as object) }),
    });
    const saved = captureDownloads();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(within(screen.getByRole("article", { name: "Your Account Data" })).getByRole("button", { name: /Export JSON/ }));
    await findToast("Export Complete");
    expect(saved[0]?.name).toBe(`cleanspace-data-${TODAY}.json`);
    expect(JSON.parse(await saved[0]!.text())).toMatchObject(account);
    // The server writes the history row for its own export.
    expect(calls.filter((c) => c.route === "POST /api/users/7/export-history")).toEqual([]);

    await user.click(within(screen.getByRole("article", { name: "Digital Health Report" })).getByRole("button", { name: /Export HTML/ }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe(`cleanspace-report-${TODAY}.html`);
    const html = await saved[1]!.text();
    expect(html).toContain("Digital Health Report");
    expect(html).toContain("Report for Ada");
    expect(html).toContain("42 / 100");
    await waitFor(() =>
      expect(calls.find((c) => c.route === "POST /api/users/7/export-history")?.body).toMatchObject({
        type: "health-report",
        name: `cleanspace-report-${TODAY}.html`,
        status: "completed",
      }),
    );
  });

  it("exports this device's scan index as CSV, and says so when there is none", async () => {
    signedIn({
      "POST /api/users/7/export-history": (b) => jsonResponse(201, { id: 3, date: "2026-05-20T10:00:00.000Z", ...(b as object) }),
    });
    const saved = captureDownloads();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    const card = screen.getByRole("article", { name: "Scan Index" });
    await user.click(within(card).getByRole("button", { name: /Export CSV/ }));
    await findToast("No scan on this device yet. Scan a folder from the Dashboard first.");
    expect(saved).toEqual([]);

    store.loadScanIndex.mockResolvedValue(scanIndex());
    await user.click(within(card).getByRole("button", { name: /Export CSV/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`cleanspace-scan-index-${TODAY}.csv`);
    const csv = await saved[0]!.text();
    expect(csv.split("\r\n")[0]).toBe("path,name,category,size_bytes,type,modified,large,old,duplicate_group,original,width,height");
    expect(csv).toContain("Photos/beach.png,beach.png,photo,2000,image/png");
  });

  it("History lists past exports with their status", async () => {
    signedIn({ "GET /api/users/7/export-history": () => jsonResponse(200, HISTORY_ITEMS) });
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "History" }));
    const items = within(await screen.findByRole("list", { name: "Export history" })).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(`cleanspace-data-${TODAY}.json`);
    expect(items[0]).toHaveTextContent("Your Account Data");
    expect(items[0]).toHaveTextContent("4.2 KB");
    expect(items[0]).toHaveTextContent("completed");
    expect(items[1]).toHaveTextContent("failed");
  });

  it("History says when there are no exports yet", async () => {
    signedIn({ "GET /api/users/7/export-history": () => jsonResponse(200, []) });
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "History" }));
    expect(await screen.findByText(/No exports yet/)).toBeInTheDocument();
  });
});

function makeAccountExport(id = 7) {
  return {
    format: "cleanspace-account-export",
    version: 1,
    exportedAt: "2026-05-20T10:00:00.000Z",
    account: {
      id,
      name: "Ada",
      email: "ada@example.com",
      onboardingCompleted: true,
      subscriptionStatus: "trial",
      subscriptionPlan: "monthly",
      trialEndsAt: null,
      createdAt: "2026-05-01T10:00:00.000Z",
    },
    settings: {
      notifications: true,
      autoClean: false,
      dailyTips: false,
      soundEffects: true,
      hapticFeedback: true,
      darkMode: true,
      metadataOnlyScan: false,
      primaryGoal: "privacy",
      dataTypes: ["photos"],
      timezone: "Europe/Paris",
      dismissedSuggestions: ["unused-apps"],
    },
    aggregates: null,
    snapshots: [],
    events: [],
    streak: { currentStreak: 0, longestStreak: 0, lastActiveDate: null, streakHistory: [] },
    filterPresets: [
      {
        name: "Big videos",
        description: "",
        category: "files",
        criteria: [{ name: "size", type: "size", operator: "greater_than", value: 1000, enabled: true }],
        createdAt: "2026-05-02T10:00:00.000Z",
      },
    ],
    exportHistory: [],
  };
}

function scanIndex() {
  const { buildSummary } = fixtureSummary;
  return {
    summary: buildSummary({
      photos: 2,
      docs: 0,
      duplicateGroups: 1,
      duplicateFiles: 1,
      duplicateBytes: 2000,
      photosDuplicates: 1,
      largeFiles: 0,
      largeBytes: 0,
      oldFiles: 0,
      oldBytes: 0,
    }),
    scannedAt: "2026-05-20T10:00:00.000Z",
    duplicates: [{ id: 1, size: 2000, itemIds: [1, 2], originalId: 1, wastedBytes: 2000, possible: false }],
    items: [
      {
        id: 1,
        path: "Photos/beach.png",
        name: "beach.png",
        size: 2000,
        type: "image/png",
        category: "photo",
        modified: 1_700_000_000_000,
        isLarge: false,
        isOld: false,
        duplicateGroup: 1,
        isOriginal: true,
      },
      {
        id: 2,
        path: "Backup/beach.png",
        name: "beach.png",
        size: 2000,
        type: "image/png",
        category: "photo",
        modified: 1_700_000_000_000,
        isLarge: false,
        isOld: false,
        duplicateGroup: 1,
        isOriginal: false,
      },
    ],
  };
}
const fixtureSummary = await import("./testing/insights-fixture");

describe("InsightsPage — Backup and Restore", () => {
  it("backs up the account data and this device's scan index in one file", async () => {
    store.loadScanIndex.mockResolvedValue(scanIndex());
    const { calls } = signedIn({
      "POST /api/users/7/export": () => jsonResponse(200, makeAccountExport()),
      "POST /api/users/7/export-history": (b) => jsonResponse(201, { id: 3, date: "2026-05-20T10:00:00.000Z", ...(b as object) }),
    });
    const saved = captureDownloads();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "Backup" }));
    await user.click(screen.getByRole("button", { name: "Backup Now" }));
    expect(await screen.findByRole("button", { name: "Backup Complete" })).toBeInTheDocument();
    expect(saved[0]?.name).toBe(`cleanspace-backup-${TODAY}.json`);
    const file = JSON.parse(await saved[0]!.text());
    expect(file).toMatchObject({ format: "cleanspace-backup", version: 1, account: { account: { id: 7 } } });
    expect(file.scanIndex.items).toHaveLength(2);
    await waitFor(() =>
      expect(calls.find((c) => c.route === "POST /api/users/7/export-history")?.body).toMatchObject({
        type: "full-export",
        status: "completed",
      }),
    );
  });

  it("reports 'Backup failed. Please try again.' and records the failure", async () => {
    const { calls } = signedIn({
      "POST /api/users/7/export": () => jsonResponse(500, { error: "boom" }),
      "POST /api/users/7/export-history": (b) => jsonResponse(201, { id: 3, date: "2026-05-20T10:00:00.000Z", ...(b as object) }),
    });
    captureDownloads();
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "Backup" }));
    await user.click(screen.getByRole("button", { name: "Backup Now" }));
    await findToast("Backup failed. Please try again.");
    expect(screen.getByRole("button", { name: "Backup Failed" })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((c) => c.route === "POST /api/users/7/export-history")?.body).toMatchObject({
        type: "full-export",
        status: "failed",
      }),
    );
  });

  it("refuses a bad file with a clear message and writes nothing", async () => {
    const { calls } = signedIn();
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "Backup" }));
    const input = screen.getByLabelText("Backup file to restore");
    await user.upload(input, new File(["{not json"], "backup.json", { type: "application/json" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This file is not valid JSON.");
    await user.upload(
      input,
      new File([JSON.stringify({ format: "cleanspace-backup", version: 1 })], "backup.json", { type: "application/json" }),
    );
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent(
        "This backup file is damaged, was edited, or comes from a newer version of CleanSpace",
      ),
    );
    const other = {
      format: "cleanspace-backup",
      version: 1,
      createdAt: "2026-05-20T10:00:00.000Z",
      account: makeAccountExport(8),
      scanIndex: null,
    };
    await user.upload(input, new File([JSON.stringify(other)], "backup.json", { type: "application/json" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("This backup belongs to another account."));
    expect(calls.map((c) => c.route)).not.toContain("POST /api/users/7/restore");
    expect(store.saveScanIndex).not.toHaveBeenCalled();
  });

  it("restores a valid backup after confirmation: settings and presets on the server, the scan index here", async () => {
    const { calls } = signedIn({ "POST /api/users/7/restore": () => jsonResponse(200, { settings: true, filterPresets: 1 }) });
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "Backup" }));
    const backup = {
      format: "cleanspace-backup",
      version: 1,
      createdAt: "2026-05-20T10:00:00.000Z",
      account: makeAccountExport(),
      scanIndex: scanIndex(),
    };
    await user.upload(
      screen.getByLabelText("Backup file to restore"),
      new File([JSON.stringify(backup)], "cleanspace-backup.json", { type: "application/json" }),
    );
    const confirm = await screen.findByRole("group", { name: "Restore cleanspace-backup.json?" });
    expect(confirm).toHaveTextContent("your settings, 1 filter preset and 2 scanned items");
    await user.click(within(confirm).getByRole("button", { name: "Restore Backup" }));
    await findToast("Backup Restored");
    const body = calls.find((c) => c.route === "POST /api/users/7/restore")?.body as {
      settings: { timezone: string; dismissedSuggestions: string[] };
      filterPresets: { name: string }[];
    };
    expect(body.settings.timezone).toBe("Europe/Paris");
    expect(body.settings.dismissedSuggestions).toEqual(["unused-apps"]);
    expect(body.filterPresets.map((p) => p.name)).toEqual(["Big videos"]);
    expect(store.saveScanIndex).toHaveBeenCalledWith(backup.scanIndex.items, backup.scanIndex.summary, backup.scanIndex.duplicates);
  });

  it("shows the server's reason when the restore is refused", async () => {
    signedIn({ "POST /api/users/7/restore": () => jsonResponse(400, { error: "Unknown time zone" }) });
    const { user } = renderWithApp(<InsightsPage />);
    await openTab(user, "Export");
    await user.click(screen.getByRole("tab", { name: "Backup" }));
    const backup = {
      format: "cleanspace-backup",
      version: 1,
      createdAt: "2026-05-20T10:00:00.000Z",
      account: makeAccountExport(),
      scanIndex: null,
    };
    await user.upload(
      screen.getByLabelText("Backup file to restore"),
      new File([JSON.stringify(backup)], "b.json", { type: "application/json" }),
    );
    await user.click(await screen.findByRole("button", { name: "Restore Backup" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Restore failed: Unknown time zone. Nothing on the server was changed.");
    expect(store.saveScanIndex).not.toHaveBeenCalled();
  });
});
