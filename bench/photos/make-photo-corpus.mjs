#!/usr/bin/env node
// make-photo-corpus.mjs — real image files with ground truth for the photo analysis (issue 19).
//
// Usage: node bench/photos/make-photo-corpus.mjs --dir DIR [--seed 1] [--bases 300] [--now MS]
//        node bench/photos/make-photo-corpus.mjs --dir DIR --twelve-mp 40 [--seed 1]
//
// Default mode: `--bases` distinct synthetic pictures (gradients, fractal-noise texture, shapes,
// text; some "minimal" ones with few edges; some blurry in their own right) in JPEG, PNG and
// WebP, half the JPEGs with camera EXIF. For some, variants: resized, recompressed, cropped a
// few percent, brightness shifted, re-encoded PNG↔JPEG, blurred at several radii. Plus app
// screenshots at device sizes (screenshot names in several languages, some plain names, some
// JPEG, half older than 30 days), camera JPEGs at screen sizes (not screenshots), byte copies,
// and two HEIC files no decoder here can read. Writes DIR.manifest.json beside DIR:
//   { seed, now, files: [{ path, family, variant, blurry, screenshot, oldScreenshot, camera, copyOf, undecodable }] }
// where files of one `family` are similar to each other (copies excepted: `copyOf` names the
// original, and they count as exact copies, not as similar photos).
// `--twelve-mp N`: N distinct 4000×3000 camera JPEGs (texture, quality 90) for the speed bench.
// Same seed, same files and manifest (timestamps are relative to --now).
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { photoScene, pick, renderScene, screenshotSvg, seededRandom } from "./scenes.mjs";

export { seededRandom };

const DAY = 24 * 60 * 60 * 1000;

// A few of the screen sizes the screenshot rule knows (src/domain/photos/screen-sizes.ts).
const SCREENS = [
  [1170, 2532], [1179, 2556], [1290, 2796], [750, 1334], [1125, 2436], [828, 1792], [1080, 2400], [1080, 2340],
  [1440, 3200], [1080, 1920], [720, 1600], [1620, 2160], [2048, 2732], [1920, 1080], [2560, 1440], [2880, 1800],
  [1366, 768], [1440, 900], [3024, 1964],
]; // prettier-ignore
const SCREEN_SET = new Set(SCREENS.flatMap(([w, h]) => [`${w}x${h}`, `${h}x${w}`]));
const CAMERAS = [
  ["Apple", "iPhone 13"],
  ["Google", "Pixel 7"],
  ["SAMSUNG", "SM-S911B"],
  ["Canon", "Canon EOS R6"],
  ["FUJIFILM", "X-T4"],
];
const ASPECTS = [
  [4, 3],
  [3, 2],
  [16, 9],
  [1, 1],
  [3, 4],
  [2, 3],
  [5, 4],
];
const SCREENSHOT_NAMES = [
  (d) => `Screenshot_${d.replace(/[-:T]/g, "").slice(0, 8)}-${d.slice(11, 19).replace(/:/g, "")}.png`,
  (d) => `Screen Shot ${d.slice(0, 10)} at ${d.slice(11, 19).replace(/:/g, ".")}.png`,
  (d) => `Screenshot ${d.slice(0, 10)} at ${d.slice(11, 19).replace(/:/g, ".")}.png`,
  (d) => `Bildschirmfoto ${d.slice(0, 10)} um ${d.slice(11, 19).replace(/:/g, ".")}.png`,
  (d) => `Capture d’écran ${d.slice(0, 10)} à ${d.slice(11, 19).replace(/:/g, ".")}.png`,
  (d) => `Captura de pantalla ${d.slice(0, 10)} ${d.slice(11, 19).replace(/:/g, "")}.png`,
];

