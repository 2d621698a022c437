import { describe, expect, it } from "vitest";
import { isCopyName } from "./copy-name";

describe("isCopyName", () => {
  it("calls the other's name with words added before or after it a copy", () => {
    for (const copy of ["IMG_0001 turned.jpg", "IMG_0001 (1).jpg", "img_0001-edited.JPG", "Copy of IMG_0001.jpg", "IMG_0001.jpg.jpg"]) {
      expect(isCopyName(copy, ["IMG_0001.jpg"]), copy).toBe(true);
    }
  });

  it("never calls the original, the same stem in another format, or a longer number a copy", () => {
    expect(isCopyName("IMG_0001.jpg", ["IMG_0001 turned.jpg", "IMG_0001.jpg"])).toBe(false);
    expect(isCopyName("IMG_0001.heic", ["IMG_0001.jpg"])).toBe(false);
    expect(isCopyName("IMG_00011.jpg", ["IMG_0001.jpg"])).toBe(false);
    expect(isCopyName("IMG_0002.jpg", ["IMG_0001.jpg"])).toBe(false);
    expect(isCopyName("a.jpg", [".jpg"])).toBe(false);
  });
});
