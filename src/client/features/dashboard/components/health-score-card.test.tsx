// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ScoreFactor } from "../../../../domain/health-score";
import { resetTestState } from "../testing/render-dashboard";
import { HealthScoreCard } from "./health-score-card";

const FACTORS: ScoreFactor[] = [
  { key: "duplicates", label: "Duplicate copies", penalty: 18, maxPenalty: 30 },
  { key: "email", label: "Unread e-mail", penalty: 12.5, maxPenalty: 15 },
  { key: "apps", label: "Unused apps", penalty: 0, maxPenalty: 15 },
];

const card = () => screen.getByRole("region", { name: "Digital Health Score" });

afterEach(resetTestState);

describe("HealthScoreCard", () => {
  it.each([
    [85, "green", "Great job! Your digital life is in great shape."],
    [80, "green", "Great job! Your digital life is in great shape."],
    [79, "yellow", "Good progress — a few quick wins will get you to great."],
    [60, "yellow", "Good progress — a few quick wins will get you to great."],
    [59, "red", "Let's get started: every cleanup action raises your score."],
  ])("shows %i out of 100 in the %s band with its message", (score, band, text) => {
    render(<HealthScoreCard score={score} factors={FACTORS} hasScanned />);
    expect(screen.getByTestId("health-score")).toHaveTextContent(String(score));
    expect(card()).toHaveTextContent(`${score}out of 100`);
    expect(card()).toHaveAttribute("data-band", band);
    expect(card()).toHaveTextContent(text);
  });

  it("lists every factor that takes points off, with its penalty and maximum", () => {
    render(<HealthScoreCard score={70} factors={FACTORS} hasScanned />);
    expect(within(card()).getByText("Why this score?")).toBeInTheDocument();
    const rows = within(card()).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["Duplicate copies−18 of 30", "Unread e-mail−12.5 of 15"]);
    expect(card()).not.toHaveTextContent("Unused apps");
  });

  it("says nothing takes points off when no factor has a penalty", () => {
    render(<HealthScoreCard score={100} factors={FACTORS.map((f) => ({ ...f, penalty: 0 }))} hasScanned />);
    expect(card()).toHaveTextContent("No clutter found in your last scan: nothing is taking points off.");
    expect(within(card()).queryByRole("list")).not.toBeInTheDocument();
  });

  it("asks for a first scan instead of showing a score before one", () => {
    render(<HealthScoreCard score={0} factors={[]} hasScanned={false} />);
    expect(card()).toHaveTextContent("Run your first scan to get your score. It takes a minute and your files never leave this device.");
    expect(screen.queryByTestId("health-score")).not.toBeInTheDocument();
    expect(card()).not.toHaveTextContent("out of 100");
  });

  it("takes a custom title and subtitle", () => {
    render(<HealthScoreCard score={64} factors={[]} hasScanned title="Organize Score" subtitle="Based on your last scan" />);
    const region = screen.getByRole("region", { name: "Organize Score" });
    expect(region).toHaveTextContent("Based on your last scan");
    expect(region).not.toHaveTextContent("Good progress");
  });

  it("never tells a signed-in user whose score is loading, or failed to load, to run a first scan", () => {
    const { rerender } = render(<HealthScoreCard score={0} factors={[]} hasScanned={false} pending="loading" />);
    expect(within(card()).getByRole("status")).toHaveTextContent("Loading your score…");
    expect(card()).not.toHaveTextContent("Run your first scan");
    rerender(<HealthScoreCard score={0} factors={[]} hasScanned={false} pending="unavailable" />);
    expect(card()).toHaveTextContent("Your score could not be loaded right now.");
    expect(card()).not.toHaveTextContent("Run your first scan");
    expect(screen.queryByTestId("health-score")).not.toBeInTheDocument();
  });
});
