/**
 * Class 2 of issue 36: names that are not valid UTF-8 are handled as bytes end to end. A
 * name with a stray byte (`x\xff`) once decoded into the same string as a real `x\u{FFFD}`,
 * so that file was trashed "as a copy of itself". Names from real reports: a Latin-1 name
 * copied from an old Windows disk (dduper issue #15: `Finland.J\344rvenp\344\344-Elisa.xml`),
 * `invalid_\xFE.txt` (fd issue #250), `Aufza\xe4hlung-2.jpg` (rclone issue #66).
 */
import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cli, expectNothingLost, expectRestored, listing, makeRoot, put } from "./harness";
import { hasEscapedBytes, nameFromBytes, pathBytes } from "../path-bytes";

let root: string;
beforeEach(() => {
  root = makeRoot("bytes");
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

describe("names that are not UTF-8 keep their bytes through scan, clean and undo", () => {
  it("x\\xff and x\\u{FFFD} are two files: their duplicate pair is cleaned once, by its own bytes (issue 36)", async () => {
    put(root, bytes("x", [0xff]), "same bytes\n", Date.UTC(2020, 0, 1));
    put(root, bytes("x", [0xef, 0xbf, 0xbd]), "same bytes\n", Date.UTC(2019, 0, 1));
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 1 file (11 B)");
    // The newer one, x\xff, went; x\u{FFFD} (the oldest) stays. Shown escaped: \xff.
    expect(result.stdout).toContain("trash  x\\xff");
    const after = listing(root);
    expect(after.map((e) => e.path)).toEqual([bytes("x", [0xef, 0xbf, 0xbd]).toString("latin1")]);
    expectNothingLost(before, after);
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });

  it("x\\xff and x\\u{FFFD} with different bytes: nothing to clean, both untouched", async () => {
    put(root, bytes("x", [0xff]), "one content\n");
    put(root, bytes("x", [0xef, 0xbf, 0xbd]), "another one\n");
    put(root, bytes("y", [0xff]), "one content\n", Date.UTC(2022, 0, 1));
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 1 file (12 B)");
    expect(fs.existsSync(bytes(root, "/x", [0xef, 0xbf, 0xbd]))).toBe(true);
    expect(fs.readFileSync(bytes(root, "/x", [0xff]), "utf8")).toBe("one content\n");
    expect(fs.existsSync(bytes(root, "/y", [0xff]))).toBe(false);
    expectNothingLost(before, listing(root));
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });

  it("Latin-1 names in Latin-1 folders, copies of UTF-8 ones (dduper #15, fd #250, rclone #66): cleaned and put back byte for byte", async () => {
    put(root, "keep/Finland.Järvenpää-Elisa.xml", "<xml>report</xml>\n".repeat(20), Date.UTC(2015, 0, 1));
    put(root, bytes("old disk/Finland.J", [0xe4], "rvenp", [0xe4, 0xe4], "-Elisa.xml"), "<xml>report</xml>\n".repeat(20));
    put(root, "keep/invalid.txt", "fd 250\n", Date.UTC(2015, 0, 1));
    put(root, bytes("backup ", [0xfe], "/invalid_", [0xfe], ".txt"), "fd 250\n");
    put(root, bytes("backup ", [0xfe], "/Aufza", [0xe4], "hlung-2.jpg"), "jpeg bytes", Date.UTC(2015, 0, 1));
    put(root, "keep/Aufzählung-2.jpg", "jpeg bytes", Date.UTC(2020, 0, 1));
    const before = listing(root);
    const result = await cli(["clean", root, "--yes"]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toContain("Moved 3 files");
    expect(fs.existsSync(bytes(root, "/backup ", [0xfe], "/Aufza", [0xe4], "hlung-2.jpg")), "the oldest copy, under its Latin-1 name").toBe(
      true,
    );
    expect(fs.existsSync(`${root}/keep/Aufzählung-2.jpg`)).toBe(false);
    expectNothingLost(before, listing(root));
    const undone = await cli(["undo", root]);
    expect(undone.code, undone.stdout).toBe(0);
    expectRestored(root, before);
  });

  it("--link and its undo work on such names too", async () => {
    put(root, bytes("a", [0xff]), "linked bytes\n", Date.UTC(2019, 0, 1));
    put(root, bytes("b", [0xfe, 0x80]), "linked bytes\n", Date.UTC(2020, 0, 1));
    const before = listing(root);
    const result = await cli(["clean", root, "--yes", "--link"]);
    expect(result.code, result.stdout).toBe(0);
    expect(fs.statSync(bytes(root, "/a", [0xff])).ino).toBe(fs.statSync(bytes(root, "/b", [0xfe, 0x80])).ino);
    expect((await cli(["undo", root])).code).toBe(0);
    expectRestored(root, before);
  });
});

describe("path-bytes: every byte string round-trips, and different bytes never give the same string", () => {
  it("round-trips valid UTF-8, stray bytes, overlongs, encoded surrogates and truncated sequences", () => {
    const samples = [
      Buffer.from("plain.txt"),
      Buffer.from("ümlaut 日本語 😀"),
      bytes("x", [0xff]),
      bytes("x", [0xef, 0xbf, 0xbd]),
      Buffer.from([0xc0, 0xaf]), // overlong "/"
      Buffer.from([0xed, 0xa0, 0x80]), // an encoded surrogate (CESU)
      Buffer.from([0xf0, 0x9f, 0x98]), // a 4-byte sequence cut short
      Buffer.from([0xf4, 0x90, 0x80, 0x80]), // above U+10FFFF
      bytes("a", [0x80, 0x80], "b"),
    ];
    const strings = samples.map(nameFromBytes);
    for (const [i, s] of strings.entries()) expect(pathBytes(s).equals(samples[i]!), JSON.stringify(s)).toBe(true);
    expect(new Set(strings).size).toBe(samples.length);
    expect(hasEscapedBytes(strings[0]!)).toBe(false);
    expect(hasEscapedBytes(strings[1]!)).toBe(false);
    expect(hasEscapedBytes(strings[2]!)).toBe(true);
  });
});
