/**
 * Real image files for the photo journeys (issue 19), made with sharp in the test: textured
 * scenes (a gradient, a few blocks and fine noise, so each is sharp and hashes apart from the
 * others), a smaller re-encoded copy of one (similar), a strongly blurred scene (blurry), a
 * byte copy (exact), and a phone screenshot (flat UI at a device size, named like one).
 */
import sharp from "sharp";

export interface PhotoFile {
  path: string;
  bytes: Buffer;
}

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** RGB pixels of scene `seed`: the layout scales with the size, so one seed at two sizes is one picture. */
function scene(seed: number, width: number, height: number): Buffer {
  const random = seeded(seed);
  const base = [random() * 255, random() * 255, random() * 255];
  const blocks = Array.from({ length: 7 }, () => ({
    x: random(),
    y: random(),
    w: 0.1 + random() * 0.35,
    h: 0.1 + random() * 0.35,
    rgb: [random() * 255, random() * 255, random() * 255],
  }));
  const noise = seeded(seed * 7919);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      let rgb = [base[0]! * (1 - u) + 40 * v, base[1]! * (1 - v) + 60 * u, base[2]! * 0.5 + 80 * u * v];
      for (const b of blocks) if (u >= b.x && u < b.x + b.w && v >= b.y && v < b.y + b.h) rgb = b.rgb;
      const grain = (noise() - 0.5) * 50;
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, Math.round(rgb[c]! + grain)));
    }
  }
  return pixels;
}

const raw = (seed: number, width: number, height: number) => sharp(scene(seed, width, height), { raw: { width, height, channels: 3 } });

/** A phone screenshot: flat bars and cards at an iPhone's pixel size. */
async function screenshot(): Promise<Buffer> {
  const [w, h] = [1170, 2532];
  const cards = Array.from({ length: 6 }, (_, i) => `<rect x="60" y="${360 + i * 340}" width="1050" height="280" rx="40" fill="#eef1f6"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="#ffffff"/><rect width="100%" height="260" fill="#1f6feb"/>${cards.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * The folder: Photos/beach.jpg (1600×1200, the best shot) and Photos/beach small.jpg (800×600,
 * more compressed: similar); Photos/shaky.jpg (blurred); Photos/forest.jpg and its byte copy
 * Backup/forest.jpg; Photos/city.jpg and Photos/garden.png (distinct); and a screenshot.
 */
export async function makePhotoFolder(): Promise<PhotoFile[]> {
  const forest = await raw(3, 1600, 1200).jpeg({ quality: 88 }).toBuffer();
  return [
    { path: "Photos/beach.jpg", bytes: await raw(1, 1600, 1200).jpeg({ quality: 92 }).toBuffer() },
    { path: "Photos/beach small.jpg", bytes: await raw(1, 1600, 1200).resize(800, 600).jpeg({ quality: 70 }).toBuffer() },
    { path: "Photos/shaky.jpg", bytes: await raw(2, 1600, 1200).blur(12).jpeg({ quality: 90 }).toBuffer() },
    { path: "Photos/forest.jpg", bytes: forest },
    { path: "Photos/city.jpg", bytes: await raw(4, 1200, 1600).jpeg({ quality: 90 }).toBuffer() },
    { path: "Photos/garden.png", bytes: await raw(5, 900, 600).png().toBuffer() },
    { path: "Pictures/Screenshot 2026-01-15 at 10.12.44.png", bytes: await screenshot() },
    { path: "Backup/forest.jpg", bytes: forest },
  ];
}
