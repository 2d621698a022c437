// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordSentRequest, settleSentRequest } from "../../../lib/privacy-receipts/sent-log";
import { SentLogCard } from "./sent-log-card";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("What left this device", () => {
  it("lists the exact payloads, newest first, with passwords hidden, and clears them", async () => {
    render(<SentLogCard />);
    expect(screen.getByTestId("sent-log-empty")).toBeTruthy();
    act(() => {
      const id = recordSentRequest({ method: "POST", url: "/api/real-data/scan", body: { userId: 4, summary: { totalFiles: 12 } } });
      settleSentRequest(id, { status: 200 });
      recordSentRequest({ method: "DELETE", url: "/api/users/4", body: { password: "hunter22" } });
    });
    const list = screen.getByRole("list", { name: "Requests sent to the server, newest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain("DELETE/api/users/4");
    expect(items[0]!.textContent).toContain('"password": "•••• (not shown)"');
    expect(items[0]!.textContent).not.toContain("hunter22");
    expect(items[1]!.textContent).toContain("answered 200");
    expect(within(items[1]!).getByLabelText("Data sent by POST /api/real-data/scan").textContent).toBe(
      JSON.stringify({ userId: 4, summary: { totalFiles: 12 } }, null, 2),
    );
    expect(screen.getByText(/Passwords \(and one-time password-reset tokens\) are never kept here/)).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Clear this list" }));
    expect(screen.getByTestId("sent-log-empty")).toBeTruthy();
    expect(localStorage.getItem("cleanspace.sentLog")).toBeNull();
  });
});
