// Synthetic pictures as SVG for the photo corpus (issue 19): varied enough that distinct
// scenes hash apart, like real photos — gradients, texture (feTurbulence noise), shapes and
// text for "photos", and app-like layouts for screenshots. Every choice comes from `random`.

import sharp from "sharp";

/** Deterministic pseudo-random numbers (mulberry32). */
export function seededRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ["harbour", "morning", "Lisbon", "garden", "train", "sunset", "Oma", "birthday", "market", "bridge", "snow", "forest"];
const UI_WORDS = ["Inbox", "Settings", "Messages", "Today", "Search", "Photos", "Music", "Maps", "Wallet", "Notes", "Weather", "Files"];

export const pick = (random, list) => list[Math.floor(random() * list.length)];
const int = (random, lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const colour = (random) => `rgb(${int(random, 0, 255)},${int(random, 0, 255)},${int(random, 0, 255)})`;
const escape = (text) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function background(random, w, h, id) {
  const kind = pick(random, ["linear", "radial"]);
  const count = int(random, 2, 3);
  const stops = Array.from({ length: count }, (_, i) => `<stop offset="${i / (count - 1)}" stop-color="${colour(random)}"/>`);
  const [a, b] = [random().toFixed(2), random().toFixed(2)];
  const gradient =
    kind === "linear"
      ? `<linearGradient id="g${id}" x1="0" y1="0" x2="${a}" y2="${b}">${stops.join("")}</linearGradient>`
      : `<radialGradient id="g${id}" cx="${a}" cy="${b}" r="0.8">${stops.join("")}</radialGradient>`;
  return `<defs>${gradient}</defs><rect width="${w}" height="${h}" fill="url(#g${id})"/>`;
}

/**
 * Fractal value noise (foliage, sand, cloud) as grey RGBA pixels with the given opacity: a few
 * octaves of smoothly interpolated random grids. Drawn in JS because librsvg's feTurbulence
 * takes seconds per picture.
 */
export function textureLayer({ seed, cell, octaves, opacity }, w, h) {
  const random = seededRandom(seed);
  const out = new Float32Array(w * h);
  let amplitude = 1;
  let total = 0;
  for (let o = 0; o < octaves; o++) {
    const size = Math.max(2, cell / 2 ** o);
    const gw = Math.ceil(w / size) + 2;
    const gh = Math.ceil(h / size) + 2;
    const grid = Float32Array.from({ length: gw * gh }, () => random());
    for (let y = 0; y < h; y++) {
      const gy = y / size;
      const y0 = Math.floor(gy);
      const ty = gy - y0;
      const sy = ty * ty * (3 - 2 * ty);
      for (let x = 0; x < w; x++) {
        const gx = x / size;
        const x0 = Math.floor(gx);
        const tx = gx - x0;
        const sx = tx * tx * (3 - 2 * tx);
        const i = y0 * gw + x0;
        const top = grid[i] + (grid[i + 1] - grid[i]) * sx;
        const bottom = grid[i + gw] + (grid[i + gw + 1] - grid[i + gw]) * sx;
        out[y * w + x] += amplitude * (top + (bottom - top) * sy);
      }
    }
    total += amplitude;
    amplitude /= 2;
  }
  const rgba = Buffer.alloc(w * h * 4);
  const alpha = Math.round(opacity * 255);
  for (let i = 0; i < w * h; i++) {
    const v = Math.round((out[i] / total) * 255);
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = alpha;
  }
  return rgba;
}

function shape(random, w, h) {
  const s = Math.max(w, h);
  const x = int(random, 0, w);
  const y = int(random, 0, h);
  const fill = colour(random);
  const opacity = random() < 0.3 ? ` opacity="${(0.5 + random() * 0.5).toFixed(2)}"` : "";
  const stroke = random() < 0.3 ? ` stroke="${colour(random)}" stroke-width="${int(random, 2, Math.ceil(s / 100))}"` : "";
  switch (pick(random, ["rect", "circle", "ellipse", "polygon", "line"])) {
    case "rect":
      return `<rect x="${x}" y="${y}" width="${int(random, s / 20, s / 3)}" height="${int(random, s / 20, s / 3)}" rx="${int(random, 0, s / 40)}" fill="${fill}"${opacity}${stroke} transform="rotate(${int(random, -40, 40)} ${x} ${y})"/>`;
    case "circle":
      return `<circle cx="${x}" cy="${y}" r="${int(random, s / 40, s / 6)}" fill="${fill}"${opacity}${stroke}/>`;
    case "ellipse":
      return `<ellipse cx="${x}" cy="${y}" rx="${int(random, s / 30, s / 5)}" ry="${int(random, s / 30, s / 6)}" fill="${fill}"${opacity}${stroke}/>`;
    case "polygon": {
      const points = Array.from({ length: int(random, 3, 6) }, () => `${x + int(random, -s / 6, s / 6)},${y + int(random, -s / 6, s / 6)}`);
      return `<polygon points="${points.join(" ")}" fill="${fill}"${opacity}${stroke}/>`;
    }
    default:
      return `<line x1="${x}" y1="${y}" x2="${int(random, 0, w)}" y2="${int(random, 0, h)}" stroke="${fill}" stroke-width="${int(random, 2, Math.ceil(s / 60))}"/>`;
  }
}

function text(random, w, h) {
  const size = int(random, Math.max(w, h) / 40, Math.max(w, h) / 12);
  const words = Array.from({ length: int(random, 1, 3) }, () => pick(random, WORDS)).join(" ");
  const family = pick(random, ["DejaVu Sans", "DejaVu Serif", "Liberation Sans", "Liberation Mono"]);
  return `<text x="${int(random, 0, w * 0.6)}" y="${int(random, size, h)}" font-family="${family}" font-size="${size}" font-weight="${pick(random, ["normal", "bold"])}" fill="${colour(random)}">${escape(words)}</text>`;
}

/**
 * A "photo": a gradient, often a noise texture over it, then shapes and text. `minimal` draws
 * few elements and no texture (sky, a wall): the hard case for a blur measure that lives on
 * edges. Returns the parts; `renderScene` draws them.
 */
export function photoScene(random, w, h, { minimal = false } = {}) {
  const id = int(random, 0, 1e9);
  const back = background(random, w, h, id);
  const texture =
    !minimal && random() < 0.6
      ? {
          seed: int(random, 1, 1e9),
          cell: (Math.max(w, h) / 1000) * int(random, 20, 160),
          octaves: int(random, 2, 5),
          opacity: 0.25 + random() * 0.45,
        }
      : null;
  const parts = [];
  const shapes = minimal ? int(random, 1, 2) : int(random, 4, 14);
  for (let i = 0; i < shapes; i++) parts.push(shape(random, w, h));
  const texts = minimal ? 0 : int(random, 0, 3);
  for (let i = 0; i < texts; i++) parts.push(text(random, w, h));
  const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
  return { width: w, height: h, background: svg(back), texture, foreground: svg(parts.join("")) };
}

/** The scene's pixels as a sharp image (RGB, raw underneath: encode it as you like). */
export async function renderScene(scene) {
  const { width, height } = scene;
  const layers = [];
  if (scene.texture) layers.push({ input: textureLayer(scene.texture, width, height), raw: { width, height, channels: 4 } });
  layers.push({ input: Buffer.from(scene.foreground) });
  const { data, info } = await sharp(Buffer.from(scene.background))
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** An app screen: status bar, title, a list or a grid of cards, a tab bar — flat colours and crisp text. */
export function screenshotSvg(random, w, h) {
  const unit = Math.min(w, h) / 20;
  const dark = random() < 0.3;
  const bg = dark ? "#111" : pick(random, ["#fff", "#f4f4f6", "#fafafa"]);
  const ink = dark ? "#eee" : "#111";
  const accent = colour(random);
  const parts = [`<rect width="${w}" height="${h}" fill="${bg}"/>`];
  parts.push(`<rect width="${w}" height="${unit * 1.6}" fill="${dark ? "#000" : accent}"/>`);
  parts.push(
    `<text x="${unit}" y="${unit * 1.1}" font-family="DejaVu Sans" font-size="${unit * 0.7}" fill="#fff">${int(random, 0, 23)}:${String(int(random, 0, 59)).padStart(2, "0")}</text>`,
  );
  parts.push(
    `<text x="${unit}" y="${unit * 3.6}" font-family="DejaVu Sans" font-weight="bold" font-size="${unit * 1.3}" fill="${ink}">${pick(random, UI_WORDS)}</text>`,
  );
  let y = unit * 5;
  const layout = pick(random, ["list", "cards", "chat", "photo-grid"]);
  while (y < h - unit * 4) {
    if (layout === "list") {
      parts.push(`<circle cx="${unit * 1.8}" cy="${y + unit}" r="${unit * 0.8}" fill="${colour(random)}"/>`);
      parts.push(
        `<text x="${unit * 3.4}" y="${y + unit * 0.9}" font-family="DejaVu Sans" font-size="${unit * 0.75}" fill="${ink}">${pick(random, UI_WORDS)} ${pick(random, WORDS)}</text>`,
      );
      parts.push(
        `<rect x="${unit * 3.4}" y="${y + unit * 1.3}" width="${int(random, unit * 4, w - unit * 5)}" height="${unit * 0.35}" rx="${unit * 0.15}" fill="${dark ? "#555" : "#ccc"}"/>`,
      );
      parts.push(`<rect x="0" y="${y + unit * 2.3}" width="${w}" height="1" fill="${dark ? "#333" : "#ddd"}"/>`);
      y += unit * 2.5;
    } else if (layout === "cards") {
      const cardH = int(random, unit * 3, unit * 7);
      parts.push(`<rect x="${unit}" y="${y}" width="${w - 2 * unit}" height="${cardH}" rx="${unit * 0.5}" fill="${colour(random)}"/>`);
      parts.push(
        `<text x="${unit * 1.6}" y="${y + unit * 1.4}" font-family="DejaVu Sans" font-size="${unit * 0.8}" fill="#fff">${pick(random, WORDS)}</text>`,
      );
      y += cardH + unit * 0.6;
    } else if (layout === "chat") {
      const mine = random() < 0.5;
      const bw = int(random, unit * 5, w * 0.7);
      parts.push(
        `<rect x="${mine ? w - bw - unit : unit}" y="${y}" width="${bw}" height="${unit * 1.8}" rx="${unit * 0.8}" fill="${mine ? accent : dark ? "#333" : "#e5e5ea"}"/>`,
      );
      parts.push(
        `<text x="${(mine ? w - bw - unit : unit) + unit * 0.6}" y="${y + unit * 1.2}" font-family="DejaVu Sans" font-size="${unit * 0.7}" fill="${mine ? "#fff" : ink}">${pick(random, WORDS)} ${pick(random, WORDS)}</text>`,
      );
      y += unit * 2.3;
    } else {
      const cell = (w - unit) / 3;
      for (let c = 0; c < 3; c++)
        parts.push(`<rect x="${unit / 2 + c * cell + 2}" y="${y}" width="${cell - 4}" height="${cell - 4}" fill="${colour(random)}"/>`);
      y += cell;
    }
  }
  parts.push(`<rect y="${h - unit * 3}" width="${w}" height="${unit * 3}" fill="${dark ? "#1c1c1e" : "#f8f8f8"}"/>`);
  for (let i = 0; i < 4; i++)
    parts.push(`<circle cx="${(w / 4) * (i + 0.5)}" cy="${h - unit * 1.6}" r="${unit * 0.6}" fill="${i === 0 ? accent : "#999"}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join("")}</svg>`;
}
