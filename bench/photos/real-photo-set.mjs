#!/usr/bin/env node
// real-photo-set.mjs — assembles the real-photo evaluation set (issue 37) in /tmp from
// photographs, graphics and documents that Debian packages install, with the variants people
// make of their photos and a manifest of the true classes. Nothing here is generated: every
// base picture is a real photograph, icon, drawing or rendered page.
//
//   apt-get install -y mate-backgrounds lomiri-wallpapers-20.04 python3-skimage \
//     plasma-workspace-wallpapers ukui-wallpapers adwaita-icon-theme papirus-icon-theme chromium
//   node bench/photos/real-photo-set.mjs [--out /tmp/cleanspace-real-photos] [--force]
//
// Licences (each package's /usr/share/doc/<pkg>/copyright): mate-backgrounds (GPL-2+ and
// CC-BY-SA), lomiri-wallpapers-20.04 (CC-BY-SA 4.0), plasma-workspace-wallpapers (LGPL-3 /
// CC-BY-SA), scikit-image's data (CC0 / public domain, skimage/data/README.txt), ukui-wallpapers
// (GPL-3+), Adwaita (LGPL-3 / CC-BY-SA 3.0), Papirus (GPL-3). Nothing from here is committed:
// the set is rebuilt from the installed packages.
//
// The set is split by SOURCE picture into two halves (A: tune, B: held out): every variant
// of a photo lives in the half of its source, so no threshold sees the held-out pictures.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { basename, join } from "node:path";
import sharp from "sharp";

const opt = { out: "/tmp/cleanspace-real-photos" };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++)
  if (argv[i].startsWith("--")) opt[argv[i].slice(2)] = argv[i + 1]?.startsWith("--") || argv[i + 1] === undefined ? true : argv[++i];

const SKIMAGE = "/usr/lib/python3/dist-packages/skimage/data";
const MATE = "/usr/share/backgrounds/mate";

/** Real photographs (checked by eye: the renders and drawings of these packages are not here). */
const PHOTOS = [
  ...[
    "Aqua",
    "Blinds",
    "Dune",
    "FreshFlower",
    "Garden",
    "GreenMeadow",
    "LadyBird",
    "RainDrops",
    "Storm",
    "TwoWings",
    "Wood",
    "YellowFlower",
  ].map((n) => `${MATE}/nature/${n}.jpg`),
  `${MATE}/abstract/Elephants.jpg`,
  "/usr/share/backgrounds/Kleiber_by_Lukas_Baubkus.jpg",
  "/usr/share/backgrounds/Infinite-Sea_by_Aury88.jpg",
  ...[
    "astronaut",
    "brick",
    "camera",
    "chelsea",
    "coffee",
    "coins",
    "grass",
    "gravel",
    "ihc",
    "moon",
    "motorcycle_left",
    "page",
    "text",
  ].map((n) => `${SKIMAGE}/${n}.png`),
  ...["hubble_deep_field", "retina", "rocket"].map((n) => `${SKIMAGE}/${n}.jpg`),
  ...plasmaPhotos(),
];

/** Plasma's wallpapers that are photographs (the package ships renders too). */
function plasmaPhotos() {
  return plasmaBiggest([
    "BytheWater",
    "ColdRipple",
    "ColorfulCups",
    "DarkestHour",
    "EveningGlow",
    "FallenLeaf",
    "Grey",
    "Kite",
    "OneStandsOut",
    "Path",
    "Volna",
    "summer_1am",
  ]);
}

function plasmaBiggest(names) {
  const root = "/usr/share/wallpapers";
  const found = [];
  for (const name of names) {
    const dir = join(root, name, "contents", "images");
    if (!existsSync(dir)) continue;
    // The largest size the package ships of it.
    const biggest = readdirSync(dir)
      .map((f) => join(dir, f))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0];
    if (biggest) found.push(biggest);
  }
  return found;
}

