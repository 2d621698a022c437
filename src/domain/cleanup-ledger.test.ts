import { describe, expect, it } from "vitest";
import { cleanupTotals, countsTowardGoal, effectOf, ESTIMATED_BYTES_PER_ITEM } from "./cleanup-ledger";

const ev = (action: string, items: number, bytesFreed = 0) => ({ action, items, bytesFreed });

describe("effectOf (issue 16: reclaimable vs freed)", () => {
  it("a move to the trash is reclaimable, not freed", () => {
    expect(effectOf(ev("trash", 4, 40_000))).toMatchObject({
      reclaimable: 40_000,
      freed: 0,
      estimated: 0,
      itemsDeleted: 0,
      itemsProcessed: 4,
    });
    expect(effectOf(ev("auto-clean", 2, 10))).toMatchObject({ reclaimable: 10, freed: 0 });
  });
  it("a delete from the trash frees its real bytes and leaves the trash; never estimated", () => {
    expect(effectOf(ev("delete", 4, 40_000))).toMatchObject({
      reclaimable: -40_000,
      freed: 40_000,
      estimated: 0,
      itemsDeleted: 4,
      itemsProcessed: 0,
    });
    expect(effectOf(ev("delete", 4, 0))).toMatchObject({ freed: 0, estimated: 0 });
  });
  it("a restore takes bytes out of the trash and is no cleanup", () => {
    expect(effectOf(ev("restore", 1, 5))).toMatchObject({ reclaimable: -5, freed: 0, itemsProcessed: 0 });
    expect(countsTowardGoal("restore")).toBe(false);
  });
  it("reviews and ignores change nothing and count toward nothing", () => {
    for (const action of ["review", "ignore"]) {
      expect(effectOf(ev(action, 9))).toEqual({
        reclaimable: 0,
        freed: 0,
        estimated: 0,
        estimatedItems: 0,
        itemsDeleted: 0,
        itemsProcessed: 0,
      });
      expect(countsTowardGoal(action)).toBe(false);
    }
  });
  it("uses the spec's 2.5 MB per item only for a freeing action without a byte count", () => {
    expect(effectOf(ev("quick-action", 3))).toMatchObject({ estimated: 3 * ESTIMATED_BYTES_PER_ITEM, estimatedItems: 3, freed: 0 });
    expect(effectOf(ev("quick-action", 3, 7))).toMatchObject({ estimated: 0, freed: 7 });
  });
});

describe("cleanupTotals", () => {
  it("moving N copies (B bytes) shows B reclaimable and 0 freed; emptying the trash shows B freed, once", () => {
    const trashed = [ev("trash", 4, 40_000)];
    expect(cleanupTotals(trashed)).toMatchObject({ reclaimableBytes: 40_000, bytesFreed: 0, itemsDeleted: 0, actions: 1 });
    const emptied = [...trashed, ev("delete", 4, 40_000)];
    expect(cleanupTotals(emptied)).toEqual({
      reclaimableBytes: 0,
      bytesFreed: 40_000,
      estimatedBytesFreed: 0,
      estimatedItems: 0,
      itemsDeleted: 4,
      // The same 4 items, trashed then deleted: counted once (issue 38: not "8 items").
      itemsProcessed: 4,
      actions: 2,
    });
  });
  it("never shows a negative trash (files emptied outside CleanSpace leave no event)", () => {
    expect(cleanupTotals([ev("restore", 1, 5)]).reclaimableBytes).toBe(0);
  });
  it("leaves reviews out of every figure", () => {
    expect(cleanupTotals([ev("review", 5), ev("ignore", 2)])).toMatchObject({ itemsProcessed: 0, actions: 0, itemsDeleted: 0 });
  });
  it("gives a summed point (count > 1) the totals of the events it sums", () => {
    const each = [ev("trash", 2, 100), ev("trash", 3, 200), ev("quick-action", 1), ev("quick-action", 4)];
    const summed = [
      { action: "trash", items: 5, bytesFreed: 300, count: 2 },
      { action: "quick-action", items: 5, bytesFreed: 0, count: 2 },
    ];
    expect(cleanupTotals(summed)).toEqual(cleanupTotals(each));
    expect(cleanupTotals(summed).actions).toBe(4);
  });
});
