// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EmailConnection } from "../../../domain/schemas/email";
import type * as mailApi from "../../lib/email/mail-api";
import { goToProvider } from "../../lib/email/mail-api";
import { jsonResponse, renderWithApp, resetTestState, stubApi } from "../../testing/app-harness";
import { EmailPanel } from "./email-panel";

vi.mock("../../lib/email/mail-api", async (original) => ({
  ...(await original<typeof mailApi>()),
  goToProvider: vi.fn(),
}));

afterEach(() => {
  resetTestState();
  vi.mocked(goToProvider).mockReset();
});

const disconnected = (oauth: EmailConnection["oauth"], canStay = true): EmailConnection => ({
  connected: false,
  stored: false,
  method: null,
  host: null,
  port: null,
  username: null,
  canStay,
  oauth,
});

describe("EmailPanel: the Gmail and Outlook buttons (decision 023)", () => {
  it("keep the spec's errors when the server has no OAuth client", async () => {
    const { calls } = stubApi({ "GET /api/email/connection": () => jsonResponse(200, disconnected({ gmail: false, outlook: false })) });
    const { user } = renderWithApp(<EmailPanel filterOn={false} initialSelect={null} />, { path: "/organize", search: "tab=email" });
    await user.click(await screen.findByRole("button", { name: "Connect Gmail" }));
    expect(screen.getByTestId("oauth-error")).toHaveTextContent(
      "Gmail integration requires OAuth2 setup. Email scanning is not available yet.",
    );
    await user.click(screen.getByRole("button", { name: "Connect Outlook" }));
    expect(screen.getByTestId("oauth-error")).toHaveTextContent(
      "Outlook integration requires Microsoft Graph setup. Email scanning is not available yet.",
    );
    expect(calls.filter((c) => c.route.startsWith("POST"))).toEqual([]);
    expect(goToProvider).not.toHaveBeenCalled();
  });

  it("start the provider's sign-in when configured, asking to stay connected when ticked", async () => {
    const { calls } = stubApi({
      "GET /api/email/connection": () => jsonResponse(200, disconnected({ gmail: true, outlook: false })),
      "POST /api/email/oauth/start": () => jsonResponse(200, { url: "https://accounts.example/authorize?x=1" }),
    });
    const { user } = renderWithApp(<EmailPanel filterOn={false} initialSelect={null} />, { path: "/organize", search: "tab=email" });
    await user.click(await screen.findByRole("checkbox", { name: /Stay connected/ }));
    await user.click(screen.getByRole("button", { name: "Connect Gmail" }));
    await waitFor(() => expect(goToProvider).toHaveBeenCalledWith("https://accounts.example/authorize?x=1"));
    expect(calls.filter((c) => c.route === "POST /api/email/oauth/start")).toEqual([
      { route: "POST /api/email/oauth/start", body: { provider: "gmail", stayConnected: true } },
    ]);
  });

  it("says what came back from a sign-in that did not connect, and takes it out of the address", async () => {
    stubApi({ "GET /api/email/connection": () => jsonResponse(200, disconnected({ gmail: true, outlook: false })) });
    const { location } = renderWithApp(<EmailPanel filterOn={false} initialSelect={null} />, {
      path: "/organize",
      search: "tab=email&mailbox=state&provider=gmail",
    });
    expect(await screen.findByTestId("oauth-error")).toHaveTextContent(
      "That Gmail sign-in could not be matched to this session (it expired, or was started in another browser or account). Try Connect Gmail again.",
    );
    await waitFor(() => expect(location.history.at(-1)).toBe("/organize?tab=email"));
  });
});
