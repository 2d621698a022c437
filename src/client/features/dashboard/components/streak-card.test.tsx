// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { resetTestState } from "../testing/render-dashboard";
import { StreakCard } from "./streak-card";

const dots = () =>
  within(screen.getByRole("list", { name: "Last 7 days" }))
    .getAllByRole("listitem")
    .map((d) => d.getAttribute("aria-label"));

afterEach(resetTestState);

describe("StreakCard", () => {
  it("shows the streak in days and the last 7 days, today included, as cleaned up", () => {
    render(<StreakCard current={3} history={["2026-05-18", "2026-05-19", "2026-05-20"]} today="2026-05-20" />);
    expect(screen.getByRole("heading", { name: "Declutter Streak" })).toBeInTheDocument();
    expect(screen.getByTestId("streak-days")).toHaveTextContent("3 days");
    expect(dots()).toEqual([
      "2026-05-14: no cleanup",
      "2026-05-15: no cleanup",
      "2026-05-16: no cleanup",
      "2026-05-17: no cleanup",
      "2026-05-18: cleaned up",
      "2026-05-19: cleaned up",
      "2026-05-20: cleaned up",
    ]);
    expect(screen.getByText("Keep it up! You're building a great habit.")).toBeInTheDocument();
  });

  it("marks today apart while today's cleanup is still to do, and says '1 day'", () => {
    render(<StreakCard current={1} history={["2026-05-19"]} today="2026-05-20" />);
    expect(screen.getByTestId("streak-days")).toHaveTextContent(/^1 day$/);
    expect(dots().slice(-2)).toEqual(["2026-05-19: cleaned up", "2026-05-20: today"]);
  });

  it("shows 0 days and no green dot without a streak", () => {
    render(<StreakCard current={0} history={[]} today="2026-05-20" />);
    expect(screen.getByTestId("streak-days")).toHaveTextContent("0 days");
    expect(dots().filter((d) => d?.endsWith("cleaned up"))).toEqual([]);
  });
});
