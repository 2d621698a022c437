#!/usr/bin/env node
// cli-floor.cjs — what Node itself costs for the CLI's duplicate search, with none of the app:
// the same public file calls in the same order, one thread, synchronous (as src/cli/scan/
// makes them on the main thread): stat the root; per folder, its lstat and a readdir with entry
// types; lstatSync per regular file, by absolute path; files grouped by size; for every size
// two or more non-empty files share, openSync + the first pass's readSync calls (the whole file
// up to 64 KiB, else its first and last 4 KiB) + closeSync; then a full read (1 MiB at a time)
// of every file whose first-pass bytes another file of its size shares. Keys are Node's native
// one-shot SHA-1 (crypto.hash): the cheapest hash Node offers from JavaScript, so the floor
// holds the platform's calls and not our hashing. Prints the number of duplicate groups and the
// files and bytes each pass read, so a run can be compared with the CLI's profile.
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
const NO_THROW = { throwIfNoEntry: false };
const WITH_TYPES = { withFileTypes: true };

const paths = [];
const sizes = [];
const pending = [""];
fs.statSync(root);
while (pending.length > 0) {
  const rel = pending.pop();
  const abs = rel === "" ? root : `${root}/${rel}`;
  // The folder's own lstat (the CLI's loop check by dev:ino).
  if (rel !== "" && !fs.lstatSync(abs, NO_THROW)?.isDirectory()) continue;
  const prefix = rel === "" ? "" : `${rel}/`;
  for (const entry of fs.readdirSync(abs, WITH_TYPES)) {
    if (entry.isDirectory()) pending.push(prefix + entry.name);
    else if (entry.isFile()) {
      const st = fs.lstatSync(`${abs}/${entry.name}`, NO_THROW);
      if (!st?.isFile()) continue;
      paths.push(prefix + entry.name);
      sizes.push(st.size);
    }
  }
}

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
    const n = fs.readSync(fd, buffer, offset + done, length - done, position + done);
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
    const fd = fs.openSync(`${root}/${paths[i]}`, fs.constants.O_RDONLY);
    let length;
    if (size <= WHOLE_UP_TO) length = readAt(fd, size, 0, 0);
    else length = readAt(fd, PARTIAL, 0, 0) + readAt(fd, PARTIAL, size - PARTIAL, PARTIAL);
    fs.closeSync(fd);
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
      const fd = fs.openSync(`${root}/${paths[i]}`, fs.constants.O_RDONLY);
      const h = nodeCrypto.createHash("sha1");
      for (let position = 0; position < size;) {
        const n = readAt(fd, Math.min(CHUNK, size - position), position, 0);
        if (n === 0) break;
        h.update(buffer.subarray(0, n));
        position += n;
      }
      fs.closeSync(fd);
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
