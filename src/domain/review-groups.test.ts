import { describe, expect, it } from "vitest";
import { reclaimableBytes, searchEntries, searchGroups, sortGroups, type ReviewEntry } from "./review-groups";

const entry = (path: string, size: number, proposal: "keep" | "trash", modified = 0): ReviewEntry => ({
  item: { path, name: path.slice(path.lastIndexOf("/") + 1), size, modified },
  proposal,
});
const small = { id: "small", entries: [entry("a/Beach.jpg", 900, "keep", 10), entry("a/Beach 2.jpg", 100, "trash", 20)] };
const big = {
  id: "big",
  entries: [entry("b/Dog.jpg", 50, "keep", 5), entry("b/Dog 2.jpg", 4_000, "trash", 6), entry("b/Dog 3.jpg", 1_000, "trash", 7)],
};
const tie = { id: "tie", entries: [entry("c/Été.jpg", 1, "keep", 30), entry("c/Été 2.jpg", 100, "trash", 30)] };

describe("review groups", () => {
  it("counts only what the proposal moves to the trash", () => {
    expect(reclaimableBytes(big)).toBe(5_000);
    expect(reclaimableBytes(small)).toBe(100);
  });
  it("sorts by space freed, largest first, ties in the order given; by date, newest photo first", () => {
    expect(sortGroups([small, big, tie], "reclaimable").map((g) => g.id)).toEqual(["big", "small", "tie"]);
    expect(sortGroups([tie, big, small], "reclaimable").map((g) => g.id)).toEqual(["big", "tie", "small"]);
    expect(sortGroups([small, big, tie], "date").map((g) => g.id)).toEqual(["tie", "small", "big"]);
  });
  it("finds a group by any of its photos' names or folders, ignoring case and accents' case", () => {
    expect(searchGroups([small, big, tie], "dog 3").map((g) => g.id)).toEqual(["big"]);
    expect(searchGroups([small, big, tie], "ÉTÉ").map((g) => g.id)).toEqual(["tie"]);
    expect(searchGroups([small, big, tie], "a/").map((g) => g.id)).toEqual(["small"]);
    expect(searchGroups([small, big, tie], "zebra")).toEqual([]);
  });
  it("an empty or spaces-only search keeps everything", () => {
    expect(searchGroups([small, big], "   ")).toHaveLength(2);
    expect(searchEntries(big.entries, "")).toHaveLength(3);
    expect(searchEntries(big.entries, " dog 2 ").map((e) => e.item.name)).toEqual(["Dog 2.jpg"]);
  });
});
