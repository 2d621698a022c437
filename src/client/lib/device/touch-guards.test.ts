import { describe, expect, it } from "vitest";
import { SWIPE_BLOCK_PX, touchMoveToBlock } from "./touch-guards";

const at = (dx: number, dy: number, atTop = false, inHorizontalScroller = false) => ({ dx, dy, atTop, inHorizontalScroller });

describe("touchMoveToBlock (spec §9 touch handling)", () => {
  it("blocks pulling down at the top of the page (pull-to-refresh)", () => {
    expect(touchMoveToBlock(at(0, 30, true))).toBe("pull-to-refresh");
    expect(touchMoveToBlock(at(5, 1, true))).toBeNull(); // mostly sideways, short
  });

  it("lets the page scroll when it is not at the top, or when scrolling down", () => {
    expect(touchMoveToBlock(at(0, 30, false))).toBeNull();
    expect(touchMoveToBlock(at(0, -30, true))).toBeNull();
  });

  it("blocks horizontal swipes longer than 50 px only", () => {
    expect(SWIPE_BLOCK_PX).toBe(50);
    expect(touchMoveToBlock(at(50, 0))).toBeNull();
    expect(touchMoveToBlock(at(51, 0))).toBe("horizontal-swipe");
    expect(touchMoveToBlock(at(-80, 10))).toBe("horizontal-swipe");
    expect(touchMoveToBlock(at(60, -90))).toBeNull(); // mostly vertical: a scroll
  });

  it("leaves sideways scrollers alone", () => {
    expect(touchMoveToBlock(at(120, 0, false, true))).toBeNull();
  });
});