/** Drawings and logos (flat colour, few tones): graphics, like the icons. */
const DRAWINGS = [
  `${SKIMAGE}/horse.png`,
  `${SKIMAGE}/logo.png`,
  `${SKIMAGE}/color.png`,
  `${SKIMAGE}/bw_text.png`,
  `${SKIMAGE}/phantom.png`,
  "/usr/share/backgrounds/ukui/city.png",
  "/usr/share/backgrounds/ukui/desert.png",
  "/usr/share/backgrounds/ukui/rollpaper.png",
  `${MATE}/desktop/Stripes.png`,
  `${MATE}/desktop/MATE-Stripes-Light.png`,
  `${MATE}/abstract/Spring.png`,
  `${MATE}/abstract/Arc-Colors-Transparent-Wallpaper.png`,
  ...plasmaBiggest(["Altai", "Kay", "PastelHills", "Patak", "SafeLanding"]),
].filter((p) => existsSync(p));

const VARIANTS = ["resave", "downscale", "crop", "rot90", "exif-rot", "edit", "burst", "blur"];

/** Deterministic pseudo-random numbers from a string (the set is the same on every run). */
function rng(seed) {
  let h = createHash("sha256").update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    return ((h >>> 0) % 1_000_000) / 1_000_000;
  };
}

const CAMERAS = [
  { Make: "Apple", Model: "iPhone 13" },
  { Make: "Google", Model: "Pixel 7" },
  { Make: "samsung", Model: "SM-G991B" },
];

/** Phone-like original: 4:3, longest side 2016 px (half a 12-MP sensor's), never enlarged; camera EXIF on half of them. */
async function original(src, i) {
  // Cut to a camera's 4:3 (wallpapers come at screen sizes, which no camera shoots).
  const meta = await sharp(src).metadata();
  const [w, h] = [meta.width, meta.height];
  const cw = Math.min(w, Math.round((h * 4) / 3));
  const ch = Math.min(h, Math.round((cw * 3) / 4));
  let img = sharp(src)
    .removeAlpha()
    .toColourspace("srgb")
    .extract({ left: (w - cw) >> 1, top: (h - ch) >> 1, width: cw, height: ch });
  if (Math.max(cw, ch) > 2016) img = img.resize(2016, 2016, { fit: "inside" });
  const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
  return { data, info, camera: i % 2 === 0 ? CAMERAS[i % 3] : null };
}

const rawOf = (o) => sharp(o.data, { raw: { width: o.info.width, height: o.info.height, channels: o.info.channels } });
function jpeg(img, camera, quality = 92, orientation) {
  let out = img.jpeg({ quality });
  if (camera || orientation) out = out.withExif({ IFD0: { ...(camera ?? {}) } });
  if (orientation) out = out.withMetadata({ orientation });
  return out.toBuffer();
}

async function variant(kind, o, r) {
  const { width: w, height: h } = o.info;
  switch (kind) {
    case "resave":
      return [{ ext: "jpg", data: await jpeg(rawOf(o), o.camera, 55 + Math.round(r() * 20)) }];
    case "downscale":
      return [{ ext: "jpg", data: await jpeg(rawOf(o).resize(Math.round(w * (0.35 + r() * 0.3))), o.camera, 88) }];
    case "crop": {
      const f = 0.03 + r() * 0.05;
      const cw = Math.round(w * (1 - f));
      const ch = Math.round(h * (1 - f));
      return [
        {
          ext: "jpg",
          data: await jpeg(
            rawOf(o).extract({ left: Math.round((w - cw) * r()), top: Math.round((h - ch) * r()), width: cw, height: ch }),
            o.camera,
            90,
          ),
        },
      ];
    }
    case "rot90":
      return [{ ext: "jpg", data: await jpeg(rawOf(o).rotate(r() < 0.5 ? 90 : 270), o.camera, 90) }];
    case "exif-rot": {
      // Pixels turned, the tag turns them back: the photo displays upright.
      const cw = r() < 0.5;
      const turned = await rawOf(o)
        .rotate(cw ? 270 : 90)
        .raw()
        .toBuffer({ resolveWithObject: true });
      // A tool that turns by the tag keeps the photo's own EXIF: a camera's only where it had one.
      return [{ ext: "jpg", data: await jpeg(sharp(turned.data, { raw: turned.info }), o.camera, 92, cw ? 6 : 8) }];
    }
    case "edit": {
      const a = 1.1 + r() * 0.2;
      return [
        {
          ext: "jpg",
          data: await jpeg(
            rawOf(o)
              .linear(a, -(a - 1) * 100)
              .modulate({ brightness: 1.05 + r() * 0.1 }),
            o.camera,
            90,
          ),
        },
      ];
    }
    case "burst": {
      // Two more frames: the camera moved 1–2 % between shots.
      const frames = [];
      for (let k = 0; k < 2; k++) {
        const f = 0.02;
        const cw = Math.round(w * (1 - f));
        const ch = Math.round(h * (1 - f));
        const left = Math.round((w - cw) * r());
        const top = Math.round((h - ch) * r());
        frames.push({ ext: "jpg", data: await jpeg(rawOf(o).extract({ left, top, width: cw, height: ch }).resize(w, h), o.camera, 92) });
      }
      return frames;
    }
    case "blur":
      // σ of 4–8 ‰ of the longest side: 2–4 px at the 512-px scale a phone screen shows.
      return [{ ext: "jpg", data: await jpeg(rawOf(o).blur(Math.max(w, h) * (0.004 + r() * 0.004)), o.camera, 90) }];
  }
  throw new Error(kind);
}

