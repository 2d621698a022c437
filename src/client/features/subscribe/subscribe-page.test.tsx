// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StripeConfig } from "./api/get-stripe-config";
import { SubscribePage } from "./subscribe-page";
import { findToast, jsonResponse, renderWithApp, resetTestState, stubApi } from "./testing/render-subscribe";

/** Stripe.js and its React bindings, replaced at the edge (no network in unit tests). */
const fake = vi.hoisted(() => ({
  confirmPayment: vi.fn(),
  confirmSetup: vi.fn(),
  elements: { id: "elements" },
  onReady: undefined as undefined | (() => void),
  loadStripe: vi.fn(),
}));

vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe: fake.loadStripe }));
vi.mock("@stripe/react-stripe-js", () => ({
  Elements: ({ children, options }: { children: React.ReactNode; options: { clientSecret: string } }) => (
    <div data-testid="elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: ({ onReady }: { onReady(): void }) => {
    fake.onReady = onReady;
    return <div data-testid="payment-element" />;
  },
  useStripe: () => ({ confirmPayment: fake.confirmPayment, confirmSetup: fake.confirmSetup }),
  useElements: () => fake.elements,
}));

const ME = { id: 7, name: "Ada", email: "ada@example.com", subscriptionStatus: "free", trialEndsAt: null };
const FREE = { status: "free", plan: null, trialEndsAt: null, graceEndsAt: null };
const CONFIG_ON: StripeConfig = { publishableKey: "pk_test_x", paymentsEnabled: true };
const CONFIG_OFF: StripeConfig = { publishableKey: null, paymentsEnabled: false };

function signedIn(extra: Record<string, (body: unknown) => Response | Promise<Response>> = {}, config = CONFIG_ON) {
  return stubApi({
    "GET /api/auth/me": () => jsonResponse(200, ME),
    "GET /api/subscription": () => jsonResponse(200, FREE),
    "GET /api/stripe/config": () => jsonResponse(200, config),
    ...extra,
  });
}

const planButton = (name: RegExp) => screen.getByRole("button", { name });

async function expectToast(title: string, description: string) {
  const toast = await findToast(title);
  expect(within(toast).getByText(description)).toBeInTheDocument();
}

beforeEach(() => {
  fake.confirmPayment.mockReset();
  fake.confirmSetup.mockReset();
  fake.loadStripe.mockReset().mockResolvedValue({ id: "stripe" });
  fake.onReady = undefined;
  document.documentElement.classList.add("dark");
});
afterEach(resetTestState);

