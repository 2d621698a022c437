import { resampleArea, type GreyImage } from "./grey-image";
import { CROP_WINDOW } from "./thresholds";

const SIDE = 32;
const LOW = 8;

/** cos((2x+1)uπ / 2N) for the 8 lowest frequencies u of a 32-point DCT-II. */
const COSINES: Float64Array = (() => {
  const table = new Float64Array(LOW * SIDE);
  for (let u = 0; u < LOW; u++) for (let x = 0; x < SIDE; x++) table[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  return table;
})();

/**
 * 64-bit DCT perceptual hash (issue 19): the image averaged down to 32×32 (aspect ignored,
 * so a resized copy lands on the same grid), its 2-D DCT, the 8×8 lowest frequencies, one
 * bit per coefficient above their median. Low frequencies carry the layout of the picture,
 * not its pixels: resizing, recompression, small crops and a brightness shift (which only
 * moves the DC term) leave most bits alone. 16 lowercase hex digits, row-major from u=v=0.
 */
export function perceptualHash(grey: GreyImage): string {
  return hashOfSmall(resampleArea(grey, SIDE, SIDE));
}

/**
 * The hash of the picture and of the picture turned a quarter, a half and three quarters
 * (issue 37): a copy turned in its pixels has, as its own hash, one of the original's turned
 * hashes. The 32×32 grid is turned, so the aspect-ignoring resample is shared: turning and
 * area-averaging commute.
 */
export function turnedHashes(grey: GreyImage): [string, string, string, string] {
  let small = resampleArea(grey, SIDE, SIDE);
  const hashes: string[] = [];
  for (let turn = 0; turn < 4; turn++) {
    hashes.push(hashOfSmall(small));
    small = quarterTurn(small);
  }
  return hashes as [string, string, string, string];
}

/**
 * The hashes of five windows of the picture, each CROP_WINDOW of its width and height: its
 * four corners and its centre, concatenated (80 hex digits). A copy cropped by a few percent
 * at any offset shows nearly what one of them shows, so its own hash lies near one of these
 * (issue 37), where the whole picture's low frequencies have moved too far.
 */
export function windowHashes(grey: GreyImage): string {
  const width = grey.width * CROP_WINDOW;
  const height = grey.height * CROP_WINDOW;
  const right = grey.width - width;
  const bottom = grey.height - height;
  const corners: [number, number][] = [
    [0, 0],
    [right, 0],
    [0, bottom],
    [right, bottom],
    [right / 2, bottom / 2],
  ];
  // Five area-averages to 32×32 from one summed-area table: each cell's mean is four
  // look-ups, not a resample of the window's pixels.
  const area = areaSums(grey);
  const small = new Float64Array(SIDE * SIDE);
  const cellWidth = width / SIDE;
  const cellHeight = height / SIDE;
  let hashes = "";
  for (const [left, top] of corners) {
    for (let y = 0; y < SIDE; y++) {
      const y0 = top + y * cellHeight;
      for (let x = 0; x < SIDE; x++) {
        const x0 = left + x * cellWidth;
        small[y * SIDE + x] = area.sum(x0, y0, x0 + cellWidth, y0 + cellHeight) / (cellWidth * cellHeight);
      }
    }
    hashes += hashOfSmall(small);
  }
  return hashes;
}

/**
 * The grey image's summed-area table, and the sum over any rectangle with fractional edges
 * (each pixel counted by the share of it the rectangle covers, as resampleArea does). Within a
 * pixel the running sum is bilinear in x and y, so interpolating the table is exact.
 */
function areaSums(grey: GreyImage): { sum(x0: number, y0: number, x1: number, y1: number): number } {
  const { width, height, data } = grey;
  const stride = width + 1;
  const table = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += data[y * width + x]!;
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1]! + row;
    }
  }
  const at = (x: number, y: number): number => {
    const i = Math.min(Math.floor(x), width - 1);
    const j = Math.min(Math.floor(y), height - 1);
    const fx = x - i;
    const fy = y - j;
    const top = table[j * stride + i]! * (1 - fx) + table[j * stride + i + 1]! * fx;
    const bottom = table[(j + 1) * stride + i]! * (1 - fx) + table[(j + 1) * stride + i + 1]! * fx;
    return top * (1 - fy) + bottom * fy;
  };
  return { sum: (x0, y0, x1, y1) => at(x1, y1) - at(x0, y1) - at(x1, y0) + at(x0, y0) };
}

/** The SIDE×SIDE grid turned 90° clockwise. */
function quarterTurn(small: Float64Array): Float64Array {
  const turned = new Float64Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++) for (let x = 0; x < SIDE; x++) turned[x * SIDE + (SIDE - 1 - y)] = small[y * SIDE + x]!;
  return turned;
}

function hashOfSmall(small: Float64Array): string {
  // Separable DCT, low frequencies only: rows first (32×8), then columns (8×8).
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += small[y * SIDE + x]! * COSINES[u * SIDE + x]!;
      rows[y * LOW + u] = sum;
    }
  }
  const coefficients = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += rows[y * LOW + u]! * COSINES[v * SIDE + y]!;
      coefficients[v * LOW + u] = sum;
    }
  }
  const median = medianOf(coefficients);
  let hex = "";
  for (let nibble = 0; nibble < 16; nibble++) {
    let value = 0;
    for (let bit = 0; bit < 4; bit++) value = (value << 1) | (coefficients[nibble * 4 + bit]! > median ? 1 : 0);
    hex += value.toString(16);
  }
  return hex;
}

function medianOf(values: Float64Array): number {
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The hash as four 16-bit words, most significant first (the multi-index keys). */
export function hashWords(hash: string): [number, number, number, number] {
  return [0, 4, 8, 12].map((at) => parseInt(hash.slice(at, at + 4), 16) || 0) as [number, number, number, number];
}

export function popcount16(x: number): number {
  x -= (x >>> 1) & 0x5555;
  x = (x & 0x3333) + ((x >>> 2) & 0x3333);
  x = (x + (x >>> 4)) & 0x0f0f;
  return (x + (x >>> 8)) & 0x1f;
}

/** Bits that differ between two hashes (0–64). */
export function hammingDistance(a: string, b: string): number {
  const wa = hashWords(a);
  const wb = hashWords(b);
  return popcount16(wa[0] ^ wb[0]) + popcount16(wa[1] ^ wb[1]) + popcount16(wa[2] ^ wb[2]) + popcount16(wa[3] ^ wb[3]);
}
