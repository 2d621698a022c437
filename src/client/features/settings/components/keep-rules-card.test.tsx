// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEEP_POLICY_STORAGE_KEY, readKeepPolicy } from "../../../lib/device-data/keep-policy";
import { KeepRulesCard } from "./keep-rules-card";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const rules = () =>
  within(screen.getByRole("list", { name: "Keep-rules, in order" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent?.replace(/UpDownRemove$/, ""));

describe("Which copy to keep", () => {
  it("adds, orders and removes keep-rules and protected folders with the keyboard, stored on this device only", async () => {
    const user = userEvent.setup({ delay: null });
    render(<KeepRulesCard />);
    expect(rules()).toEqual(["1. Keep the oldest copy", "2. Keep the copy with the shortest path"]);

    await user.selectOptions(screen.getByLabelText("Rule to add"), "inside");
    await user.click(screen.getByLabelText("Folder"));
    await user.paste("wanted");
    await user.keyboard("{Enter}");
    await user.click(screen.getByRole("button", { name: "Move up: Keep the copy inside “wanted”" }));
    await user.click(screen.getByRole("button", { name: "Move up: Keep the copy inside “wanted”" }));
    expect(rules()[0]).toBe("1. Keep the copy inside “wanted”");

    await user.click(screen.getByLabelText("Folder to protect"));
    await user.paste("../up");
    await user.keyboard("{Enter}");
    expect(screen.getByText("Write the folder without “.” or “..”")).toBeTruthy();
    await user.clear(screen.getByLabelText("Folder to protect"));
    await user.paste("Family/Originals");
    await user.keyboard("{Enter}");
    expect(within(screen.getByRole("list", { name: "Protected folders" })).getByText("Family/Originals")).toBeTruthy();

    expect(readKeepPolicy()).toEqual({
      rules: [{ kind: "inside", folder: "wanted" }, { kind: "oldest" }, { kind: "shortest-path" }],
      protectedFolders: ["Family/Originals"],
    });
    expect(JSON.parse(localStorage.getItem(KEEP_POLICY_STORAGE_KEY)!).protectedFolders).toEqual(["Family/Originals"]);

    await user.click(screen.getByRole("button", { name: "Remove: Keep the oldest copy" }));
    await user.click(screen.getByRole("button", { name: "Stop protecting Family/Originals" }));
    expect(readKeepPolicy()).toEqual({ rules: [{ kind: "inside", folder: "wanted" }, { kind: "shortest-path" }], protectedFolders: [] });
  });
});
