// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAuthPage, resetAuthTestState } from "./testing/render-auth-page";
import { WelcomePage } from "./welcome-page";

afterEach(resetAuthTestState);

describe("WelcomePage (spec §2)", () => {
  it("offers Create Account, Sign In, support mail, Privacy and Terms", () => {
    renderAuthPage(<WelcomePage />, { path: "/welcome" });
    expect(screen.getAllByRole("main")).toHaveLength(1);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome to CleanSpace");
    expect(screen.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/register");
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    expect(screen.getByRole("link", { name: "support@cleanspace.app" })).toHaveAttribute("href", "mailto:support@cleanspace.app");
    expect(screen.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    expect(screen.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  });
});