describe("SubscribePage — plans", () => {
  it("shows the three plans with spec prices and trials, the guarantee and the legal links", async () => {
    signedIn();
    renderWithApp(<SubscribePage />);
    expect(screen.getByRole("heading", { level: 1, name: "Upgrade to CleanSpace Pro" })).toBeInTheDocument();
    const cards = within(screen.getByRole("list", { name: "Plans" })).getAllByRole("article");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual(["Monthly Pro", "Yearly Pro", "Lifetime Pro"]);
    expect(cards[0]).toHaveTextContent("$6.99/month");
    expect(cards[0]).toHaveTextContent("3-day free trial");
    expect(cards[1]).toHaveTextContent("$69.99/year");
    expect(cards[1]).toHaveTextContent("7-day free trial · Save 17% vs monthly");
    expect(cards[1]).toHaveTextContent("Most Popular");
    expect(cards[0]).not.toHaveTextContent("Most Popular");
    expect(cards[2]).toHaveTextContent("$79.99one-time");
    expect(screen.getByText("30-day money-back guarantee")).toBeInTheDocument();
    expect(screen.getByText(/Cancel anytime/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  });

  it("signed out: choosing a plan shows 'Authentication Required' and sends nothing; a link leads to /login", async () => {
    const { calls } = stubApi({
      "GET /api/auth/me": () => jsonResponse(401, { error: "Authentication required" }),
      "GET /api/stripe/config": () => jsonResponse(200, CONFIG_OFF),
    });
    const { user } = renderWithApp(<SubscribePage />);
    expect(await screen.findByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await user.click(planButton(/Monthly Pro/));
    await expectToast("Authentication Required", "Please log in to subscribe.");
    expect(calls.map((c) => c.route)).not.toContain("POST /api/create-subscription");
  });

  it("a started trial (no Stripe keys) shows a success toast and goes to /home", async () => {
    const { calls } = signedIn(
      { "POST /api/create-subscription": () => jsonResponse(200, { status: "trial", trialEndsAt: "2026-03-04T12:00:00.000Z" }) },
      CONFIG_OFF,
    );
    const { user, location } = renderWithApp(<SubscribePage />);
    await user.click(planButton(/Monthly Pro/));
    const toast = await findToast("Free Trial Started");
    expect(toast).toHaveTextContent("Your 3-day free trial of CleanSpace Pro has started.");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/home"));
    expect(calls.find((c) => c.route === "POST /api/create-subscription")?.body).toEqual({ userId: 7, planType: "monthly" });
  });

  it("shows 'Processing...' and disables every plan while the request runs", async () => {
    let release!: (r: Response) => void;
    signedIn({ "POST /api/create-subscription": () => new Promise<Response>((r) => (release = r)) });
    const { user } = renderWithApp(<SubscribePage />);
    await user.click(planButton(/Yearly Pro/));
    expect(await screen.findByRole("button", { name: /Processing\.\.\. with Yearly Pro/ })).toBeDisabled();
    expect(planButton(/Monthly Pro/)).toBeDisabled();
    await act(async () => release(jsonResponse(200, { status: "lifetime" })));
  });

  it("a lifetime user sees 'Already have lifetime access' and no payment form", async () => {
    signedIn({ "POST /api/create-subscription": () => jsonResponse(200, { status: "lifetime" }) });
    const { user } = renderWithApp(<SubscribePage />);
    await user.click(planButton(/Lifetime Pro/));
    // The toaster announces it too (another status region, the same text): the page's own line.
    expect(await screen.findByText("Already have lifetime access", { selector: "p[role=status]" })).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Complete Your Subscription" })).not.toBeInTheDocument();
    expect(fake.loadStripe).not.toHaveBeenCalled();
  });

  it.each([
    [jsonResponse(502, { error: "Payment provider error: Your card was declined." }), "Payment provider error: Your card was declined."],
    [new Response("upstream down", { status: 500 }), "Failed to create subscription"],
  ])("a server error shows 'Error' with the server's text or the fallback", async (response, text) => {
    signedIn({ "POST /api/create-subscription": () => response });
    const { user } = renderWithApp(<SubscribePage />);
    await user.click(planButton(/Monthly Pro/));
    await expectToast("Error", text);
  });

  it("an exception shows 'An unexpected error occurred. Please try again.'", async () => {
    signedIn({
      "POST /api/create-subscription": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const { user } = renderWithApp(<SubscribePage />);
    await user.click(planButton(/Monthly Pro/));
    await expectToast("Error", "An unexpected error occurred. Please try again.");
  });

  it("lifetime cannot be chosen when card payments are off", async () => {
    signedIn({}, CONFIG_OFF);
    renderWithApp(<SubscribePage />);
    await waitFor(() => expect(planButton(/Lifetime Pro/)).toBeDisabled());
    expect(screen.getByText("Card payments are not set up on this server yet.")).toBeInTheDocument();
  });

  it("shows a subscribed user's current plan and when the trial ends", async () => {
    signedIn({
      "GET /api/subscription": () =>
        jsonResponse(200, { status: "trial", plan: "yearly", trialEndsAt: "2026-03-08T12:00:00.000Z", graceEndsAt: null }),
    });
    renderWithApp(<SubscribePage />);
    const card = await screen.findByRole("region", { name: "Your plan: Yearly Pro" });
    expect(card).toHaveTextContent("Pro unlocked");
    expect(card).toHaveTextContent("Free trial · ends on");
    expect(card.querySelector("time")).toHaveAttribute("datetime", "2026-03-08T12:00:00.000Z");
  });
});

describe("SubscribePage — payment", () => {
  async function openCheckout(result: object) {
    signedIn({ "POST /api/create-subscription": () => jsonResponse(200, result) });
    const view = renderWithApp(<SubscribePage />);
    await view.user.click(planButton(/Lifetime Pro/));
    await screen.findByRole("heading", { name: "Complete Your Subscription" });
    await screen.findByTestId("payment-element");
    return view;
  }

  it("opens 'Complete Your Subscription' with the Payment Element, Stripe loaded with the publishable key", async () => {
    await openCheckout({ status: "requires_payment", intent: "payment", clientSecret: "pi_1_secret_x" });
    expect(fake.loadStripe).toHaveBeenCalledWith("pk_test_x");
    expect(screen.getByTestId("elements")).toHaveAttribute("data-client-secret", "pi_1_secret_x");
  });

  it("keeps the submit button disabled until Stripe is ready, then pays with return_url /dashboard", async () => {
    fake.confirmPayment.mockResolvedValue({ paymentIntent: { status: "succeeded" } });
    const { user, location } = await openCheckout({ status: "requires_payment", intent: "payment", clientSecret: "pi_1_secret_x" });
    const pay = screen.getByRole("button", { name: "Pay $79.99" });
    expect(pay).toBeDisabled();
    act(() => fake.onReady!());
    expect(pay).toBeEnabled();
    await user.click(pay);
    expect(fake.confirmPayment).toHaveBeenCalledWith({
      elements: fake.elements,
      confirmParams: { return_url: `${window.location.origin}/dashboard` },
      redirect: "if_required",
    });
    await expectToast("Success!", "Welcome to CleanSpace Pro! You're now subscribed.");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/dashboard"));
  });

  it("disables the button while processing and shows 'Payment Failed' with the provider's message", async () => {
    let settle!: (v: unknown) => void;
    fake.confirmPayment.mockReturnValue(new Promise((r) => (settle = r)));
    const { user } = await openCheckout({ status: "requires_payment", intent: "payment", clientSecret: "pi_1_secret_x" });
    act(() => fake.onReady!());
    await user.click(screen.getByRole("button", { name: "Pay $79.99" }));
    expect(screen.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await act(async () => settle({ error: { type: "card_error", message: "Your card has insufficient funds." } }));
    await expectToast("Payment Failed", "Your card has insufficient funds.");
    expect(screen.getByRole("button", { name: "Pay $79.99" })).toBeEnabled();
  });

  it("a trial's SetupIntent is confirmed with confirmSetup", async () => {
    fake.confirmSetup.mockResolvedValue({ setupIntent: { status: "succeeded" } });
    signedIn({
      "POST /api/create-subscription": () =>
        jsonResponse(200, {
          status: "requires_setup",
          intent: "setup",
          clientSecret: "seti_1_secret_y",
          trialEndsAt: "2026-03-04T12:00:00.000Z",
        }),
    });
    const view = renderWithApp(<SubscribePage />);
    await view.user.click(planButton(/Monthly Pro/));
    await screen.findByTestId("payment-element");
    expect(screen.getByText(/after your 3-day free trial/)).toBeInTheDocument();
    act(() => fake.onReady!());
    await view.user.click(screen.getByRole("button", { name: "Start Free Trial" }));
    expect(fake.confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({ redirect: "if_required", confirmParams: { return_url: `${window.location.origin}/dashboard` } }),
    );
    expect(fake.confirmPayment).not.toHaveBeenCalled();
    await findToast("Success!");
  });

  it("an exception while paying shows the unexpected-error toast", async () => {
    fake.confirmPayment.mockRejectedValue(new Error("boom"));
    const { user } = await openCheckout({ status: "requires_payment", intent: "payment", clientSecret: "pi_1_secret_x" });
    act(() => fake.onReady!());
    await user.click(screen.getByRole("button", { name: "Pay $79.99" }));
    await expectToast("Error", "An unexpected error occurred. Please try again.");
  });

  it("'Back to Plans' returns to the plan list", async () => {
    const { user } = await openCheckout({ status: "requires_payment", intent: "payment", clientSecret: "pi_1_secret_x" });
    await user.click(screen.getByRole("button", { name: "Back to Plans" }));
    expect(screen.getByRole("list", { name: "Plans" })).toBeInTheDocument();
    expect(screen.queryByTestId("payment-element")).not.toBeInTheDocument();
  });

  it("says so when Stripe.js cannot load", async () => {
    fake.loadStripe.mockRejectedValue(new Error("blocked"));
    // Another key: Stripe.js is loaded once per key, and the earlier tests loaded pk_test_x.
    signedIn(
      {
        "POST /api/create-subscription": () =>
          jsonResponse(200, { status: "requires_payment", intent: "payment", clientSecret: "pi_1_secret_x" }),
      },
      { publishableKey: "pk_test_blocked", paymentsEnabled: true },
    );
    const { user } = renderWithApp(<SubscribePage />);
    await user.click(planButton(/Lifetime Pro/));
    expect(await screen.findByRole("alert")).toHaveTextContent("The payment form could not load.");
  });
});