const int = (random, lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

/** Width and height of a photo that is no device screen size (those belong to screenshots). */
function photoSize(random, longSide) {
  for (;;) {
    const [a, b] = pick(random, ASPECTS);
    const long = longSide ?? int(random, 900, 1800);
    const [w, h] = a >= b ? [long, Math.round((long * b) / a)] : [Math.round((long * a) / b), long];
    if (!SCREEN_SET.has(`${w}x${h}`)) return [w, h];
  }
}

function encode(image, format, random, camera) {
  const withCamera = camera ? image.withExif({ IFD0: { Make: camera[0], Model: camera[1] } }) : image;
  if (format === "png") return withCamera.png({ compressionLevel: 6 });
  if (format === "webp") return withCamera.webp({ quality: int(random, 75, 90) });
  return withCamera.jpeg({ quality: int(random, 82, 95), mozjpeg: false });
}

/** Gaussian sigma (px) for a blur of `perMille` ‰ of the longest side: blur relative to the picture. */
const sigmaFor = (w, h, perMille) => Math.max(0.3, (Math.max(w, h) * perMille) / 1000);

/** Blur strengths of the "blurred" variants and blurry originals, ‰ of the longest side. */
export const BLUR_PER_MILLE = [3, 5, 8];

/** A pool of `size` concurrent async jobs. */
async function pool(jobs, size) {
  let next = 0;
  await Promise.all(
    Array.from({ length: size }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
}

export async function makePhotoCorpus({ dir, seed = 1, bases = 300, now = Date.now(), concurrency = 2 }) {
  const random = seededRandom(seed);
  rmSync(dir, { recursive: true, force: true });
  const files = [];
  const jobs = [];
  // One job per family, writing its files in turn, so the picture is rendered once (the noise
  // texture is the slow part) and its pixels are freed when the family is done.
  let family = [];
  const flush = () => {
    const writes = family;
    family = [];
    if (writes.length > 0)
      jobs.push(async () => {
        for (const write of writes) await write();
      });
  };
  const add = (entry, write, mtime) => {
    files.push(entry);
    family.push(async () => {
      const path = join(dir, entry.path);
      mkdirSync(dirname(path), { recursive: true });
      await await write(path);
      utimesSync(path, mtime / 1000, mtime / 1000);
    });
  };
  /** The scene's pixels, rendered once on first use. */
  const renderOnce = (scene) => {
    let pixels = null;
    return async () => {
      pixels ??= renderScene(scene).then((image) => image.raw().toBuffer({ resolveWithObject: true }));
      const { data, info } = await pixels;
      return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    };
  };
  const photoTime = () => now - int(random, 1, 3 * 365) * DAY - int(random, 0, DAY);

  for (let family = 0; family < bases; family++) {
    flush();
    const [w, h] = photoSize(random);
    const minimal = random() < 0.12;
    const source = renderOnce(photoScene(random, w, h, { minimal }));
    const blurryBase = random() < 0.1 ? pick(random, BLUR_PER_MILLE) : 0;
    const format = random() < 0.7 ? "jpeg" : random() < 0.6 ? "png" : "webp";
    const camera = format === "jpeg" && random() < 0.6 ? pick(random, CAMERAS) : null;
    const ext = { jpeg: "jpg", png: "png", webp: "webp" }[format];
    const stem = camera ? `DSC_${String(1000 + family)}` : `IMG_${String(1000 + family)}`;
    const base = `${pick(random, ["Camera", "Camera", "Pictures", "WhatsApp Images", "Downloads"])}/${stem}.${ext}`;
    const rendered = async () => {
      const image = await source();
      return blurryBase ? image.blur(sigmaFor(w, h, blurryBase)) : image;
    };
    const baseTime = photoTime();
    add(
      {
        path: base,
        family,
        variant: minimal ? "base-minimal" : "base",
        blurry: blurryBase > 0,
        camera: Boolean(camera),
        width: w,
        height: h,
      },
      async (path) => encode(await rendered(), format, seededRandom(seed * 7919 + family), camera).toFile(path),
      baseTime,
    );
    if (random() >= 0.45) continue;
    const variants = int(random, 1, 3);
    for (let v = 0; v < variants; v++) {
      const kind = pick(random, ["resized", "recompressed", "cropped", "brightness", "reencoded", "blurred", "blurred"]);
      const keepExif = camera && random() < 0.5 ? camera : null;
      const vrandom = seededRandom(seed * 104729 + family * 31 + v);
      const entry = { family, variant: kind, blurry: blurryBase > 0, camera: Boolean(keepExif) };
      let build;
      let outFormat = format === "png" ? "png" : "jpeg";
      let [vw, vh] = [w, h];
      if (kind === "resized") {
        const scale = 0.35 + random() * 0.45;
        [vw, vh] = [Math.round(w * scale), Math.round(h * scale)];
        if (SCREEN_SET.has(`${vw}x${vh}`)) vw += 1;
        build = async () => (await rendered()).resize(vw, vh, { fit: "fill" });
      } else if (kind === "recompressed") {
        outFormat = "jpeg";
        const quality = int(random, 40, 70);
        build = () => rendered();
        entry.quality = quality;
      } else if (kind === "cropped") {
        const fraction = 0.02 + random() * 0.03;
        const left = Math.round(w * fraction * random());
        const top = Math.round(h * fraction * random());
        [vw, vh] = [Math.round(w * (1 - fraction)), Math.round(h * (1 - fraction))];
        if (SCREEN_SET.has(`${vw}x${vh}`)) vw -= 1;
        // Blur (if any) before the crop, as a camera would; sharp applies extract first otherwise.
        build = async () => sharp(await (await rendered()).png().toBuffer()).extract({ left, top, width: vw, height: vh });
        entry.crop = Number(fraction.toFixed(3));
      } else if (kind === "brightness") {
        const factor = random() < 0.5 ? 0.8 + random() * 0.1 : 1.1 + random() * 0.15;
        build = async () => (await rendered()).modulate({ brightness: factor });
        entry.brightness = Number(factor.toFixed(2));
      } else if (kind === "reencoded") {
        outFormat = format === "png" ? "jpeg" : "png";
        build = () => rendered();
      } else {
        const perMille = pick(random, BLUR_PER_MILLE);
        build = async () => (await source()).blur(sigmaFor(w, h, Math.max(perMille, blurryBase)));
        entry.blur = perMille;
        entry.blurry = true;
      }
      const vext = outFormat === "png" ? "png" : "jpg";
      entry.path = `${pick(random, ["Camera", "Edited", "Downloads", "WhatsApp Images"])}/${stem}-${kind}${v}.${vext}`;
      entry.width = vw;
      entry.height = vh;
      const quality = entry.quality;
      add(
        entry,
        async (path) => {
          const image = encode(await build(), outFormat, vrandom, keepExif);
          return (quality ? image.jpeg({ quality }) : image).toFile(path);
        },
        Math.min(now - DAY / 24, baseTime + int(random, 1, 90) * DAY),
      );
    }
  }

  flush();

  // Screenshots: app screens at device sizes.
  const screenshots = Math.max(20, Math.round(bases / 5));
  for (let i = 0; i < screenshots; i++) {
    const [w, h] = pick(random, SCREENS);
    const svg = Buffer.from(screenshotSvg(random, w, h));
    const old = random() < 0.5;
    const time = old ? now - int(random, 31, 700) * DAY : now - int(random, 0, 28) * DAY - int(random, 0, DAY);
    const plainName = random() < 0.15;
    const jpeg = random() < 0.15;
    let name = plainName ? `IMG_${5000 + i}.PNG` : pick(random, SCREENSHOT_NAMES)(new Date(time).toISOString());
    if (jpeg) name = name.replace(/\.png$/i, ".jpg");
    add(
      {
        path: `Screenshots/${name}`,
        family: null,
        variant: "screenshot",
        blurry: false,
        screenshot: true,
        oldScreenshot: old,
        camera: false,
        width: w,
        height: h,
      },
      (path) => (jpeg ? sharp(svg).jpeg({ quality: 90 }) : sharp(svg).png({ compressionLevel: 6 })).toFile(path),
      time,
    );
    flush();
  }

  // Camera JPEGs at screen sizes (16:9 video stills, old 1366×768 sensors): never screenshots.
  for (let i = 0; i < Math.max(4, Math.round(bases / 40)); i++) {
    const [w, h] = pick(random, [[1920, 1080], [1080, 1920], [2560, 1440], [1366, 768]]); // prettier-ignore
    const scene = photoScene(random, w, h);
    const camera = pick(random, CAMERAS);
    const family = bases + i;
    add(
      { path: `Camera/VID_STILL_${i}.jpg`, family, variant: "camera-at-screen-size", blurry: false, camera: true, width: w, height: h },
      async (path) => encode(await renderScene(scene), "jpeg", seededRandom(family), camera).toFile(path),
      photoTime(),
    );
    flush();
  }

  flush();
  await pool(jobs, concurrency);

  // Byte-identical copies of some photos (backups), newer than their original.
  const copyable = files.filter((f) => f.variant !== "screenshot");
  const copies = [];
  for (let i = 0; i < Math.max(3, Math.round(bases / 20)); i++) {
    const original = pick(random, copyable);
    const path = `Backup/${i}/${original.path.split("/").pop()}`;
    if (copies.some((c) => c.path === path)) continue;
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    copyFileSync(join(dir, original.path), join(dir, path));
    const time = now - int(random, 0, 30) * DAY;
    utimesSync(join(dir, path), time / 1000, time / 1000);
    copies.push({ ...original, path, copyOf: original.path });
  }
  files.push(...copies);
  markAccidentalCopies(dir, files);

  // HEIC files no decoder here reads (sharp's prebuilt libheif has no HEVC): reported as skipped.
  for (let i = 0; i < 2; i++) {
    const path = join(dir, "Camera", `IMG_HEIC_${i}.HEIC`);
    const ftyp = Buffer.from([0, 0, 0, 24, ...Buffer.from("ftypheic"), 0, 0, 0, 0, ...Buffer.from("mif1heic")]);
    writeFileSync(path, Buffer.concat([ftyp, Buffer.from(Array.from({ length: 4000 }, () => int(random, 0, 255)))]));
    files.push({ path: `Camera/IMG_HEIC_${i}.HEIC`, family: null, variant: "heic", undecodable: true, blurry: false, camera: false });
  }

  const manifest = {
    seed,
    bases,
    now,
    files: files.map((f) => ({ screenshot: false, oldScreenshot: false, copyOf: null, undecodable: false, ...f })),
  };
  writeFileSync(`${dir}.manifest.json`, JSON.stringify(manifest, null, 1));
  return manifest;
}

/**
 * Two variants can come out byte-identical (two blurs of one strength at one quality): they are
 * exact copies, as the scan will find. Marks every such file but the original — the scan's own
 * rule: oldest, then shortest path, then first by code unit — as a copy of it.
 */
function markAccidentalCopies(dir, files) {
  const byContent = new Map();
  for (const f of files) {
    const key = createHash("sha256")
      .update(readFileSync(join(dir, f.path)))
      .digest("hex");
    byContent.set(key, [...(byContent.get(key) ?? []), f]);
  }
  for (const members of byContent.values()) {
    if (members.length < 2) continue;
    const mtime = (f) => statSync(join(dir, f.path)).mtimeMs;
    const [original, ...others] = members.sort(
      (a, b) => mtime(a) - mtime(b) || a.path.length - b.path.length || (a.path < b.path ? -1 : 1),
    );
    original.copyOf = null;
    for (const f of others) f.copyOf = original.path;
  }
}

/** N distinct 12-megapixel camera JPEGs: rendered at 1000×750, enlarged, with sensor-like noise. */
export async function makeTwelveMegapixel({ dir, seed = 1, count = 40, concurrency = 2 }) {
  const random = seededRandom(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const jobs = Array.from({ length: count }, (_, i) => {
    const scene = photoScene(random, 1000, 750);
    const camera = pick(random, CAMERAS);
    return async () => {
      const pixels = await (await renderScene(scene)).resize(4000, 3000, { kernel: "lanczos3" }).raw().toBuffer();
      const noise = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 6 } } })
        .raw()
        .toBuffer();
      for (let k = 0; k < pixels.length; k++) pixels[k] = Math.max(0, Math.min(255, pixels[k] + noise[k] - 128));
      await sharp(pixels, { raw: { width: 4000, height: 3000, channels: 3 } })
        .withExif({ IFD0: { Make: camera[0], Model: camera[1] } })
        .jpeg({ quality: 90 })
        .toFile(join(dir, `IMG_${String(i).padStart(4, "0")}.jpg`));
    };
  });
  await pool(jobs, concurrency);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const opt = { seed: "1", bases: "300", dir: null, now: String(Date.now()), "twelve-mp": null };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[++i];
  if (!opt.dir) throw new Error("--dir DIR is required");
  const started = Date.now();
  if (opt["twelve-mp"]) {
    await makeTwelveMegapixel({ dir: opt.dir, seed: Number(opt.seed), count: Number(opt["twelve-mp"]) });
    console.log(`${opt["twelve-mp"]} 12-MP JPEGs in ${opt.dir} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } else {
    const m = await makePhotoCorpus({ dir: opt.dir, seed: Number(opt.seed), bases: Number(opt.bases), now: Number(opt.now) });
    console.log(
      `${m.files.length} files in ${opt.dir}, manifest ${opt.dir}.manifest.json (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
}
