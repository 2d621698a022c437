import type { GreyImage } from "../../domain/photos/index";
import { blur, greyScene } from "../../domain/testing/grey-scenes";
import { fitInside } from "../photos/analysis-size";
import type { PhotoStageOptions } from "../photos/photo-stage";
import type { MemoryFile } from "./memory-source";

let sizes = 0;

/**
 * Test-only: a PNG whose header says width × height; byte 40 names the test scene (a
 * grey-scenes picture) and byte 41 blurs it. Each is of a size of its own, so the duplicate
 * pass reads none of them unless a test copies one.
 */
export function fakePng(
  path: string,
  width: number,
  height: number,
  scene: number,
  options: { blurred?: boolean; modified?: number } = {},
): MemoryFile {
  const bytes = new Uint8Array(64 + sizes++);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes[40] = scene;
  bytes[41] = options.blurred ? 1 : 0;
  return { path, bytes, modified: options.modified ?? Date.UTC(2025, 0, 1), type: "image/png" };
}

export interface DecodeLog {
  decoded: string[];
  inFlight: number;
  maxInFlight: number;
}

export const newDecodeLog = (): DecodeLog => ({ decoded: [], inFlight: 0, maxInFlight: 0 });

/** Test-only: stands in for the platform decoder, drawing the scene a fakePng names at the analysis size. HEIC is "unsupported". */
export function fakeDecoder(log: DecodeLog = newDecodeLog()): PhotoStageOptions<MemoryFile> {
  return {
    supports: (format) => format !== "heic",
    async decode(entry, _format, original, edge) {
      log.decoded.push(entry.path);
      log.maxInFlight = Math.max(log.maxInFlight, ++log.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.inFlight--;
      const size = fitInside(original!, edge);
      // A camera's sensor noise (±2 levels), before any blur: a noiseless scene is flat like a drawing.
      const scene = withNoise(greyScene(entry.ref.bytes[40]!, size.width, size.height));
      const grey = entry.ref.bytes[41] ? blur(scene, 6) : scene;
      const rgba = new Uint8Array(grey.data.length * 4);
      grey.data.forEach((v, i) => rgba.set([v, v, v, 255], i * 4));
      return { ...original!, rgba: { width: grey.width, height: grey.height, data: rgba } };
    },
  };
}

function withNoise(grey: GreyImage): GreyImage {
  let seed = 12345;
  const data = grey.data.map((v) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return Math.min(255, Math.max(0, v + (seed % 5) - 2));
  });
  return { ...grey, data };
}
