#!/usr/bin/env node
// cli-floor.cjs — what Node itself costs for the CLI's duplicate search, with none of the app:
// the same file calls in the same order, one thread, synchronous (as src/cli/scan/ makes them on
// the main thread): stat the root; per folder, its lstat, chdir into it and readdir its names; lstat per
// entry by name, through Node's own fs binding (fs-binding.ts: the cheapest lstat Node has, no
// Stats object); files grouped by
// size; for every size two or more non-empty files share, open + the first pass's reads (the
// whole file up to 64 KiB, else its first and last 4 KiB) + close; then a full read (1 MiB at a
// time) of every file whose first-pass bytes another file of its size shares; open, read and
// close through the binding as well (fs-binding.ts: KeyReader's calls). Keys are Node's
// native one-shot SHA-1 (crypto.hash): the cheapest hash Node offers from JavaScript, so the
// floor holds the platform's calls and not our hashing. Prints the number of duplicate groups
// and the files and bytes each pass read, so a run can be compared with the CLI's profile.
// Usage: node bench/support/cli-floor.cjs DIR   (run by bench/scan-bench.mjs as its floor row)
"use strict";
const fs = require("node:fs");
const nodeCrypto = require("node:crypto");

const root = process.argv[2];
if (!root) throw new Error("usage: cli-floor.cjs DIR");
const PARTIAL = 4096;
const WHOLE_UP_TO = 65536;
const CHUNK = 1 << 20;
const buffer = Buffer.allocUnsafe(Math.max(CHUNK, 2 * PARTIAL, WHOLE_UP_TO));
const binding = process.binding("fs");
// lstat(path, bigint, req, throwIfNoEntry): Node's stat array (mode at 1, size at 8), or undefined when gone.
const lstat = (path) => binding.lstat(path, false, undefined, false);
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFREG = 0o100000;

const paths = [];
const sizes = [];
const pending = [""];
const home = process.cwd();
fs.statSync(root);
while (pending.length > 0) {
  const rel = pending.pop();
  const abs = rel === "" ? root : `${root}/${rel}`;
  // The folder's own lstat (the CLI's loop check by dev:ino).
  if (rel !== "" && ((lstat(abs) ?? [0, 0])[1] & S_IFMT) !== S_IFDIR) continue;
  process.chdir(abs);
  const prefix = rel === "" ? "" : `${rel}/`;
  for (const name of fs.readdirSync(".")) {
    const st = lstat(name);
    if (st === undefined) continue;
    const type = st[1] & S_IFMT;
    if (type === S_IFDIR) pending.push(prefix + name);
    else if (type === S_IFREG) {
      paths.push(prefix + name);
      sizes.push(st[8]);
    }
  }
}
process.chdir(home);

const bySize = new Map();
for (let i = 0; i < sizes.length; i++) {
  if (sizes[i] === 0) continue;
  const list = bySize.get(sizes[i]);
  if (list) list.push(i);
  else bySize.set(sizes[i], [i]);
}

// Written out here rather than imported from src/cli: the floor runs none of the app's code.
function readAt(fd, length, position, offset) {
  let done = 0;
  while (done < length) {
    const n = binding.read(fd, buffer, offset + done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

let firstFiles = 0;
let firstBytes = 0;
let fullFiles = 0;
let fullBytes = 0;
let groups = 0;
for (const [size, members] of bySize) {
  if (members.length < 2) continue;
  const byKey = new Map();
  for (const i of members) {
    const fd = binding.open(`${root}/${paths[i]}`, fs.constants.O_RDONLY, 0o666);
    let length;
    if (size <= WHOLE_UP_TO) length = readAt(fd, size, 0, 0);
    else length = readAt(fd, PARTIAL, 0, 0) + readAt(fd, PARTIAL, size - PARTIAL, PARTIAL);
    binding.close(fd);
    firstFiles++;
    firstBytes += length;
    const key = nodeCrypto.hash("sha1", buffer.subarray(0, length), "base64");
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  }
  for (const same of byKey.values()) {
    if (same.length < 2) continue;
    if (size <= WHOLE_UP_TO) {
      groups++;
      continue;
    }
    const byFull = new Map();
    for (const i of same) {
      const fd = binding.open(`${root}/${paths[i]}`, fs.constants.O_RDONLY, 0o666);
      const h = nodeCrypto.createHash("sha1");
      for (let position = 0; position < size;) {
        const n = readAt(fd, Math.min(CHUNK, size - position), position, 0);
        if (n === 0) break;
        h.update(buffer.subarray(0, n));
        position += n;
      }
      binding.close(fd);
      fullFiles++;
      fullBytes += size;
      const key = h.digest("base64");
      byFull.set(key, (byFull.get(key) ?? 0) + 1);
    }
    for (const n of byFull.values()) if (n > 1) groups++;
  }
}
process.stdout.write(
  `${paths.length} files, ${groups} duplicate groups; first pass ${firstFiles} files / ${firstBytes} bytes, full pass ${fullFiles} files / ${fullBytes} bytes\n`,
);
