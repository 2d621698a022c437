// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { ForgotPasswordPage } from "./forgot-password-page";
import { ResetPasswordPage } from "./reset-password-page";
import { deferred, findToast, jsonResponse, renderAuthPage, resetAuthTestState, stubApi } from "./testing/render-auth-page";

afterEach(resetAuthTestState);

const TOKEN = "a".repeat(43);

describe("ForgotPasswordPage", () => {
  it("validates the address, then always confirms without saying whether the account exists", async () => {
    const pending = deferred<Response>();
    const { calls } = stubApi({ "POST /api/auth/password-reset": () => pending.promise });
    const { user } = renderAuthPage(<ForgotPasswordPage />, { path: "/forgot-password" });
    await user.type(screen.getByLabelText("Email"), "nope{Enter}");
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "Someone@Example.com{Enter}");
    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    pending.resolve(new Response(null, { status: 202 }));
    expect(await screen.findByText("If an account exists for that e-mail, we've sent a link to reset your password.")).toBeInTheDocument();
    expect(calls).toEqual([{ route: "POST /api/auth/password-reset", body: { email: "someone@example.com" } }]);
  });

  it("tells the user when the request could not be sent", async () => {
    stubApi({ "POST /api/auth/password-reset": () => jsonResponse(429, { error: "Too many requests. Try again later." }) });
    const { user } = renderAuthPage(<ForgotPasswordPage />, { path: "/forgot-password" });
    await user.type(screen.getByLabelText("Email"), "someone@example.com{Enter}");
    const toast = await findToast("Request Failed");
    expect(within(toast).getByText("Too many requests. Try again later.")).toBeInTheDocument();
    expect(screen.queryByText(/we've sent a link/)).not.toBeInTheDocument();
  });
});

describe("ResetPasswordPage", () => {
  it("says the link is invalid when the token is missing or malformed", () => {
    renderAuthPage(<ResetPasswordPage />, { path: "/reset-password", search: "token=short" });
    expect(screen.getByRole("alert")).toHaveTextContent("This reset link is invalid or has expired");
    expect(screen.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
  });

  it("validates, sends {token, password}, then goes to /login with a toast", async () => {
    const { calls } = stubApi({ "POST /api/auth/password-reset/confirm": () => new Response(null, { status: 204 }) });
    const { user, location } = renderAuthPage(<ResetPasswordPage />, { path: "/reset-password", search: `token=${TOKEN}` });
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm New Password"), "other{Enter}");
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Show new password" }));
    expect(screen.getByLabelText("New Password")).toHaveAttribute("type", "text");

    await user.clear(screen.getByLabelText("Confirm New Password"));
    await user.type(screen.getByLabelText("Confirm New Password"), "new-secret{Enter}");
    await findToast("Password Updated");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/login"));
    expect(calls).toEqual([{ route: "POST /api/auth/password-reset/confirm", body: { token: TOKEN, password: "new-secret" } }]);
  });

  it("shows the server's message for a used or expired link", async () => {
    stubApi({ "POST /api/auth/password-reset/confirm": () => jsonResponse(400, { error: "This reset link is invalid or has expired" }) });
    const { user } = renderAuthPage(<ResetPasswordPage />, { path: "/reset-password", search: `token=${TOKEN}` });
    await user.type(screen.getByLabelText("New Password"), "new-secret");
    await user.type(screen.getByLabelText("Confirm New Password"), "new-secret{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent("This reset link is invalid or has expired");
    expect(screen.getByRole("link", { name: "Request a new link" })).toBeInTheDocument();
  });

  it("shows a password issue from the server under the field", async () => {
    const common = messages.passwordTooCommon;
    stubApi({
      "POST /api/auth/password-reset/confirm": () => jsonResponse(400, { error: common, issues: [{ field: "password", message: common }] }),
    });
    const { user } = renderAuthPage(<ResetPasswordPage />, { path: "/reset-password", search: `token=${TOKEN}` });
    await user.type(screen.getByLabelText("New Password"), "password1");
    await user.type(screen.getByLabelText("Confirm New Password"), "password1{Enter}");
    await waitFor(() => expect(screen.getByLabelText("New Password")).toHaveAccessibleDescription(common));
    await waitFor(() => expect(screen.getByLabelText("New Password")).toHaveFocus());
  });
});
