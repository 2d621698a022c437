import { describe, expect, it } from "vitest";
import { photoFormatOf } from "./photo-format";
import { isScreenshot } from "./screenshot";

const plain = { name: "picture.png", format: "png", width: 800, height: 600, camera: false } as const;

describe("isScreenshot", () => {
  it.each([
    "Screenshot_20240101-101010.png",
    "Screen Shot 2020-05-01 at 10.00.00.png",
    "Screenshot 2023-11-02 at 09.41.12.png",
    "Bildschirmfoto 2024-02-03 um 11.00.00.png",
    "Capture d’écran 2024-02-03 à 11.00.00.png",
    "Capture d'écran (4).png",
    "Captura de pantalla 2024-01-01.png",
    "Schermafbeelding 2024-01-01.png",
    "スクリーンショット 2024-01-01.png",
  ])("knows the name %s", (name) => {
    expect(isScreenshot({ ...plain, name })).toBe(true);
  });

  it("knows device screen sizes in both orientations", () => {
    expect(isScreenshot({ ...plain, width: 1170, height: 2532 })).toBe(true);
    expect(isScreenshot({ ...plain, width: 2532, height: 1170 })).toBe(true);
    expect(isScreenshot({ ...plain, format: "jpeg", width: 1080, height: 2400 })).toBe(true);
    expect(isScreenshot({ ...plain, width: 1920, height: 1080 })).toBe(true);
    expect(isScreenshot({ ...plain, width: 2048, height: 2732 })).toBe(true);
  });

  it("is never a photo with camera metadata, an animation or an image at another size", () => {
    expect(isScreenshot({ ...plain, name: "Screenshot.png", camera: true })).toBe(false);
    expect(isScreenshot({ ...plain, width: 1920, height: 1080, format: "jpeg", camera: true })).toBe(false);
    expect(isScreenshot({ ...plain, format: "gif", width: 1080, height: 1920 })).toBe(false);
    expect(isScreenshot(plain)).toBe(false);
    expect(isScreenshot({ ...plain, width: 4032, height: 3024, format: "jpeg" })).toBe(false);
  });
});

describe("photoFormatOf", () => {
  it("reads the MIME type first, then the extension", () => {
    expect(photoFormatOf("a.bin", "image/jpeg")).toBe("jpeg");
    expect(photoFormatOf("IMG_1.HEIC", "")).toBe("heic");
    expect(photoFormatOf("a.jpeg", "")).toBe("jpeg");
    expect(photoFormatOf("a.webp", "")).toBe("webp");
    expect(photoFormatOf("clip.mp4", "video/mp4")).toBe(null);
    expect(photoFormatOf("notes", "")).toBe(null);
  });
});
