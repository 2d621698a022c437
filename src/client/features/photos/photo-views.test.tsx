// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PhotoReport } from "../../../domain/photos/index";
import type { OrganizeItem } from "../../lib/device-data/organize-item";
import { PhotoViews, type PhotoViewsProps } from "./photo-views";

function photo(id: number, name: string, over: Partial<OrganizeItem> = {}): OrganizeItem {
  return {
    id,
    key: `photo:Photos/${name}`,
    kind: "photo",
    path: `Photos/${name}`,
    name,
    size: 1000 * id,
    type: "image/jpeg",
    category: "photo",
    modified: Date.UTC(2026, 0, id),
    isLarge: false,
    isOld: false,
    duplicateGroup: null,
    isOriginal: false,
    width: 1600,
    height: 1200,
    photo: { hash: "0000000000000000", sharpness: 200, camera: true },
    ...over,
  };
}

const ITEMS = [
  photo(1, "beach.jpg"),
  photo(2, "beach 2.jpg", { width: 800, height: 600 }),
  photo(3, "beach 3.jpg", { width: 800, height: 600 }),
  photo(4, "shaky.jpg"),
  photo(5, "Screenshot old.png", { type: "image/png" }),
  photo(6, "Screenshot new.png", { type: "image/png" }),
  photo(7, "forest.jpg", { duplicateGroup: 1, isOriginal: true, keepAction: "keep", keepReason: "Kept because it is the oldest copy" }),
  photo(8, "forest.jpg", { path: "Backup/forest.jpg", duplicateGroup: 1, keepAction: "remove", keepReason: "Newer than the kept copy" }),
];
const REPORT: PhotoReport = {
  similar: [{ ids: [1, 2, 3], keepId: 1, reason: "Highest resolution" }],
  exact: [{ ids: [7, 8], keepId: 7, reason: "Oldest copy: the original" }],
  blurry: [4],
  screenshots: [5, 6],
  oldScreenshots: [5],
  skipped: 2,
};

function setup(over: Partial<PhotoViewsProps> = {}) {
  const props: PhotoViewsProps = {
    view: "similar",
    report: REPORT,
    items: ITEMS,
    metadataOnly: false,
    root: null,
    canTrash: true,
    busy: false,
    scanning: false,
    onRescan: null,
    onTrash: vi.fn(),
    onMark: vi.fn(),
    ...over,
  };
  render(<PhotoViews {...props} />);
  return props;
}

afterEach(cleanup);

const names = (items: readonly OrganizeItem[]) => items.map((i) => i.name);

