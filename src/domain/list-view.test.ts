import { describe, expect, it } from "vitest";
import { groupByFolder, groupedRows, parseItemSort, searchItems, sortItems, type ListItem } from "./list-view";

let nextId = 1;
const item = (path: string, size: number, modified = 0): ListItem => ({
  id: nextId++,
  path,
  name: path.slice(path.lastIndexOf("/") + 1),
  size,
  modified,
});

describe("sortItems", () => {
  const a = item("Docs/report.pdf", 10, 300);
  const b = item("Video/movie.mp4", 650_000_000, 100);
  const c = item("archive.zip", 2_000, 200);
  it("puts the largest first by default, newest first by date, A–Z by name and by folder", () => {
    expect(sortItems([a, b, c], parseItemSort(null)).map((i) => i.name)).toEqual(["movie.mp4", "archive.zip", "report.pdf"]);
    expect(sortItems([a, b, c], "date").map((i) => i.name)).toEqual(["report.pdf", "archive.zip", "movie.mp4"]);
    expect(sortItems([b, a, c], "name").map((i) => i.name)).toEqual(["archive.zip", "movie.mp4", "report.pdf"]);
    expect(sortItems([b, a, c], "folder").map((i) => i.path)).toEqual(["archive.zip", "Docs/report.pdf", "Video/movie.mp4"]);
  });
  it("breaks ties by path, so equal sizes keep one order whatever order they came in", () => {
    const x = item("b/same.txt", 5);
    const y = item("a/same.txt", 5);
    expect(sortItems([x, y], "size")).toEqual([y, x]);
    expect(sortItems([y, x], "size")).toEqual([y, x]);
    expect(sortItems([x, y], "name")).toEqual([y, x]);
  });
  it("orders unicode names as people read them: accents and case beside their letter, numbers by value", () => {
    const names = ["Zoë.txt", "éclair.txt", "apple.txt", "Eagle.txt", "file10.txt", "file2.txt", "日本.txt"];
    const sorted = sortItems(
      names.map((n) => item(n, 1)),
      "name",
    ).map((i) => i.name);
    expect(sorted.indexOf("apple.txt")).toBeLessThan(sorted.indexOf("Eagle.txt"));
    expect(sorted.indexOf("Eagle.txt")).toBeLessThan(sorted.indexOf("Zoë.txt"));
    expect(sorted.indexOf("éclair.txt")).toBeLessThan(sorted.indexOf("file2.txt"));
    expect(sorted.indexOf("file2.txt")).toBeLessThan(sorted.indexOf("file10.txt"));
    expect(sorted).toHaveLength(names.length);
  });
  it("never changes the list it was given", () => {
    const list = [a, b, c];
    sortItems(list, "name");
    expect(list).toEqual([a, b, c]);
  });
});

describe("searchItems", () => {
  const list = [item("Photos/Été/Plage.JPG", 1), item("Docs/Tax 2024.pdf", 2), item("notes.txt", 3)];
  it("matches name or path, ignoring case", () => {
    expect(searchItems(list, "plage").map((i) => i.name)).toEqual(["Plage.JPG"]);
    expect(searchItems(list, "été").map((i) => i.name)).toEqual(["Plage.JPG"]);
    expect(searchItems(list, "DOCS").map((i) => i.name)).toEqual(["Tax 2024.pdf"]);
    expect(searchItems(list, "tax 2024").map((i) => i.name)).toEqual(["Tax 2024.pdf"]);
  });
  it("an empty or spaces-only search hides nothing", () => {
    expect(searchItems(list, "")).toEqual(list);
    expect(searchItems(list, "   ")).toEqual(list);
    expect(searchItems(list, "  notes ").map((i) => i.name)).toEqual(["notes.txt"]);
  });
  it("no match is an empty list", () => {
    expect(searchItems(list, "nothing-like-this")).toEqual([]);
  });
});

describe("groupByFolder", () => {
  const big = item("Video/movie.mp4", 900);
  const small1 = item("Docs/a.txt", 10);
  const small2 = item("Docs/b.txt", 30);
  const top = item("top.bin", 50);
  it("counts and totals each folder, the scanned folder itself as ''", () => {
    const groups = groupByFolder(sortItems([small1, big, top, small2], "size"), "size");
    expect(groups.map((g) => [g.folder, g.count, g.bytes])).toEqual([
      ["Video", 1, 900],
      ["", 1, 50],
      ["Docs", 2, 40],
    ]);
    expect(groups[2]!.items.map((i) => i.name)).toEqual(["b.txt", "a.txt"]);
  });
  it("orders folders A–Z for the other sorts", () => {
    expect(groupByFolder([big, small1, top], "name").map((g) => g.folder)).toEqual(["", "Docs", "Video"]);
  });
  it("a collapsed folder shows only its header row", () => {
    const groups = groupByFolder([big, small1, small2], "name");
    const rows = groupedRows(groups, new Set(["Docs"]));
    expect(rows.map((r) => (r.kind === "folder" ? `[${r.group.folder}${r.open ? "" : "+"}]` : r.item.name))).toEqual([
      "[Docs+]",
      "[Video]",
      "movie.mp4",
    ]);
  });
});
