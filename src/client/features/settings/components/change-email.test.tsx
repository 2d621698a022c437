// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicUser } from "../../../../domain/schemas/auth";
import { jsonResponse, renderWithApp, resetTestState, stubApi } from "../../../testing/app-harness";
import { ChangeEmail } from "./change-email";

afterEach(resetTestState);

const USER: PublicUser = { id: 7, name: "Sam", email: "sam@example.com", subscriptionStatus: "free", trialEndsAt: null };

describe("ChangeEmail (issue 18 #3)", () => {
  it("needs the current password, then says which inbox to check while the address stays", async () => {
    const { calls } = stubApi({
      "GET /api/auth/email-change": () => jsonResponse(200, { pending: null }),
      "POST /api/auth/email-change": () =>
        jsonResponse(202, { pending: { newEmail: "new@example.com", expiresAt: "2030-01-01T00:00:00.000Z" } }),
    });
    const { user } = renderWithApp(<ChangeEmail user={USER} />, { path: "/settings" });
    await user.click(await screen.findByRole("button", { name: "Change email" }));
    await user.type(screen.getByLabelText("New email"), "new@example.com");
    expect(screen.getByRole("button", { name: "Send confirmation link" })).toBeDisabled();
    await user.type(screen.getByLabelText("Current password"), "my secret");
    await user.click(screen.getByRole("button", { name: "Send confirmation link" }));
    expect(await screen.findByTestId("email-change-pending")).toHaveTextContent(
      "Check new@example.com for a confirmation link. You keep signing in with sam@example.com until you open it.",
    );
    expect(calls.filter((c) => c.route === "POST /api/auth/email-change")).toEqual([
      { route: "POST /api/auth/email-change", body: { newEmail: "new@example.com", currentPassword: "my secret" } },
    ]);
  });

  it("shows the server's message under the field it names", async () => {
    stubApi({
      "GET /api/auth/email-change": () => jsonResponse(200, { pending: null }),
      "POST /api/auth/email-change": () =>
        jsonResponse(400, {
          error: "Invalid currentPassword",
          issues: [{ field: "currentPassword", message: "Your current password is incorrect" }],
        }),
    });
    const { user } = renderWithApp(<ChangeEmail user={USER} />, { path: "/settings" });
    await user.click(await screen.findByRole("button", { name: "Change email" }));
    await user.type(screen.getByLabelText("New email"), "new@example.com");
    await user.type(screen.getByLabelText("Current password"), "wrong{Enter}");
    expect(await screen.findByText("Your current password is incorrect")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByTestId("email-change-pending")).not.toBeInTheDocument();
  });

  it("shows a change already waiting", async () => {
    stubApi({
      "GET /api/auth/email-change": () =>
        jsonResponse(200, { pending: { newEmail: "waiting@example.com", expiresAt: "2030-01-01T00:00:00.000Z" } }),
    });
    renderWithApp(<ChangeEmail user={USER} />, { path: "/settings" });
    expect(await screen.findByTestId("email-change-pending")).toHaveTextContent("waiting@example.com");
    expect(screen.getByRole("button", { name: "Use another address" })).toBeInTheDocument();
  });
});
