// @vitest-environment jsdom
/**
 * Organize → Email across folders (issue 40): senders grouped over the listed folders, an
 * action naming each message's own folder with the UIDVALIDITY listed, a refusal because a
 * folder was renumbered said and followed by a new listing, and the folder chooser.
 */
import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RENUMBERED_ERROR, type EmailConnection, type ListLine, type MailFolder, type MailMeta } from "../../../domain/schemas/email";
import { jsonResponse, renderWithApp, resetTestState, stubApi } from "../../testing/app-harness";
import { EmailPanel } from "./email-panel";

// jsdom lays nothing out: give the windowed lists a viewport so their rows render.
const rect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () => ({
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: 800,
    bottom: 600,
    width: 800,
    height: 600,
    toJSON: () => ({}),
  });
  for (const prop of ["offsetHeight", "clientHeight"])
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => 600 });
  for (const prop of ["offsetWidth", "clientWidth"])
    Object.defineProperty(HTMLElement.prototype, prop, { configurable: true, get: () => 800 });
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = rect;
  for (const prop of ["offsetHeight", "clientHeight", "offsetWidth", "clientWidth"])
    delete (HTMLElement.prototype as unknown as Record<string, unknown>)[prop];
});
afterEach(() => resetTestState());

const connected: EmailConnection = {
  connected: true,
  stored: false,
  method: "password",
  host: "imap.example.com",
  port: 993,
  username: "erin@example.com",
  canStay: true,
  oauth: { gmail: false, outlook: false },
};

const folders: MailFolder[] = [
  { path: "INBOX", name: "Inbox", specialUse: null, messages: 2, unread: 1, byDefault: true },
  { path: "Archive", name: "Archive", specialUse: "\\Archive", messages: 1, unread: 0, byDefault: true },
  { path: "Junk", name: "Junk", specialUse: "\\Junk", messages: 5, unread: 5, byDefault: false },
  { path: "Trash", name: "Trash", specialUse: "\\Trash", messages: 0, unread: 0, byDefault: false },
];

const meta = (f: number, u: number, a: string, n = ""): MailMeta => ({
  f,
  u,
  a,
  n,
  s: `m${f}-${u}`,
  d: Date.UTC(2026, 0, 1),
  z: 100,
  r: false,
  l: 0,
});

function ndjson(lines: ListLine[]): Response {
  return new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(""), {
    status: 200,
    headers: { "content-type": "application/x-ndjson" },
  });
}

/** INBOX (UIDVALIDITY 11) and Archive (22): "both@x.example" has UID 1 in each. */
const listing = (uidValidity = 11): ListLine[] => [
  { t: "start", total: 3 },
  { t: "folder", folder: { path: "INBOX", name: "Inbox", uidValidity, total: 2 } },
  { t: "batch", done: 2, messages: [meta(0, 1, "both@x.example", "Both"), meta(0, 2, "", "MAILER DAEMON")] },
  { t: "folder", folder: { path: "Archive", name: "Archive", uidValidity: 22, total: 1 } },
  { t: "batch", done: 3, messages: [meta(1, 1, "both@x.example", "Both")] },
  { t: "done", aggregates: { emailCount: 3, emailUnread: 0, emailStorage: 0 } },
];

