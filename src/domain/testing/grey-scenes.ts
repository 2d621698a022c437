import type { GreyImage } from "../photos/grey-image";
import type { PhotoFacts } from "../photos/photo-facts";

/** Deterministic pseudo-random numbers for test scenes (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A grey test picture: a gradient with a few rectangles and discs whose layout depends on
 * `seed`, drawn in scene coordinates so the same seed at another size is the same picture.
 */
export function greyScene(seed: number, width: number, height: number): GreyImage {
  const random = seededRandom(seed);
  const shapes = Array.from({ length: 6 }, () => ({
    disc: random() < 0.5,
    x: random(),
    y: random(),
    r: 0.08 + random() * 0.2,
    level: Math.floor(random() * 256),
  }));
  const slope = random() * 120;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = (x + 0.5) / width;
      const v = (y + 0.5) / height;
      let level = 60 + slope * u + 40 * v;
      for (const s of shapes) {
        const inside = s.disc ? (u - s.x) ** 2 + (v - s.y) ** 2 < s.r * s.r : Math.abs(u - s.x) < s.r && Math.abs(v - s.y) < s.r / 2;
        if (inside) level = s.level;
      }
      data[y * width + x] = Math.max(0, Math.min(255, Math.round(level)));
    }
  }
  return { width, height, data };
}

/** Each pixel plus `delta`, clamped. */
export function brighten(grey: GreyImage, delta: number): GreyImage {
  return { ...grey, data: grey.data.map((p) => Math.max(0, Math.min(255, p + delta))) };
}

/** A box blur of the given radius, repeated three times (close to a Gaussian). */
export function blur(grey: GreyImage, radius: number): GreyImage {
  let data = Float64Array.from(grey.data);
  const { width, height } = grey;
  for (let pass = 0; pass < 6; pass++) {
    const horizontal = pass % 2 === 0;
    const out = new Float64Array(data.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let n = 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = horizontal ? x + k : x;
          const yy = horizontal ? y : y + k;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += data[yy * width + xx]!;
          n++;
        }
        out[y * width + x] = sum / n;
      }
    }
    data = out;
  }
  return { width, height, data: Uint8Array.from(data, (p) => Math.round(p)) };
}

/** Cuts `fraction` of the width and height off the edges (half each side). */
export function crop(grey: GreyImage, fraction: number): GreyImage {
  const dx = Math.round((grey.width * fraction) / 2);
  const dy = Math.round((grey.height * fraction) / 2);
  const width = grey.width - 2 * dx;
  const height = grey.height - 2 * dy;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(grey.data.subarray((y + dy) * grey.width + dx, (y + dy) * grey.width + dx + width), y * width);
  return { width, height, data };
}

let nextId = 1;

/** A PhotoFacts with plausible defaults: a sharp 4032×3024 camera JPEG. */
export function buildPhotoFacts(overrides: Partial<PhotoFacts> = {}): PhotoFacts {
  const id = overrides.id ?? nextId++;
  return {
    id,
    path: `DCIM/IMG_${id}.jpg`,
    name: `IMG_${id}.jpg`,
    size: 3_000_000,
    modified: Date.UTC(2024, 0, 1),
    format: "jpeg",
    width: 4032,
    height: 3024,
    hash: "0123456789abcdef",
    sharpness: 500,
    camera: true,
    exactGroup: null,
    ...overrides,
  };
}
