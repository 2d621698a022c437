import { describe, expect, it } from "vitest";
import { lumaOf } from "./rgba-image";

describe("lumaOf", () => {
  it("weighs R, G and B as the contract says and composites see-through pixels on black", () => {
    const grey = lumaOf({ width: 2, height: 2, data: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0, 255, 255, 255, 128]) });
    expect([...grey.data]).toEqual([76, 150, 0, 128]);
    expect(grey).toMatchObject({ width: 2, height: 2 });
  });
});
