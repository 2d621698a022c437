/**
 * Class 4 of issue 36: `--protect` and keep-rules through symbolic links and mounts. Folders
 * are compared by their real paths, both ways; a protected folder reached by another path (a
 * bind mount) is recognised by device and inode; a protected folder that cannot be found
 * stops `clean` before it starts (rmlint's --keep-all-tagged "//" paths are real paths too).
 */
import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Mounts, cli, expectNothingLost, expectRestored, listing, makeRoot, mountProblem, needs, put } from "./harness";

let base: string;
let real: string;
const mounts = new Mounts();

beforeEach(() => {
  base = makeRoot("protect");
  real = `${base}/real`;
  // The protected copy is the newer one: the default keep-rules would trash it.
  put(real, "Best/photo.jpg", "best shot\n".repeat(20), Date.UTC(2022, 0, 1));
  put(real, "Old/photo.jpg", "best shot\n".repeat(20), Date.UTC(2019, 0, 1));
  fs.symlinkSync("real", `${base}/rootlink`);
});
afterEach(() => {
  try {
    mounts.undoAll();
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
});

async function cleanProtects(dir: string, protect: string) {
  const before = listing(real);
  const result = await cli(["clean", dir, "--yes", "--protect", protect]);
  expect(result.code, result.stdout + result.stderr).toBe(0);
  expect(fs.existsSync(`${real}/Best/photo.jpg`), "the protected file").toBe(true);
  expect(fs.existsSync(`${real}/Old/photo.jpg`)).toBe(false);
  expectNothingLost(before, listing(real));
  expect((await cli(["undo", dir])).code).toBe(0);
  expectRestored(real, before);
}

describe("--protect compares real paths, both ways", () => {
  it("DIR through a symbolic link, FOLDER by its real path (issue 36's case)", async () => {
    await cleanProtects(`${base}/rootlink`, `${real}/Best`);
  });

  it("DIR by its real path, FOLDER through the symbolic link (the reverse spelling)", async () => {
    await cleanProtects(real, `${base}/rootlink/Best`);
  });

  it("FOLDER named through a link inside DIR that leads to it (Favourites -> Best)", async () => {
    fs.symlinkSync("Best", `${real}/Favourites`);
    await cleanProtects(real, "Favourites");
  });

  it("a protected folder also reached through a bind mount inside DIR is protected under both names", async ({ skip }) => {
    needs(mountProblem(), skip, "bind mounts");
    fs.rmSync(`${real}/Old`, { recursive: true });
    put(real, "Elsewhere/photo.jpg", "best shot\n".repeat(20), Date.UTC(2019, 0, 1));
    fs.mkdirSync(`${real}/Album`);
    mounts.bind(`${real}/Best`, `${real}/Album`);
    const before = listing(real);
    const result = await cli(["clean", real, "--yes", "--protect", "Album"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(fs.existsSync(`${real}/Best/photo.jpg`)).toBe(true);
    expect(fs.existsSync(`${real}/Elsewhere/photo.jpg`)).toBe(false);
    expectNothingLost(before, listing(real));
    await cli(["undo", real]);
    expectRestored(real, before);
  });

  it("keep-rule inside:FOLDER by its real path while DIR is a link", async () => {
    const before = listing(real);
    const result = await cli(["clean", `${base}/rootlink`, "--yes", "--keep", `inside:${real}/Best`]);
    expect(result.code, result.stdout).toBe(0);
    expect(fs.existsSync(`${real}/Best/photo.jpg`)).toBe(true);
    expectNothingLost(before, listing(real));
  });
});

describe("a protected folder that cannot be found stops clean before it starts", () => {
  it("a path that does not exist", async () => {
    const before = listing(real);
    const result = await cli(["clean", real, "--yes", "--protect", `${base}/real/Bset`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no such folder");
    expect(listing(real)).toEqual(before);
  });

  it("a folder outside DIR", async () => {
    fs.mkdirSync(`${base}/other`);
    const result = await cli(["clean", real, "--yes", "--protect", `${base}/other`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("is not inside");
  });

  it("a link whose target is gone", async () => {
    fs.symlinkSync(`${base}/gone`, `${base}/dangling`);
    const result = await cli(["clean", real, "--yes", "--protect", `${base}/dangling`]);
    expect(result.code).toBe(2);
  });
});
