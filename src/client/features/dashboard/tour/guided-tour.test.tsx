// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, resetTestState } from "../testing/render-dashboard";
import { GuidedTour, TOUR_DELAY_MS, TOUR_KEY } from "./guided-tour";

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  resetTestState();
});

const startTour = async () => {
  const view = renderWithApp(<GuidedTour />, { tour: true });
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(TOUR_DELAY_MS));
  return view;
};

describe("GuidedTour", () => {
  it("starts 1 s after the dashboard loads and walks through the five steps", async () => {
    const { user } = await startTour();
    const tour = screen.getByRole("dialog", { name: "Welcome" });
    expect(tour).toHaveTextContent("Step 1 of 5");
    expect(within(tour).queryByRole("button", { name: "Back" })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe("hidden");

    for (const title of ["Home Tab", "Organize Tab", "Insights Tab", "Settings Tab"]) {
      await user.click(screen.getByRole("button", { name: "Next" }));
      expect(screen.getByRole("dialog", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole("dialog")).toHaveTextContent("Step 5 of 5");
    expect(screen.getByRole("progressbar", { name: "Tour progress" })).toHaveAttribute("aria-valuenow", "5");
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByRole("dialog", { name: "Insights Tab" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(screen.getByRole("button", { name: "Finish" }));

    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(localStorage.getItem(TOUR_KEY)).toBe("true");
    expect(document.body.style.overflow).toBe("");
  });

  it("closes for good from the close button", async () => {
    const { user } = await startTour();
    await user.click(screen.getByRole("button", { name: "Close tour" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(localStorage.getItem(TOUR_KEY)).toBe("true");
  });

  it("does not start once completed", async () => {
    localStorage.setItem(TOUR_KEY, "true");
    renderWithApp(<GuidedTour />, { tour: true });
    await act(() => vi.advanceTimersByTimeAsync(TOUR_DELAY_MS * 2));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
