// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "../../../domain/messages";
import { RegisterPage } from "./register-page";
import { deferred, findToast, jsonResponse, renderAuthPage, resetAuthTestState, stubApi } from "./testing/render-auth-page";

afterEach(resetAuthTestState);

const CREATED = { id: 12, name: "Grace Hopper", email: "grace@example.com" };
const ME = { ...CREATED, subscriptionStatus: "free", trialEndsAt: null };

type User = ReturnType<typeof renderAuthPage>["user"];

interface FormValues {
  name?: string;
  email?: string;
  password?: string;
  confirm?: string;
}

async function fill(user: User, values: FormValues = {}) {
  const { name = "Grace Hopper", email = "grace@example.com", password = "a-long-secret" } = values;
  const confirm = values.confirm ?? password;
  if (name) await user.type(screen.getByLabelText("Full Name"), name);
  if (email) await user.type(screen.getByLabelText("Email"), email);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  if (confirm) await user.type(screen.getByLabelText("Confirm Password"), confirm);
}

async function expectToast(title: string, description: string) {
  const toast = await findToast(title);
  expect(within(toast).getByText(description)).toBeInTheDocument();
}

describe("RegisterPage", () => {
  it("has the four fields with autocomplete hints, an h1 and a link to /login", () => {
    renderAuthPage(<RegisterPage />, { path: "/register" });
    expect(screen.getByRole("heading", { level: 1, name: "Create Account" })).toBeInTheDocument();
    expect(screen.getByLabelText("Full Name")).toHaveAttribute("autocomplete", "name");
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("autocomplete", "new-password");
    expect(screen.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  });

  it("validates per spec §5 and focuses the first invalid field", async () => {
    const { calls } = stubApi({});
    const { user } = renderAuthPage(<RegisterPage />, { path: "/register" });
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Please enter your name")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Full Name")).toHaveFocus());

    await fill(user, { name: "Grace", email: "grace@example.com", password: "a-long-secret", confirm: "different" });
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm Password")).toHaveAccessibleDescription("Passwords don't match");
    await waitFor(() => expect(screen.getByLabelText("Confirm Password")).toHaveFocus());
    expect(calls).toEqual([]);
  });

  it("shows and hides each password field on its own", async () => {
    const { user } = renderAuthPage(<RegisterPage />, { path: "/register" });
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(screen.getByLabelText("Password")).toHaveAttribute("type", "text");
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("type", "password");
    const confirmToggle = screen.getByRole("button", { name: "Show confirm password" });
    expect(confirmToggle).toHaveAttribute("aria-pressed", "false");
    await user.click(confirmToggle);
    expect(screen.getByLabelText("Confirm Password")).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide confirm password" })).toHaveAttribute("aria-pressed", "true");
  });

  it("reads 'Creating Account...' while busy, sends no confirmPassword, then lands on /showcase", async () => {
    const pending = deferred<Response>();
    const { calls } = stubApi({ "POST /api/users": () => pending.promise, "GET /api/auth/me": () => jsonResponse(200, ME) });
    const { user, location } = renderAuthPage(<RegisterPage />, { path: "/register" });
    await fill(user);
    await user.keyboard("{Enter}");
    const busy = await screen.findByRole("button", { name: "Creating Account..." });
    expect(busy).toBeDisabled();
    for (const label of ["Full Name", "Email", "Password", "Confirm Password"]) expect(screen.getByLabelText(label)).toBeDisabled();

    pending.resolve(jsonResponse(201, CREATED));
    await expectToast("Account Created", "Welcome to CleanSpace! Your account has been created successfully.");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/showcase"));
    expect(calls[0]).toEqual({
      route: "POST /api/users",
      body: { name: "Grace Hopper", email: "grace@example.com", password: "a-long-secret" },
    });
    expect(localStorage.getItem("userId")).toBe("12");
    expect(localStorage.getItem("userEmail")).toBe("grace@example.com");
    expect(JSON.parse(localStorage.getItem("auth_data")!)).toMatchObject({ isAuthenticated: true, user: { name: "Grace Hopper" } });
  });

  it("shows a 400's field issue under its field, in the toast, and focuses it", async () => {
    const common = messages.passwordTooCommon;
    stubApi({ "POST /api/users": () => jsonResponse(400, { error: common, issues: [{ field: "password", message: common }] }) });
    const { user, location } = renderAuthPage(<RegisterPage />, { path: "/register" });
    await fill(user, { password: "password1" });
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await expectToast("Registration Failed", common);
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(common);
    await waitFor(() => expect(screen.getByLabelText("Password")).toHaveFocus());
    expect(location.history).toEqual(["/register"]);
  });

  it("shows a taken e-mail (409) in the toast and under Email", async () => {
    const taken = "An account with this email already exists";
    stubApi({ "POST /api/users": () => jsonResponse(409, { error: taken }) });
    const { user } = renderAuthPage(<RegisterPage />, { path: "/register" });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await expectToast("Registration Failed", taken);
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(taken);
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
  });

  const fallbacks: Array<[string, () => Response | Promise<Response>, string]> = [
    ["no error field", () => jsonResponse(500, {}), "Failed to create account"],
    ["network failure", () => Promise.reject(new TypeError("Failed to fetch")), "Something went wrong. Please try again."],
    ["non-JSON answer", () => new Response("Bad gateway", { status: 502 }), "Something went wrong. Please try again."],
  ];
  it.each(fallbacks)("spec §8 fallback: %s", async (_name, answer, description) => {
    stubApi({ "POST /api/users": answer });
    const { user } = renderAuthPage(<RegisterPage />, { path: "/register" });
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await expectToast("Registration Failed", description);
    expect(screen.getByRole("button", { name: "Create Account" })).toBeEnabled();
    expect(localStorage.getItem("userId")).toBeNull();
  });
});
