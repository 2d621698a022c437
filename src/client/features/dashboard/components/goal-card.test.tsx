// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { goalProgress, pickQuickWins } from "../../../../domain/goals";
import { buildSummary } from "../../../../domain/testing/build-summary";
import { addDays } from "../../../../domain/dates";
import { SUMMARY, TODAY } from "../testing/dashboard-fixture";
import { renderWithApp, resetTestState } from "../testing/render-dashboard";
import { GoalCard } from "./goal-card";

const goalCard = () => screen.getByRole("heading", { name: "Today's Goal" }).closest<HTMLElement>("[aria-labelledby]")!;

afterEach(resetTestState);

describe("GoalCard", () => {
  it("shows progress toward a goal not yet achieved", () => {
    renderWithApp(<GoalCard goal={goalProgress(45, 2)} quickWins={[]} history={[]} today={TODAY} />);
    expect(goalCard()).toHaveTextContent("Complete 5 cleanup actions");
    expect(screen.getByTestId("goal-progress")).toHaveTextContent("2 of 5 completed");
    expect(goalCard()).toHaveTextContent("40%");
    expect(screen.getByRole("progressbar", { name: "Today's goal progress" })).toHaveAttribute("aria-valuenow", "2");
    expect(screen.getByRole("progressbar", { name: "Today's goal progress" })).toHaveAttribute("aria-valuemax", "5");
    expect(screen.queryByText("Goal Achieved!")).not.toBeInTheDocument();
  });

  it("says 'Goal Achieved!' once the target is reached, capping the bar and the percent", () => {
    renderWithApp(<GoalCard goal={goalProgress(90, 2)} quickWins={[]} history={[]} today={TODAY} />);
    expect(goalCard()).toHaveTextContent("Complete 1 cleanup action");
    expect(screen.getByTestId("goal-progress")).toHaveTextContent("2 of 1 completed");
    expect(goalCard()).toHaveTextContent("100%");
    expect(screen.getByRole("progressbar", { name: "Today's goal progress" })).toHaveAttribute("aria-valuenow", "1");
    expect(screen.getByText("Goal Achieved!")).toBeInTheDocument();
  });

  it("lists the scan's quick wins as High Impact links to Organize's quick-select", () => {
    const summary = { ...SUMMARY, emailCount: 400, emailUnread: 80 };
    renderWithApp(<GoalCard goal={goalProgress(60, 0)} quickWins={pickQuickWins(summary)} history={[]} today={TODAY} />);
    const links = within(goalCard()).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/organize?tab=photos&select=duplicates",
      "/organize?tab=apps&select=unused",
      "/organize?tab=email&select=unread",
    ]);
    expect(links[0]).toHaveTextContent(/Remove duplicate photos30 duplicate photos found · \+\d+ health · 2 minHigh Impact/);
    expect(links[1]).toHaveTextContent(/Remove unused apps6 apps not used lately · \+\d+ health · 3 min/);
    expect(links[2]).toHaveTextContent(/Clean up your inbox80 unread e-mails · \+\d+ health · 5 min/);
  });

  it("says there are no quick wins when the scan found nothing urgent", () => {
    const clean = buildSummary({ photosDuplicates: 0, appsUnused: 0, emailUnread: 0 });
    renderWithApp(<GoalCard goal={goalProgress(100, 0)} quickWins={pickQuickWins(clean)} history={[]} today={TODAY} />);
    expect(goalCard()).toHaveTextContent("No quick wins right now — your last scan found nothing urgent.");
    expect(within(goalCard()).queryByRole("link")).not.toBeInTheDocument();
  });

  it("marks this week's days, Monday first, as the streak card's dots mark them", () => {
    // TODAY is Wednesday 2026-05-20: a streak of 3 fills Monday to Wednesday; Thursday on is still to come.
    const history = [addDays(TODAY, -9), addDays(TODAY, -2), addDays(TODAY, -1), TODAY];
    const { rerender } = renderWithApp(<GoalCard goal={goalProgress(60, 0)} quickWins={[]} history={history} today={TODAY} />);
    const grid = () => screen.getByRole("list", { name: /^Streak progress: \d of 7 days$/ });
    const days = () => within(grid()).getAllByRole("listitem");
    expect(days().map((d) => d.textContent)).toEqual(["M", "T", "W", "T", "F", "S", "S"]);
    expect(days().map((d) => d.dataset.state)).toEqual(["done", "done", "done", "upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(days()[2]).toHaveAttribute("data-date", TODAY);
    expect(grid()).toHaveAccessibleName("Streak progress: 3 of 7 days");
    // No cleanup yet today: today is marked as today, Monday and Tuesday stay done.
    rerender(<GoalCard goal={goalProgress(60, 0)} quickWins={[]} history={history.slice(0, 3)} today={TODAY} />);
    expect(days().map((d) => d.dataset.state)).toEqual(["done", "done", "today", "upcoming", "upcoming", "upcoming", "upcoming"]);
    expect(grid()).toHaveAccessibleName("Streak progress: 2 of 7 days");
  });
});
