import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyseRgba, hammingDistance } from "../../domain/photos/index";
import { ScanSummarySchema } from "../../domain/schemas/scan-summary";
import { type CliIo, EXIT_OK, EXIT_USAGE, runCli } from "../main";
import type { CliJsonReport } from "../../scan/core/json-report";
import { decodePhoto } from "./decode-photo";
import { loadSharp } from "./load-sharp";
import type { CliJsonPhotos } from "./photo-report-json";

const REPO = fileURLToPath(new URL("../../..", import.meta.url));

interface ManifestFile {
  path: string;
  family: number | null;
  variant: string;
  blurry: boolean;
  screenshot: boolean;
  oldScreenshot: boolean;
  copyOf: string | null;
  undecodable: boolean;
}

let work: string;
let dir: string;
let manifest: { now: number; files: ManifestFile[] };
let report: CliJsonReport & { photos: CliJsonPhotos };

async function cli(argv: string[], isTTY = false) {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY, columns: 100 },
    workerUrl: null,
    cacheDir: join(work, "cache"),
  };
  return { code: await runCli(argv, io), stdout, stderr };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "cs-photos-"));
  dir = join(work, "photos");
  // A small corpus with ground truth: 14 pictures, their variants, screenshots, copies, 2 HEIC.
  execFileSync(process.execPath, [join(REPO, "bench/photos/make-photo-corpus.mjs"), "--dir", dir, "--seed", "3", "--bases", "14"], {
    stdio: "ignore",
  });
  manifest = JSON.parse(readFileSync(`${dir}.manifest.json`, "utf8")) as typeof manifest;
  // sharp reads no BMP: a BMP copy of one picture tests our own reader (read-bmp.ts) end to end.
  const source = manifest.files.find((f) => f.variant === "base" && !f.blurry)!;
  const sharp = await loadSharp();
  const { data, info } = await sharp(join(dir, source.path)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  writeFileSync(join(dir, "Pictures", "exported.bmp"), encodeBmp(data, info.width, info.height));
  utimesSync(join(dir, "Pictures", "exported.bmp"), new Date(manifest.now), new Date(manifest.now));
  manifest.files.push({ ...source, path: "Pictures/exported.bmp", variant: "bmp", copyOf: null });
  const { code, stdout } = await cli(["scan", dir, "--similar", "--json", "--no-cache", "--threads", "2", "--now", String(manifest.now)]);
  expect(code).toBe(EXIT_OK);
  report = JSON.parse(stdout) as typeof report;
}, 120_000);

/** A 24-bit bottom-up BMP of RGB pixels. */
function encodeBmp(rgb: Uint8Array, width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write("BM", 0, "latin1");
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 3;
      const to = 54 + (height - 1 - y) * stride + x * 3;
      out[to] = rgb[from + 2]!;
      out[to + 1] = rgb[from + 1]!;
      out[to + 2] = rgb[from]!;
    }
  }
  return out;
}

afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const paths = (filter: (f: ManifestFile) => boolean): string[] =>
  manifest.files
    .filter(filter)
    .map((f) => f.path)
    .sort();

describe("cleanspace scan DIR --similar --json", () => {
  it("counts what it analysed and skipped in a summary the schema accepts", () => {
    const findings = report.summary.photoFindings!;
    expect(ScanSummarySchema.safeParse(report.summary).success).toBe(true);
    expect(findings.analysed).toBe(manifest.files.length - 2);
    expect(findings.skipped).toBe(2);
    expect(report.photos.skipped).toEqual(paths((f) => f.undecodable));
    expect(findings.similarGroups).toBe(report.photos.similar.length);
    expect(findings.blurry).toBe(report.photos.blurry.length);
  });

  it("finds exactly the screenshots, and which are older than 30 days", () => {
    expect(report.photos.screenshots.map((s) => s.path).sort()).toEqual(paths((f) => f.screenshot));
    expect(
      report.photos.screenshots
        .filter((s) => s.old)
        .map((s) => s.path)
        .sort(),
    ).toEqual(paths((f) => f.oldScreenshot));
  });

  it("finds exactly the byte-identical copies, the original kept", () => {
    const copies = manifest.files.filter((f) => f.copyOf);
    expect(report.photos.exact).toHaveLength(copies.length);
    for (const copy of copies) {
      const group = report.photos.exact.find((g) => g.paths.includes(copy.path));
      expect(group?.keep).toBe(copy.copyOf);
      expect(group?.reason).toBe("Oldest copy: the original");
    }
  });

  it("reads BMP with its own reader: the BMP export sits in its picture's group", () => {
    const bmp = report.photos.similar.find((g) => g.photos.some((p) => p.path === "Pictures/exported.bmp"));
    const source = manifest.files.find((f) => f.path === "Pictures/exported.bmp")!;
    expect(bmp).toBeDefined();
    expect(bmp?.photos.map((p) => manifest.files.find((f) => f.path === p.path)?.family)).toEqual(bmp?.photos.map(() => source.family));
    expect(bmp?.keep).not.toBe("Pictures/exported.bmp"); // the newest of equals
  });

  it("groups only photos of one scene, and finds the variants of each", () => {
    const family = new Map(manifest.files.map((f) => [f.path, f.family]));
    for (const group of report.photos.similar) expect(new Set(group.photos.map((p) => family.get(p.path))).size).toBe(1);
    const grouped = new Set(report.photos.similar.flatMap((g) => g.photos.map((p) => p.path)));
    const variants = manifest.files.filter(
      (f) => f.family !== null && !f.copyOf && !f.variant.startsWith("base") && f.variant !== "camera-at-screen-size",
    );
    expect(variants.length).toBeGreaterThan(5);
    const found = variants.filter((v) => grouped.has(v.path)).length;
    expect(found / variants.length).toBeGreaterThanOrEqual(0.9);
  });

  it("proposes a sharp, full-size shot of each group, with the reason", () => {
    const byPath = new Map(manifest.files.map((f) => [f.path, f]));
    for (const group of report.photos.similar) {
      expect(group.photos[0]!.path).toBe(group.keep);
      expect(group.reason).toMatch(/^[A-Z]/);
      const kept = byPath.get(group.keep)!;
      if (group.photos.some((p) => !byPath.get(p.path)!.blurry)) expect(kept.blurry).toBe(false);
      expect(kept.variant).not.toBe("resized");
    }
  });

  it("finds the blurry photos (blurred variants and blurry originals), never a screenshot", () => {
    const blurry = report.photos.blurry.map((b) => b.path).sort();
    const truth = paths((f) => f.blurry && !f.undecodable);
    // Every blurred frame is found; the generated "minimal" scenes (a gradient and a shape)
    // hold so little detail that one may be called blurry too — the real-photo bench
    // (bench/photos/real-photo-accuracy.mjs) is where precision is measured.
    expect(blurry).toEqual(expect.arrayContaining(truth));
    expect(truth.length / blurry.length).toBeGreaterThanOrEqual(0.9);
    expect(blurry.some((p) => manifest.files.find((f) => f.path === p)!.screenshot)).toBe(false);
  });
});

