import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  ENTRY_CTIME_MS,
  ENTRY_DEV,
  ENTRY_FIELDS,
  ENTRY_INO,
  ENTRY_MODE,
  ENTRY_MTIME_MS,
  ENTRY_NLINK,
  ENTRY_SIZE,
  entryLstat,
  publicEntryLstat,
  resetEntryLstat,
  usesNodeBinding,
} from "./entry-lstat";

describe("entryLstat", () => {
  const dir = fs.mkdtempSync(join(tmpdir(), "cleanspace-entry-lstat-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    delete process.env.CLEANSPACE_PUBLIC_LSTAT;
    resetEntryLstat();
  });
  fs.writeFileSync(join(dir, "file.txt"), "twelve bytes");
  fs.mkdirSync(join(dir, "folder"));
  fs.symlinkSync("file.txt", join(dir, "link"));
  fs.linkSync(join(dir, "file.txt"), join(dir, "second name"));
  // A modification time with a fraction of a millisecond, as most file systems keep.
  fs.utimesSync(join(dir, "folder"), 1_700_000_000.123456, 1_700_000_000.987654);

  const fields = (s: fs.Stats) => [s.mode, s.size, s.mtimeMs, s.ctimeMs, s.ino, s.dev, s.nlink];
  const order = [ENTRY_MODE, ENTRY_SIZE, ENTRY_MTIME_MS, ENTRY_CTIME_MS, ENTRY_INO, ENTRY_DEV, ENTRY_NLINK];

  it("goes through Node's own binding on the real fs, on this Node", () => {
    expect(usesNodeBinding(fs)).toBe(true);
  });

  for (const name of ["file.txt", "folder", "link", "second name"]) {
    it(`gives lstatSync's fields, to the bit, for ${name}`, () => {
      const out = new Float64Array(ENTRY_FIELDS);
      expect(entryLstat(fs)(join(dir, name), out)).toBe(true);
      expect(order.map((i) => out[i])).toEqual(fields(fs.lstatSync(join(dir, name))));
    });
  }

  it("answers false for a path that is not there and throws lstatSync's error otherwise", () => {
    const out = new Float64Array(ENTRY_FIELDS);
    expect(entryLstat(fs)(join(dir, "missing"), out)).toBe(false);
    expect(() => entryLstat(fs)(join(dir, "file.txt", "below a file"), out)).toThrow(expect.objectContaining({ code: "ENOTDIR" }));
  });

  it("takes the public call for a faked fs and when CLEANSPACE_PUBLIC_LSTAT=1", () => {
    const calls: string[] = [];
    const faked = {
      lstatSync: ((path: fs.PathLike, options?: never) => {
        calls.push(String(path));
        return fs.lstatSync(path, options);
      }) as typeof fs.lstatSync,
    };
    const out = new Float64Array(ENTRY_FIELDS);
    expect(usesNodeBinding(faked)).toBe(false);
    expect(entryLstat(faked)(join(dir, "file.txt"), out)).toBe(true);
    expect(calls).toEqual([join(dir, "file.txt")]);
    process.env.CLEANSPACE_PUBLIC_LSTAT = "1";
    resetEntryLstat();
    expect(usesNodeBinding(fs)).toBe(false);
    const viaPublic = new Float64Array(ENTRY_FIELDS);
    publicEntryLstat(fs)(join(dir, "file.txt"), viaPublic);
    expect(entryLstat(fs)(join(dir, "file.txt"), out)).toBe(true);
    expect(out).toEqual(viaPublic);
  });
});
