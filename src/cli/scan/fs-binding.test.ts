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
  type KeyCalls,
  entryLstat,
  keyCalls,
  publicEntryLstat,
  resetFsBinding,
  usesNodeBinding,
} from "./fs-binding";

describe("entryLstat and keyCalls", () => {
  const dir = fs.mkdtempSync(join(tmpdir(), "cleanspace-entry-lstat-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    delete process.env.CLEANSPACE_PUBLIC_FS;
    resetFsBinding();
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

  it("takes the public call for a faked fs and when CLEANSPACE_PUBLIC_FS=1", () => {
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
    process.env.CLEANSPACE_PUBLIC_FS = "1";
    resetFsBinding();
    expect(usesNodeBinding(fs)).toBe(false);
    const viaPublic = new Float64Array(ENTRY_FIELDS);
    publicEntryLstat(fs)(join(dir, "file.txt"), viaPublic);
    expect(entryLstat(fs)(join(dir, "file.txt"), out)).toBe(true);
    expect(out).toEqual(viaPublic);
  });

  it("reads through the binding on the real fs: the same bytes, the same end of file, the same errors", () => {
    const real = fs as unknown as KeyCalls;
    const fast = keyCalls(real);
    expect(fast).not.toBe(real);
    const file = join(dir, "file.txt");
    const readWith = (calls: KeyCalls, position: number) => {
      const fd = calls.openSync(file, fs.constants.O_RDONLY);
      try {
        const buffer = Buffer.alloc(16, 0xee);
        const n = calls.readSync(fd, buffer, 2, 8, position);
        return { n, bytes: buffer.toString("hex") };
      } finally {
        calls.closeSync(fd);
      }
    };
    for (const position of [0, 5, 11, 12, 100]) expect(readWith(fast, position)).toEqual(readWith(real, position));
    expect(readWith(fast, 0).bytes).toContain(Buffer.from("twelve b").toString("hex"));
    const code = (open: () => unknown) => {
      try {
        open();
      } catch (error) {
        return (error as { code?: string }).code;
      }
      return "opened";
    };
    expect(code(() => fast.openSync(join(dir, "missing"), fs.constants.O_RDONLY))).toBe("ENOENT");
    expect(code(() => fast.openSync(join(dir, "file.txt", "below"), fs.constants.O_RDONLY))).toBe("ENOTDIR");
    expect(() => fast.closeSync(987_654)).toThrow(expect.objectContaining({ code: "EBADF" }));
  });

  it("keeps a faked fs's calls, and the public ones under CLEANSPACE_PUBLIC_FS=1", () => {
    const faked = { openSync: fs.openSync, readSync: fs.readSync, closeSync: () => undefined } as unknown as KeyCalls;
    expect(keyCalls(faked)).toBe(faked);
    process.env.CLEANSPACE_PUBLIC_FS = "1";
    resetFsBinding();
    expect(keyCalls(fs as unknown as KeyCalls)).toBe(fs);
  });
});