function iconFiles() {
  const adwaita = [];
  for (const size of ["48x48", "96x96", "256x256"]) {
    for (const kind of ["legacy", "status", "devices", "apps", "places", "mimetypes"]) {
      const dir = `/usr/share/icons/Adwaita/${size}/${kind}`;
      if (existsSync(dir)) for (const f of readdirSync(dir).sort()) if (f.endsWith(".png")) adwaita.push(join(dir, f));
    }
  }
  return adwaita;
}

function papirusFiles() {
  const dir = "/usr/share/icons/Papirus/64x64/apps";
  return existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .filter((f) => f.endsWith(".svg"))
        .slice(0, 400)
        .map((f) => join(dir, f))
    : [];
}

/** Real pages rendered by headless Chromium at device sizes (cached: Chromium is slow to start). */
function screenshots(cache) {
  mkdirSync(cache, { recursive: true });
  const pages = [
    ...readdirSync("/usr/share/doc/libffi8/html")
      .filter((f) => f.endsWith(".html"))
      .map((f) => `/usr/share/doc/libffi8/html/${f}`),
    "/usr/share/doc/base-passwd/users-and-groups.html",
    ...(existsSync("/usr/share/doc/valgrind/html")
      ? readdirSync("/usr/share/doc/valgrind/html")
          .filter((f) => f.endsWith(".html"))
          .slice(0, 20)
          .map((f) => `/usr/share/doc/valgrind/html/${f}`)
      : []),
  ];
  // CSS size × device pixel ratio = a real screen's pixels (iPhone 13, Pixel 7, Galaxy S21, laptops, desktops).
  const devices = [
    [390, 844, 3],
    [412, 915, 2.625],
    [360, 800, 3],
    [1440, 900, 2],
    [1920, 1080, 1],
    [1366, 768, 1],
    [1536, 864, 1.25],
    [820, 1180, 2],
  ];
  const out = [];
  pages.slice(0, 32).forEach((page, i) => {
    const [w, h, dpr] = devices[i % devices.length];
    const file = join(cache, `${i}.png`);
    if (!existsSync(file)) {
      execFileSync(
        "chromium",
        [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--hide-scrollbars",
          `--force-device-scale-factor=${dpr}`,
          `--window-size=${w},${h}`,
          `--screenshot=${file}`,
          `file://${page}`,
        ],
        { stdio: "ignore", timeout: 60_000 },
      );
    }
    out.push(file);
  });
  return out;
}

const half = (key) => (createHash("sha256").update(key).digest()[0] & 1 ? "B" : "A");