describe("PhotoViews", () => {
  it("proposes the best shot and why, and trashes the rest as the user decides", async () => {
    const props = setup();
    const group = screen.getByRole("region", { name: /^3 similar photos/ });
    expect(within(group).getByTestId("group-reason")).toHaveTextContent("Keep beach.jpg: Highest resolution.");
    expect(within(group).getByRole("button", { name: "Keep beach.jpg" })).toHaveAttribute("aria-pressed", "true");
    expect(within(group).getByRole("button", { name: "Trash beach 2.jpg" })).toHaveAttribute("aria-pressed", "true");
    // The proposed keeper alone is marked; every tile's choice is calm (issue 38): a pressed
    // Keep looks like a pressed Trash, in the neutral tokens, never red or green.
    const keepers = within(group).getAllByTestId("keeper-badge");
    expect(keepers.map((b) => b.textContent)).toEqual(["Best shot"]);
    expect(keepers[0]!.closest("[data-testid=photo-tile]")).toHaveTextContent("beach.jpg");
    const pressed = within(group)
      .getAllByRole("button", { pressed: true })
      .filter((b) => /^(Keep|Trash) /.test(b.getAttribute("aria-label") ?? ""));
    expect(new Set(pressed.map((b) => b.getAttribute("aria-label")?.split(" ")[0]))).toEqual(new Set(["Keep", "Trash"]));
    expect(new Set(pressed.map((b) => b.className)).size).toBe(1);
    for (const el of group.querySelectorAll("[data-testid=photo-tile], [data-testid=photo-tile] *"))
      expect(String(el.getAttribute("class") ?? "")).not.toMatch(/\b(bg|text|border|ring)-(red|green|danger|success)/);

    // Keep one more: the rest is one photo.
    await userEvent.click(within(group).getByRole("button", { name: "Keep beach 3.jpg" }));
    await userEvent.click(within(group).getByRole("button", { name: "Keep best, trash 1" }));
    expect(names(vi.mocked(props.onTrash).mock.calls[0]![0])).toEqual(["beach 2.jpg"]);
    expect(screen.getByTestId("photos-skipped")).toHaveTextContent("2 photos could not be analysed");
  });

  it("compares the best shot with each other photo, the arrow keys walking the group", async () => {
    setup();
    await userEvent.click(screen.getByRole("button", { name: "Compare" }));
    const dialog = screen.getByRole("dialog", { name: "Compare similar photos" });
    expect(within(dialog).getByRole("figure", { name: "Proposed to keep: beach.jpg" })).toHaveTextContent("1600 × 1200");
    expect(within(dialog).getByRole("figure", { name: "Compared with: beach 2.jpg" })).toBeInTheDocument();
    await userEvent.keyboard("{ArrowRight}");
    expect(within(dialog).getByRole("figure", { name: "Compared with: beach 3.jpg" })).toBeInTheDocument();
    // A choice made side by side is the group's choice.
    await userEvent.click(within(dialog).getByRole("button", { name: "Keep beach 3.jpg" }));
    await userEvent.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Keep best, trash 1" })).toBeInTheDocument();
  });

  it("keeps the copy the user's keep-rules chose for exact copies, naming copies by path", async () => {
    const props = setup({ view: "exact" });
    expect(screen.getByTestId("group-reason")).toHaveTextContent("Keep forest.jpg: it is the oldest copy.");
    expect(screen.getByRole("button", { name: "Keep Photos/forest.jpg" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Trash Backup/forest.jpg" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getByRole("button", { name: "Keep original, trash 1" }));
    expect(vi.mocked(props.onTrash).mock.calls[0]![0].map((i) => i.path)).toEqual(["Backup/forest.jpg"]);
  });

  it("calls out old screenshots and proposes them, keeps recent ones; read-only folders mark instead", async () => {
    const props = setup({ view: "screenshots", canTrash: false });
    expect(screen.getByRole("heading", { name: /^Older than 30 days/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Trash Screenshot old.png" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Keep Screenshot new.png" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.click(screen.getAllByRole("button", { name: "Mark as reviewed (1)" })[0]!);
    expect(names(vi.mocked(props.onMark).mock.calls[0]![0])).toEqual(["Screenshot old.png"]);
    expect(props.onTrash).not.toHaveBeenCalled();
  });

  it("says what to do when the scan analysed no photos, and when a view is empty", () => {
    setup({ report: null, metadataOnly: true });
    expect(screen.getByRole("heading", { name: "Scan a folder to find similar photos" })).toBeInTheDocument();
    expect(screen.getByText(/quick scan/)).toBeInTheDocument();
  });

  it("leaves hidden photos out: a group with one photo left is no group", () => {
    setup({ items: ITEMS.filter((i) => i.id !== 2 && i.id !== 3) });
    expect(screen.getByText("No similar photos in your last scan.")).toBeInTheDocument();
  });

  it("shows 20 groups at a time, largest saving first, so a big library is not one endless page; search finds any group", async () => {
    const user = userEvent.setup();
    // 45 exact pairs; pair n's copy weighs n kB, so the pair of 45 frees the most.
    const items = Array.from({ length: 45 }, (_, i) => [
      photo(100 + 2 * i, `pair ${i + 1}.jpg`, { size: 1000, duplicateGroup: i + 1, keepAction: "keep" }),
      photo(101 + 2 * i, `pair ${i + 1}.jpg`, {
        path: `Backup/pair ${i + 1}.jpg`,
        size: 1000 * (i + 1),
        duplicateGroup: i + 1,
        keepAction: "remove",
      }),
    ]).flat();
    const report: PhotoReport = {
      ...REPORT,
      exact: Array.from({ length: 45 }, (_, i) => ({ ids: [100 + 2 * i, 101 + 2 * i], keepId: 100 + 2 * i, reason: "Oldest copy" })),
    };
    setup({ view: "exact", report, items });
    const groups = () => screen.getAllByTestId("photo-group");
    expect(groups()).toHaveLength(20);
    expect(groups()[0]).toHaveTextContent("pair 45.jpg");
    await user.click(screen.getByRole("button", { name: "Show 20 more groups" }));
    expect(groups()).toHaveLength(40);
    await user.click(screen.getByRole("button", { name: "Show 5 more groups" }));
    expect(groups()).toHaveLength(45);
    expect(screen.queryByRole("button", { name: /more group/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search photos" }), "pair 7.");
    expect(groups()).toHaveLength(1);
  });
});
