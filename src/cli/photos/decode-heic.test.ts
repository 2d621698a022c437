import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { analyseRgba } from "../../domain/photos/index";
import { decodePhoto } from "./decode-photo";
import { loadSharp } from "./load-sharp";

const HEIC = fileURLToPath(new URL("../../scan/photos/fixtures/chelsea.heic", import.meta.url));

describe("decodePhoto on a HEIC photo (issue 37)", () => {
  it("decodes it through libheif where sharp has no HEVC decoder, and analyses it as a photo", async () => {
    const decoded = await decodePhoto(await loadSharp(), HEIC, "reduced");
    expect([decoded.width, decoded.height]).toEqual([451, 300]);
    expect([decoded.rgba.width, decoded.rgba.height]).toEqual([451, 300]);
    const measures = analyseRgba(decoded.rgba, decoded);
    expect(measures.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(measures.graphic).toBe(false);
    // The cat's fur and whiskers: a sharp photo, not a blurred one.
    expect(measures.detail).toBeGreaterThan(0.45);
  });
});
