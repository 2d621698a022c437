// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { LoginPage } from "./login-page";
import { deferred, findToast, jsonResponse, renderAuthPage, resetAuthTestState, stubApi } from "./testing/render-auth-page";

afterEach(resetAuthTestState);

const ME = { id: 7, name: "Ada", email: "ada@example.com", subscriptionStatus: "free", trialEndsAt: null };

async function fillAndSubmit(user: ReturnType<typeof renderAuthPage>["user"], email = "ada@example.com", password = "secret-pass") {
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

async function expectToast(title: string, description: string) {
  const toast = await findToast(title);
  expect(within(toast).getByText(description)).toBeInTheDocument();
}

describe("LoginPage", () => {
  it("has one main, an h1, the brand, and links to register and forgot password", () => {
    renderAuthPage(<LoginPage />, { path: "/login" });
    expect(screen.getAllByRole("main")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "CleanSpace" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forgot-password");
    expect(screen.getByLabelText("Email")).toHaveAttribute("autocomplete", "email");
    expect(screen.getByLabelText("Password")).toHaveAttribute("autocomplete", "current-password");
  });

  it("shows the spec §5 messages, focuses the first invalid field and sends nothing", async () => {
    const { calls } = stubApi({});
    const { user } = renderAuthPage(<LoginPage />, { path: "/login" });
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");

    await user.type(screen.getByLabelText("Email"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "12345{Enter}");
    expect(await screen.findByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.queryByText("Please enter a valid email address")).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("shows and hides the password", async () => {
    const { user } = renderAuthPage(<LoginPage />, { path: "/login" });
    const input = screen.getByLabelText("Password");
    expect(input).toHaveAttribute("type", "password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(screen.getByRole("button", { name: "Hide password" })).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Hide password" }));
    expect(input).toHaveAttribute("type", "password");
  });

  it("reads 'Signing in...' and disables the form while busy, then signs in (Enter submits)", async () => {
    const pending = deferred<Response>();
    const { calls } = stubApi({
      "POST /api/auth/login": () => pending.promise,
      "GET /api/auth/me": () => jsonResponse(200, ME),
    });
    const { user, location } = renderAuthPage(<LoginPage />, { path: "/login" });
    await user.type(screen.getByLabelText("Email"), "  Ada@Example.com ");
    await user.type(screen.getByLabelText("Password"), "secret-pass{Enter}");

    const busy = await screen.findByRole("button", { name: "Signing in..." });
    expect(busy).toBeDisabled();
    expect(screen.getByLabelText("Email")).toBeDisabled();
    expect(screen.getByLabelText("Password")).toBeDisabled();

    pending.resolve(jsonResponse(200, { user: { id: 7, email: "ada@example.com", name: "Ada" } }));
    await expectToast("Login Successful", "Welcome back to CleanSpace!");
    await waitFor(() => expect(location.history?.at(-1)).toBe("/home"));
    expect(calls[0]).toEqual({ route: "POST /api/auth/login", body: { email: "ada@example.com", password: "secret-pass" } });
    expect(calls.map((c) => c.route)).toContain("GET /api/auth/me");
    expect(localStorage.getItem("userId")).toBe("7");
    expect(localStorage.getItem("userEmail")).toBe("ada@example.com");
    expect(JSON.parse(localStorage.getItem("auth_data")!)).toMatchObject({ isAuthenticated: true, user: { id: 7 } });
  });

  describe("failure toasts (spec §8)", () => {
    const cases: Array<[string, () => Response | Promise<Response>, string]> = [
      [
        "wrong e-mail or password",
        () => jsonResponse(401, { error: "Invalid email or password" }),
        "Incorrect email or password. Please check your credentials and try again.",
      ],
      [
        "other server text, shown as is",
        () => jsonResponse(429, { error: "Too many attempts. Try again in a minute." }),
        "Too many attempts. Try again in a minute.",
      ],
      ["no error field", () => jsonResponse(400, {}), "Invalid credentials"],
      ["network failure", () => Promise.reject(new TypeError("Failed to fetch")), "Something went wrong. Please try again."],
      [
        "unexpected non-JSON answer",
        () => new Response("<html>Bad gateway</html>", { status: 502 }),
        "Something went wrong. Please try again.",
      ],
    ];
    it.each(cases)("%s", async (_name, answer, description) => {
      stubApi({ "POST /api/auth/login": answer });
      const { user, location } = renderAuthPage(<LoginPage />, { path: "/login" });
      await fillAndSubmit(user);
      await expectToast("Login Failed", description);
      expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
      await waitFor(() => expect(screen.getByLabelText("Password")).toHaveFocus());
      expect(location.history).toEqual(["/login"]);
      expect(localStorage.getItem("userId")).toBeNull();
    });

    it("makes the wrong-credentials toast destructive", async () => {
      stubApi({ "POST /api/auth/login": () => jsonResponse(401, { error: "Invalid email or password" }) });
      const { user } = renderAuthPage(<LoginPage />, { path: "/login" });
      await fillAndSubmit(user);
      const toast = await findToast("Login Failed");
      expect(toast.className).toContain("bg-danger-strong");
    });
  });
});