describe("Organize → Email across folders", () => {
  it("groups a sender over folders, and Trash all names each message's own folder with its UIDVALIDITY", async () => {
    const { calls } = stubApi({
      "GET /api/email/connection": () => jsonResponse(200, connected),
      "GET /api/email/folders": () => jsonResponse(200, { folders }),
      "POST /api/email/list": () => ndjson(listing()),
      "POST /api/email/actions": () =>
        jsonResponse(200, {
          action: "trash",
          count: 2,
          undo: [
            { folder: "Trash", uidValidity: 33, uids: [7], back: "INBOX" },
            { folder: "Trash", uidValidity: 33, uids: [8], back: "Archive" },
          ],
          aggregates: { emailCount: 1, emailUnread: 0, emailStorage: 0 },
        }),
      "POST /api/cleanup-events": () =>
        jsonResponse(201, {
          recorded: true,
          goal: { target: 10, completed: 2, percent: 20, achieved: false },
          streak: { currentStreak: 1, longestStreak: 1, streakHistory: [], today: "2026-01-01" },
        }),
    });
    const { user } = renderWithApp(<EmailPanel filterOn={false} initialSelect={null} />, { path: "/organize", search: "tab=email" });
    await waitFor(() => expect(screen.getByTestId("mail-folders")).toHaveTextContent("Inbox, Archive"));
    const row = await screen.findByRole("button", { name: "Move all mail from Both <both@x.example> to Trash" });
    expect(screen.getByRole("checkbox", { name: "Select all mail from MAILER DAEMON" })).toBeInTheDocument();
    await user.click(row);
    await waitFor(() => expect(calls.some((c) => c.route === "POST /api/email/actions")).toBe(true));
    expect(calls.find((c) => c.route === "POST /api/email/actions")?.body).toEqual({
      action: "trash",
      targets: [
        { folder: "INBOX", uidValidity: 11, uids: [1] },
        { folder: "Archive", uidValidity: 22, uids: [1] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole("button", { name: /Move all mail from Both/ })).toBeNull());
    // The goal's event is posted before the Undo banner shows.
    expect(await screen.findByText("Action completed on 2 items", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.map((c) => c.route)).toContain("POST /api/cleanup-events");
  });

  it("a refusal because a folder was renumbered says why and lists the mail again", async () => {
    let lists = 0;
    const { calls } = stubApi({
      "GET /api/email/connection": () => jsonResponse(200, connected),
      "GET /api/email/folders": () => jsonResponse(200, { folders }),
      "POST /api/email/list": () => ndjson(listing(lists++ === 0 ? 11 : 99)),
      "POST /api/email/actions": () =>
        jsonResponse(409, {
          error: `${RENUMBERED_ERROR} the folder “INBOX” since it was listed. Nothing was changed; your mail is being listed again.`,
        }),
    });
    const { user } = renderWithApp(<EmailPanel filterOn={false} initialSelect={null} />, { path: "/organize", search: "tab=email" });
    await user.click(await screen.findByRole("button", { name: "Move all mail from Both <both@x.example> to Trash" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(`${RENUMBERED_ERROR} the folder “INBOX”`);
    await waitFor(() => expect(calls.filter((c) => c.route === "POST /api/email/list")).toHaveLength(2));
    // The next action carries the new listing's UIDVALIDITY.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move all mail from Both <both@x.example> to Trash" })).toBeEnabled());
    await user.click(screen.getByRole("button", { name: "Move all mail from Both <both@x.example> to Trash" }));
    await waitFor(() => expect(calls.filter((c) => c.route === "POST /api/email/actions")).toHaveLength(2));
    expect(calls.filter((c) => c.route === "POST /api/email/actions")[1]?.body).toMatchObject({
      targets: [{ folder: "INBOX", uidValidity: 99, uids: [1] }, { folder: "Archive" }],
    });
  });

  it("the folder chooser shows every folder with its counts and lists the ones chosen", async () => {
    const { calls } = stubApi({
      "GET /api/email/connection": () => jsonResponse(200, connected),
      "GET /api/email/folders": () => jsonResponse(200, { folders }),
      "POST /api/email/list": () => ndjson(listing()),
    });
    const { user } = renderWithApp(<EmailPanel filterOn={false} initialSelect={null} />, { path: "/organize", search: "tab=email" });
    const chooser = await screen.findByTestId("folder-chooser");
    await waitFor(() => expect(within(chooser).getByText(/Folders: 2 of 4 listed/)).toBeInTheDocument());
    await user.click(within(chooser).getByText(/Folders: 2 of 4 listed/));
    const group = within(chooser).getByRole("group", { name: "Folders to list" });
    expect(within(group).getByRole("checkbox", { name: /^Inbox/ })).toBeChecked();
    expect(within(group).getByRole("checkbox", { name: /^Junk/ })).not.toBeChecked();
    expect(within(group).getByText("5 messages · 5 unread")).toBeInTheDocument();
    expect(within(chooser).getByRole("button", { name: "List these folders" })).toBeDisabled();
    await user.click(within(group).getByRole("checkbox", { name: /^Junk/ }));
    await user.click(within(chooser).getByRole("button", { name: "List these folders" }));
    await waitFor(() => expect(calls.filter((c) => c.route === "POST /api/email/list")).toHaveLength(2));
    expect(calls.filter((c) => c.route === "POST /api/email/list").map((c) => c.body)).toEqual([
      {},
      { folders: ["INBOX", "Archive", "Junk"] },
    ]);
  });
});