describe("cleanspace scan DIR --similar (text)", () => {
  it("reports exact copies, similar groups with the shot to keep, blurry photos, screenshots and skipped HEIC", async () => {
    const { code, stdout, stderr } = await cli(["scan", dir, "--similar", "--now", String(manifest.now)]);
    expect(code).toBe(EXIT_OK);
    expect(stdout).toMatch(/^Photos: \d+ analysed, 2 skipped \(this machine cannot decode them\)$/m);
    expect(stdout).toMatch(/^ {2}skipped {2}Camera\/IMG_HEIC_0\.HEIC$/m);
    expect(stdout).toMatch(/^Exact copies: \d+ groups?, \d+ to trash/m);
    expect(stdout).toMatch(/^Similar photos: \d+ groups, \d+ to trash, .* to free$/m);
    expect(stdout).toMatch(/^ {2}keep +\d+×\d+ /m);
    expect(stdout).toMatch(/^ {2}trash +\d+×\d+ /m);
    expect(stdout).toMatch(/^Blurry photos: \d+, /m);
    expect(stdout).toMatch(/^Screenshots: \d+, .*; \d+ older than 30 days/m);
    expect(stderr).toMatch(/photos analysed: \d+ similar groups?, \d+ blurry, \d+ screenshots?/);
  });

  it("draws the photos' progress on a terminal and clears it", async () => {
    const { code, stderr } = await cli(["scan", dir, "--similar", "--json", "--no-cache"], true);
    expect(code).toBe(EXIT_OK);
    expect(stderr).toMatch(/photos: \d+\/\d+ analysed/);
    expect(stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("refuses --similar with --metadata-only (it must read the photos)", async () => {
    const { code, stderr } = await cli(["scan", dir, "--similar", "--metadata-only"]);
    expect(code).toBe(EXIT_USAGE);
    expect(stderr).toContain("--similar reads the photos");
  });
});

describe("cleanspace scan DIR --similar on real photos (the browser test's folder)", () => {
  it("keeps the original over its copy turned in pixels and tagged with EXIF Orientation, as the browser does", async () => {
    // e2e/photos.spec.ts scans the same files in Chromium and expects the same keeper and reason.
    const real = join(work, "real");
    cpSync(join(REPO, "e2e/support/real-photos/photos"), real, { recursive: true });
    const { code, stdout } = await cli(["scan", real, "--similar", "--json", "--no-cache"]);
    expect(code).toBe(EXIT_OK);
    const photos = (JSON.parse(stdout) as { photos: CliJsonPhotos }).photos;
    const cup = photos.similar.find((g) => g.photos.some((p) => p.path === "IMG_0001 turned.jpg"))!;
    expect(cup.photos.map((p) => p.path).sort()).toEqual(["IMG_0001 rotated.jpg", "IMG_0001 turned.jpg", "IMG_0001.jpg", "IMG_0002.jpg"]);
    expect(cup.keep).toBe("IMG_0001.jpg");
    expect(cup.reason).toBe("Not blurry, straight from the camera, named as the original");
  });
});

describe("decodePhoto", () => {
  it("sees the same picture whether it decodes at reduced size or every pixel", async () => {
    const sharp = await loadSharp();
    const photo = manifest.files.find((f) => f.variant === "base" && f.path.endsWith(".jpg"))!;
    const reduced = await decodePhoto(sharp, join(dir, photo.path), "reduced");
    const full = await decodePhoto(sharp, join(dir, photo.path), "full");
    expect([reduced.width, reduced.height]).toEqual([full.width, full.height]);
    expect(Math.max(reduced.rgba.width, reduced.rgba.height)).toBe(512);
    const a = analyseRgba(reduced.rgba, reduced);
    const b = analyseRgba(full.rgba, full);
    expect(hammingDistance(a.hash, b.hash)).toBeLessThanOrEqual(4);
    expect(a.sharpness / b.sharpness).toBeGreaterThan(0.7);
    expect(a.sharpness / b.sharpness).toBeLessThan(1.4);
  });
});
