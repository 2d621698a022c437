// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { recommend, type Recommendation } from "../../../../domain/recommendations";
import { buildSummary } from "../../../../domain/testing/build-summary";
import { SUMMARY } from "../testing/dashboard-fixture";
import { findToast, renderWithApp, resetTestState } from "../testing/render-dashboard";
import { RecommendationsList, type AcceptOutcome } from "./recommendations-list";

/** June: no seasonal rule; a score under 70 with Auto Clean off adds 'Turn on Auto Clean'. */
const ITEMS = recommend(SUMMARY, { healthScore: 55, autoCleanOn: false }, 5);
const cards = () => within(screen.getByRole("region", { name: "Recommendations" })).queryAllByRole("listitem");
const card = (title: string) => screen.getByRole("heading", { name: title }).closest("li")!;

function renderList(items: Recommendation[] = ITEMS, onPerform = vi.fn<(r: Recommendation) => Promise<AcceptOutcome>>()) {
  return { ...renderWithApp(<RecommendationsList items={items} onPerform={onPerform} />), onPerform };
}

afterEach(() => {
  sessionStorage.clear();
  resetTestState();
});

describe("RecommendationsList", () => {
  it("shows the scan's recommendations, best first, with the scan's counts and bytes", () => {
    renderList();
    expect(cards().map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Clear out duplicate photos",
      "Turn on Auto Clean",
      "Review your largest files",
      "Remove apps you don't use",
    ]);
    const photos = card("Clear out duplicate photos");
    expect(photos).toHaveTextContent("high");
    expect(photos).toHaveTextContent("Your scan found 30 duplicate photos among 1,234. The original of each stays.");
    expect(photos).toHaveTextContent(/85% confidence · 10 min · 30 items · 45\.0 MB · \+\d+ health/);
    expect(card("Review your largest files")).toHaveTextContent("2 files are over 100 MB, 300 MB in all.");
    expect(card("Review your largest files")).toHaveTextContent(/75% confidence · 15 min · 2 items · 300 MB/);
    // No byte count for apps: the storage part is left out rather than invented.
    expect(card("Remove apps you don't use")).toHaveTextContent(
      /^Remove apps you don't use.*70% confidence · 5 min · 6 items( · \+\d+ health)?Review apps/,
    );
    expect(within(card("Turn on Auto Clean")).getByRole("button", { name: "Set up" })).toBeEnabled();
  });

  it("shows 'No New Recommendations' for a scan with nothing to act on", () => {
    const clean = buildSummary({
      photosDuplicates: 0,
      duplicateFiles: 0,
      duplicateBytes: 0,
      largeFiles: 0,
      largeBytes: 0,
      oldFiles: 0,
      oldBytes: 0,
    });
    renderList(recommend(clean, { healthScore: 100, autoCleanOn: false }, 0));
    expect(screen.getByText("No New Recommendations")).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it("opens Organize with the recommendation's selection on accept", async () => {
    const { user, location, onPerform } = renderList();
    await user.click(within(card("Clear out duplicate photos")).getByRole("button", { name: "Review photos" }));
    expect(location.history?.at(-1)).toBe("/organize?tab=photos&select=duplicates");
    expect(onPerform).not.toHaveBeenCalled();
  });

  it("performs 'Turn on Auto Clean' and says so only after a real result, with Undo", async () => {
    const undo = vi.fn();
    const { user, onPerform } = renderList();
    onPerform.mockResolvedValue({ applied: true, undo });
    await user.click(within(card("Turn on Auto Clean")).getByRole("button", { name: "Set up" }));
    const toast = await findToast("Recommendation Applied");
    expect(toast).toHaveTextContent("Turn on Auto Clean has been processed successfully.");
    expect(onPerform).toHaveBeenCalledWith(expect.objectContaining({ id: "automation-setup" }));
    expect(within(card("Turn on Auto Clean")).getByRole("button", { name: "Applied" })).toBeDisabled();
    // A plain click: Radix's toast swipe handlers need pointer capture, which jsdom lacks.
    fireEvent.click(within(toast).getByRole("button", { name: "Undo" }));
    expect(undo).toHaveBeenCalledOnce();
  });

  it("shows why nothing was applied, and the spec's error when performing throws", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { user, onPerform } = renderList();
    onPerform.mockResolvedValueOnce({ applied: false, title: "Nothing to clean", description: "No exact copies found." });
    await user.click(within(card("Turn on Auto Clean")).getByRole("button", { name: "Set up" }));
    expect(await findToast("Nothing to clean")).toHaveTextContent("No exact copies found.");
    expect(within(card("Turn on Auto Clean")).getByRole("button", { name: "Set up" })).toBeEnabled();

    onPerform.mockRejectedValueOnce(new Error("disk gone"));
    await user.click(within(card("Turn on Auto Clean")).getByRole("button", { name: "Set up" }));
    expect(await findToast("Error")).toHaveTextContent("Failed to process recommendation. Please try again.");
    expect(warn).toHaveBeenCalledWith("Recommendation failed", expect.objectContaining({ message: "disk gone" }));
  });

  it("dismisses a recommendation for the rest of the session", async () => {
    const { user, unmount } = renderList();
    await user.click(screen.getByRole("button", { name: "Dismiss Review your largest files" }));
    expect(await findToast("Recommendation Dismissed")).toHaveTextContent("This recommendation won't be shown again.");
    expect(screen.queryByRole("heading", { name: "Review your largest files" })).not.toBeInTheDocument();
    unmount();
    renderList();
    expect(cards()).toHaveLength(3);
    expect(screen.queryByRole("heading", { name: "Review your largest files" })).not.toBeInTheDocument();
  });

  it("shows 'No New Recommendations' once every one is dismissed", async () => {
    const { user } = renderList(ITEMS.slice(0, 1));
    await user.click(screen.getByRole("button", { name: "Dismiss Clear out duplicate photos" }));
    expect(screen.getByText("No New Recommendations")).toBeInTheDocument();
  });
});
