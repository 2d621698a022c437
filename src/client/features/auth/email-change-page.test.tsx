// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { EmailChangePage } from "./email-change-page";
import { jsonResponse, renderAuthPage, resetAuthTestState, stubApi } from "./testing/render-auth-page";

afterEach(resetAuthTestState);

const TOKEN = "b".repeat(43);

describe("EmailChangePage (issue 18 #3)", () => {
  it("confirms only when asked (a link scanner changes nothing), then says the new address", async () => {
    const { calls } = stubApi({ "POST /api/auth/email-change/confirm": () => jsonResponse(200, { email: "new@example.com" }) });
    const { user } = renderAuthPage(<EmailChangePage />, { path: "/email-change", search: `action=confirm&token=${TOKEN}` });
    expect(calls).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Confirm new address" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your sign-in address is now new@example.com.");
    expect(calls).toEqual([{ route: "POST /api/auth/email-change/confirm", body: { token: TOKEN } }]);
  });

  it("undoes from the old address and says every device was signed out", async () => {
    stubApi({ "POST /api/auth/email-change/undo": () => jsonResponse(200, { email: "old@example.com" }) });
    const { user } = renderAuthPage(<EmailChangePage />, { path: "/email-change", search: `action=undo&token=${TOKEN}` });
    await user.click(screen.getByRole("button", { name: "Keep my address" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your sign-in address is old@example.com. Every device was signed out");
  });

  it("says when the link is malformed, used or expired", async () => {
    renderAuthPage(<EmailChangePage />, { path: "/email-change", search: "action=confirm&token=short" });
    expect(screen.getByRole("alert")).toHaveTextContent("This link is invalid or has expired.");
    resetAuthTestState();
    stubApi({ "POST /api/auth/email-change/confirm": () => jsonResponse(400, { error: "This link is invalid or has expired" }) });
    const { user } = renderAuthPage(<EmailChangePage />, { path: "/email-change", search: `action=confirm&token=${TOKEN}` });
    await user.click(screen.getAllByRole("button", { name: "Confirm new address" }).at(-1)!);
    expect(await screen.findByText("This link is invalid or has expired")).toBeInTheDocument();
    // A dead link offers no retry.
    expect(screen.queryByRole("button", { name: "Confirm new address" })).not.toBeInTheDocument();
  });
});
