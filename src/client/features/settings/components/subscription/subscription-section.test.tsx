// @vitest-environment jsdom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SubscriptionSummary } from "../../../../../domain/schemas/subscription";
import { findToast, jsonResponse, renderWithApp, resetTestState, stubApi } from "../../../../testing/app-harness";
import { SubscriptionSection } from "./subscription-section";

beforeEach(resetTestState);
afterEach(cleanup);

const inDays = (d: number) => new Date(Date.now() + d * 86400_000).toISOString();

function summary(over: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return {
    status: "active",
    state: "active",
    plan: "monthly",
    trialEndsAt: null,
    graceEndsAt: null,
    renewsAt: inDays(20),
    withCard: true,
    emailVerified: true,
    trialAvailable: false,
    paymentsEnabled: true,
    actions: { cancel: true, resume: false, changePlan: true, updatePayment: true, refund: true },
    refundDeadline: inDays(10),
    ...over,
  };
}

describe("Settings → Subscription", () => {
  it("shows plan, state and renewal, and cancels only after the confirmation", async () => {
    const { calls } = stubApi({
      "GET /api/subscription": () => jsonResponse(200, summary()),
      "POST /api/subscription/cancel": () =>
        jsonResponse(
          200,
          summary({ state: "canceling", actions: { cancel: false, resume: true, changePlan: false, updatePayment: true, refund: true } }),
        ),
    });
    const { user } = renderWithApp(<SubscriptionSection />, { path: "/settings" });
    expect((await screen.findByTestId("subscription-state")).textContent).toBe("Active");
    expect(screen.getByText("Monthly Pro")).toBeTruthy();
    expect(screen.getByText(/Next renewal on/)).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Cancel subscription" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel your subscription?" });
    expect(dialog.textContent).toMatch(/stays active until .+, then it ends and you won't be charged again/);
    expect(calls.some((c) => c.route === "POST /api/subscription/cancel")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Cancel subscription" }));
    await findToast("Subscription canceled");
    expect((await screen.findByTestId("subscription-state")).textContent).toBe("Canceled at period end");
    expect(screen.getByRole("button", { name: "Resume subscription" })).toBeTruthy();
  });

  it("keeps the dialog open with the server's message when the action is refused", async () => {
    stubApi({
      "GET /api/subscription": () => jsonResponse(200, summary()),
      "POST /api/subscription/refund": () =>
        jsonResponse(409, { error: "Refunds are available within 30 days of the first purchase only" }),
    });
    const { user } = renderWithApp(<SubscriptionSection />, { path: "/settings" });
    await user.click(await screen.findByRole("button", { name: "Request refund" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Ask for a refund?" });
    await user.click(within(dialog).getByRole("button", { name: "Refund and end Pro" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Refunds are available within 30 days of the first purchase only");
  });

  it("after 30 days explains the refund rule instead of offering it", async () => {
    stubApi({
      "GET /api/subscription": () =>
        jsonResponse(
          200,
          summary({
            refundDeadline: inDays(-2),
            actions: { cancel: true, resume: false, changePlan: true, updatePayment: true, refund: false },
          }),
        ),
    });
    renderWithApp(<SubscriptionSection />, { path: "/settings" });
    expect(await screen.findByText(/Refunds are available within 30 days of the first purchase only; that ended on/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Request refund" })).toBeNull();
  });

  it("past due: a banner with Update payment method and the grace end", async () => {
    stubApi({
      "GET /api/subscription": () => jsonResponse(200, summary({ state: "past_due", graceEndsAt: inDays(5) })),
    });
    renderWithApp(<SubscriptionSection />, { path: "/settings" });
    const banner = await screen.findByRole("alert");
    expect(banner.textContent).toMatch(/Your last payment failed\. Pro stays unlocked until/);
    expect(within(banner).getByRole("button", { name: "Update payment method" })).toBeTruthy();
    expect(screen.getAllByRole("button", { name: "Update payment method" })).toHaveLength(1);
  });

  it("without card payments: the free plan asks to confirm the address, and resending says so", async () => {
    const { calls } = stubApi({
      "GET /api/subscription": () =>
        jsonResponse(
          200,
          summary({
            status: "free",
            state: "none",
            plan: null,
            renewsAt: null,
            withCard: false,
            emailVerified: false,
            trialAvailable: true,
            paymentsEnabled: false,
            refundDeadline: null,
            actions: { cancel: false, resume: false, changePlan: false, updatePayment: false, refund: false },
          }),
        ),
      "POST /api/auth/resend-verification": () => jsonResponse(202, { sent: true }),
    });
    const { user } = renderWithApp(<SubscriptionSection />, { path: "/settings" });
    expect((await screen.findByTestId("subscription-state")).textContent).toBe("No subscription");
    await user.click(screen.getByRole("button", { name: "Send the link again" }));
    await findToast("Link sent");
    expect(calls.filter((c) => c.route === "POST /api/auth/resend-verification")).toHaveLength(1);
  });

  it("says when the subscription could not be loaded, and retries", async () => {
    stubApi({ "GET /api/subscription": () => jsonResponse(500, { error: "boom" }) });
    renderWithApp(<SubscriptionSection />, { path: "/settings" });
    expect((await screen.findByRole("alert")).textContent).toBe("Your subscription could not be loaded. Please try again.");
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});