async function main() {
  const out = opt.out;
  if (existsSync(join(out, "A.manifest.json")) && !opt.force) {
    console.log(`${out} exists (--force to rebuild)`);
    return;
  }
  rmSync(out, { recursive: true, force: true });
  const files = { A: [], B: [] };
  const add = (h, rel, data, truth) => {
    const path = join(out, h, rel);
    mkdirSync(join(path, ".."), { recursive: true });
    writeFileSync(path, data);
    files[h].push({ path: rel, ...truth });
  };
  const photos = PHOTOS.filter((p) => existsSync(p));
  console.log(`${photos.length} photographs, ${DRAWINGS.length} drawings`);
  let n = 0;
  for (const [i, src] of photos.entries()) {
    // Plasma's files are named by their size: the folder names the picture.
    const base = src.includes("/contents/images/") ? src.split("/").at(-4) : basename(src).replace(/\.[a-z]+$/i, "");
    const h = half(base);
    const r = rng(base);
    const o = await original(src, i);
    const family = base;
    const truth = { family, kind: "photo", blurry: false, screenshot: false, graphic: false };
    const name = () => `IMG_${String(1000 + n++).padStart(4, "0")}`;
    // One photo in seven is only kept blurred (the sharp original is not in the set): the
    // absolute blur rule must find it without a sharper twin.
    if (i % 7 === 6) {
      const [b] = await variant("blur", o, r);
      add(h, `${name()}.jpg`, b.data, { ...truth, variant: "blur-alone", blurry: true });
      continue;
    }
    const origName = `${name()}.jpg`;
    add(h, origName, await jpeg(rawOf(o), o.camera, 92), { ...truth, variant: "original" });
    // A blurred frame of every photo, and three more variants rotating through the list so
    // each kind is made as often.
    for (let k = 0; k < 4; k++) {
      const kind = k === 0 ? "blur" : VARIANTS[(i * 3 + k) % (VARIANTS.length - 1)];
      for (const v of await variant(kind, o, r)) add(h, `${name()}.${v.ext}`, v.data, { ...truth, variant: kind, blurry: kind === "blur" });
    }
    if (i % 5 === 0)
      add(h, `copies/${origName}`, readFileSync(join(out, h, origName)), { ...truth, variant: "exact-copy", copyOf: origName });
  }
  // Graphics: icons at several sizes (the same icon at two sizes is two graphics, never a
  // similar group), drawings, logos; a few byte copies (still exact copies).
  const icons = iconFiles();
  const pick = icons.filter((_, i) => i % 7 === 0);
  for (const [i, src] of pick.entries()) {
    const rel = `icons/${src.split("/").slice(-3).join("-")}`;
    add(half(basename(src)), rel, readFileSync(src), {
      family: null,
      kind: "graphic",
      variant: "icon",
      blurry: false,
      screenshot: false,
      graphic: true,
    });
    if (i % 25 === 0)
      add(half(basename(src)), `icons/copy-${basename(rel)}`, readFileSync(src), {
        family: null,
        kind: "graphic",
        variant: "icon-copy",
        copyOf: rel,
        blurry: false,
        screenshot: false,
        graphic: true,
      });
  }
  for (const [i, src] of papirusFiles().entries()) {
    if (i % 4) continue;
    const png = await sharp(src, { density: 144 }).png().toBuffer();
    add(half(basename(src)), `papirus/${basename(src, ".svg")}.png`, png, {
      family: null,
      kind: "graphic",
      variant: "icon-svg",
      blurry: false,
      screenshot: false,
      graphic: true,
    });
  }
  for (const src of DRAWINGS) {
    const png = await sharp(src).resize(1500, 1500, { fit: "inside", withoutEnlargement: true }).png().toBuffer();
    add(half(basename(src)), `drawings/${basename(src, ".png")}.png`, png, {
      family: null,
      kind: "graphic",
      variant: "drawing",
      blurry: false,
      screenshot: false,
      graphic: true,
    });
  }
  // Screenshots: half named as phones and desktops name them, half with plain names (found by size).
  for (const [i, file] of screenshots(join(out, "..", "cleanspace-real-screens")).entries()) {
    const name = i % 2 ? `Screenshot_2025-0${1 + (i % 9)}-1${i % 10}-10-2${i % 10}-33.png` : `page-${i}.png`;
    add(half(`screen-${i}`), `screens/${name}`, readFileSync(file), {
      family: null,
      kind: "screenshot",
      variant: "screenshot",
      blurry: false,
      screenshot: true,
      graphic: false,
    });
  }
  for (const h of ["A", "B"]) writeFileSync(join(out, `${h}.manifest.json`), JSON.stringify({ files: files[h] }, null, 1));
  const count = (h, k) => files[h].filter((f) => f.kind === k).length;
  for (const h of ["A", "B"])
    console.log(
      `${h}: ${files[h].length} files — ${count(h, "photo")} photos, ${count(h, "graphic")} graphics, ${count(h, "screenshot")} screenshots`,
    );
}

await main();
