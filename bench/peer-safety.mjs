// Peers on issue 36's cases: jdupes and rmlint (Debian packages) run on the same trees the
// safety suite (src/cli/safety/) builds, and what they report and do is recorded next to
// CleanSpace's own outcome. Not a test: a record for the closing note.
//
//   sudo node bench/peer-safety.mjs      (root: bind mounts, tmpfs, strace; apt-get install jdupes rmlint strace)
//
// Writes bench/results/peer-safety.json and bench/results/peer-safety.md. Each case builds a
// fresh tree, takes a checksum listing (every regular file's bytes), runs the tool's list mode,
// then its acting mode, and says whether any content lost its last name.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const mounts = [];

function version(cmd, args) {
  const run = spawnSync(cmd, args, { encoding: "utf8" });
  return run.error ? null : (run.stdout || run.stderr).split("\n")[0].trim();
}

function put(root, rel, content, mtime = Date.UTC(2021, 0, 1)) {
  const path = Buffer.concat([Buffer.from(`${root}/`), typeof rel === "string" ? Buffer.from(rel) : rel]);
  fs.mkdirSync(path.subarray(0, path.lastIndexOf(0x2f)), { recursive: true });
  fs.writeFileSync(path, content);
  fs.utimesSync(path, new Date(mtime), new Date(mtime));
}

function mount(args, at) {
  execFileSync("mount", [...args, at]);
  mounts.push(at);
}

function unmountAll() {
  while (mounts.length > 0) spawnSync("umount", ["-l", mounts.pop()]);
}

/** sha256 → number of names outside any trash, for every regular file (names as bytes, folders reached twice listed once). */
function contents(root) {
  const out = new Map();
  const seen = new Set();
  const walk = (dir) => {
    const id = fs.statSync(dir);
    if (seen.has(`${id.dev}:${id.ino}`)) return;
    seen.add(`${id.dev}:${id.ino}`);
    for (const name of fs.readdirSync(dir, { encoding: "buffer" })) {
      const full = Buffer.concat([dir, Buffer.from("/"), name]);
      const s = fs.lstatSync(full);
      if (s.isDirectory() && name.toString() !== ".cleanspace-trash") walk(full);
      else if (s.isFile()) {
        const sha = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
        out.set(sha, (out.get(sha) ?? 0) + 1);
      }
    }
  };
  walk(Buffer.from(root));
  return out;
}

/** Every regular file's path outside the trash (latin1: one character per byte). */
function names(root) {
  const run = spawnSync("find", [root, "-name", ".cleanspace-trash", "-prune", "-o", "-type", "f", "-print0"], { encoding: "latin1" });
  return new Set(
    run.stdout
      .split("\0")
      .filter(Boolean)
      .map((p) => p.slice(root.length + 1)),
  );
}

function lost(before, after) {
  return [...before.keys()].filter((sha) => !after.has(sha)).length;
}

/** jdupes' list mode: the sets it prints (blank-line separated), as relative paths. */
function jdupesSets(root, extra = []) {
  const run = spawnSync("jdupes", ["-r", "-q", ...extra, root], { encoding: "latin1" });
  return run.stdout
    .trim()
    .split(/\n\s*\n/)
    .filter(Boolean)
    .map((set) => set.split("\n").map((p) => p.slice(root.length + 1)));
}

/** rmlint's list mode: duplicate sets from its JSON (paths relative). */
function rmlintSets(root, args = [root]) {
  const out = fs.mkdtempSync(join(tmpdir(), "peer-rmlint-"));
  spawnSync("rmlint", [...args, "-o", `json:${out}/r.json`, "-o", `sh:${out}/r.sh`, "-T", "df"], { encoding: "utf8", cwd: out });
  let sets;
  try {
    const data = JSON.parse(fs.readFileSync(`${out}/r.json`, "latin1")).filter((e) => e.type === "duplicate_file");
    const byDigest = new Map();
    for (const e of data) byDigest.set(e.digest, [...(byDigest.get(e.digest) ?? []), e.path.slice(root.length + 1)]);
    sets = [...byDigest.values()];
  } catch (error) {
    sets = [`unreadable JSON: ${error.message}`];
  }
  return { sets, script: `${out}/r.sh`, dir: out };
}

/** The script rmlint wrote, run without asking, in its own folder (it leaves a stamp file where it runs). */
function runRmlintScript(script) {
  return spawnSync("sh", [script, "-d"], { encoding: "utf8", cwd: script.slice(0, script.lastIndexOf("/")) });
}

/** Runs `act` on a fresh tree of the case and reports what was lost. */
function outcome(make, act) {
  const root = fs.realpathSync(fs.mkdtempSync(join(tmpdir(), "peer-case-")));
  try {
    make(root);
    const before = contents(root);
    const namesBefore = names(root);
    const said = act(root);
    const after = contents(root);
    const namesAfter = names(root);
    return {
      ...said,
      contentsLost: lost(before, after),
      gone: [...namesBefore].filter((n) => !namesAfter.has(n)),
      added: [...namesAfter].filter((n) => !namesBefore.has(n)),
    };
  } finally {
    unmountAll();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function cleanspace(argv) {
  return spawnSync(process.execPath, [join(REPO, "bin", "cleanspace.cjs"), ...argv], {
    encoding: "utf8",
    env: { ...process.env, CLEANSPACE_CACHE_DIR: join(tmpdir(), "peer-cs-cache") },
  });
}

const summaryLine = (text) =>
  (text.match(/^(Moved \d+|Linked|Nothing to clean|Restored).*?(?=\. Undo|$)/m)?.[0] ?? text.trim().split("\n").at(-1) ?? "").slice(0, 160);

const TWIN = "the only copy of this photo\n".repeat(50);

const cases = [
  {
    class: "1. one file, two paths: a bind-mounted folder",
    test: "src/cli/safety/one-file-two-paths.test.ts › a bind-mounted folder inside the tree: nothing to clean",
    make: (r) => {
      put(r, "real/photo.jpg", TWIN);
      fs.mkdirSync(`${r}/mirror`);
      mount(["--bind", `${r}/real`], `${r}/mirror`);
    },
  },
  {
    class: "1. one file, two paths: a file bind-mounted onto another name (rmlint PR #183)",
    test: "src/cli/safety/one-file-two-paths.test.ts › a file bind-mounted onto another name: nothing to clean",
    make: (r) => {
      put(r, "real/photo.jpg", TWIN);
      put(r, "elsewhere/photo.jpg", "placeholder\n");
      mount(["--bind", `${r}/real/photo.jpg`], `${r}/elsewhere/photo.jpg`);
    },
  },
  {
    class: "1. one file, two paths: a `self -> .` link",
    test: "src/cli/safety/one-file-two-paths.test.ts › through a `self -> .` link",
    make: (r) => {
      put(r, "real/photo.jpg", TWIN);
      fs.symlinkSync(".", `${r}/self`);
    },
    follow: true,
  },
  {
    class: "2. names not UTF-8: x\\xff and x\\u{FFFD}, same bytes",
    test: "src/cli/safety/names-bytes.test.ts › x\\xff and x\\u{FFFD} are two files",
    make: (r) => {
      put(r, Buffer.from([0x78, 0xff]), "same bytes\n", Date.UTC(2020, 0, 1));
      put(r, Buffer.from([0x78, 0xef, 0xbf, 0xbd]), "same bytes\n", Date.UTC(2019, 0, 1));
    },
  },
  {
    class: "3. hard links: a1=a2, b1=b2, same bytes (fclones test_hard_link_merges_subgroups_of_hard_links)",
    test: "src/cli/safety/hard-links.test.ts › --link merges whole sets; clean moves every name of the set",
    make: (r) => {
      put(r, "file_a1", "foo", Date.UTC(2020, 0, 1));
      put(r, "file_b1", "foo", Date.UTC(2021, 0, 1));
      fs.linkSync(`${r}/file_a1`, `${r}/file_a2`);
      fs.linkSync(`${r}/file_b1`, `${r}/file_b2`);
    },
    links: true,
  },
  {
    class: "4. --protect through a symbolic link (DIR is a link, FOLDER its real path)",
    test: "src/cli/safety/protect.test.ts › DIR through a symbolic link, FOLDER by its real path",
    make: (r) => {
      put(r, "real/Best/photo.jpg", TWIN, Date.UTC(2022, 0, 1));
      put(r, "real/Old/photo.jpg", TWIN, Date.UTC(2019, 0, 1));
      fs.symlinkSync("real", `${r}/rootlink`);
    },
    protect: true,
  },
  {
    class: "5. a copy on another file system (tmpfs inside the tree)",
    test: "src/cli/safety/cross-device.test.ts › into the trash with clean, and back with undo",
    make: (r) => {
      put(r, "keep/song.flac", TWIN, Date.UTC(2018, 0, 1));
      mount(["-t", "tmpfs", "-o", "size=4m", "peer"], `${r}/usb`);
      put(r, "usb/song.flac", TWIN, Date.UTC(2020, 0, 1));
      fs.chownSync(`${r}/usb/song.flac`, 1234, 2345);
    },
    crossDevice: true,
  },
];

function makeUsb(r) {
  fs.mkdirSync(`${r}/usb`, { recursive: true });
}

const results = [];
const tools = { jdupes: version("jdupes", ["-v"]), rmlint: version("rmlint", ["--version"]), strace: version("strace", ["-V"]) };
if (!tools.jdupes || !tools.rmlint) {
  console.error("jdupes and rmlint are needed: apt-get install -y jdupes rmlint");
  process.exit(1);
}
execFileSync(process.execPath, [join(REPO, "scripts", "build-cli.mjs")], { stdio: "ignore" });

for (const c of cases) {
  const make = (r) => {
    if (c.crossDevice) makeUsb(r);
    c.make(r);
  };
  const dir = (r) => (c.protect ? `${r}/rootlink` : r);
  const row = { class: c.class, test: c.test };
  row.jdupesList = outcome(make, (r) => ({ sets: jdupesSets(dir(r), c.follow ? ["-s"] : c.links ? ["-H"] : []) }));
  row.jdupesDelete = outcome(make, (r) => {
    const run = spawnSync("jdupes", ["-r", "-d", "-N", ...(c.follow ? ["-s"] : c.links ? ["-H"] : []), dir(r)], { encoding: "latin1" });
    return { said: run.stdout.trim().split("\n").slice(-3).join(" | ").slice(0, 200) };
  });
  row.jdupesLink = outcome(make, (r) => {
    const run = spawnSync("jdupes", ["-r", "-L", ...(c.links ? ["-H"] : []), dir(r)], { encoding: "latin1" });
    return { said: `${run.stdout} ${run.stderr}`.trim().split("\n").slice(-2).join(" | ").slice(0, 200) };
  });
  row.rmlintList = outcome(make, (r) => {
    const args = c.protect
      ? [`${r}/rootlink`, "//", `${r}/real/Best`, "--keep-all-tagged"]
      : c.follow
        ? [dir(r), "--followlinks"]
        : [dir(r)];
    const { sets, dir: out } = rmlintSets(r, args);
    fs.rmSync(out, { recursive: true, force: true });
    return { sets };
  });
  row.rmlintRemove = outcome(make, (r) => {
    const args = c.protect
      ? [`${r}/rootlink`, "//", `${r}/real/Best`, "--keep-all-tagged"]
      : c.follow
        ? [dir(r), "--followlinks"]
        : [dir(r)];
    const { script, dir: out } = rmlintSets(r, args);
    const run = runRmlintScript(script);
    fs.rmSync(out, { recursive: true, force: true });
    return { said: `exit ${run.status}` };
  });
  const clean = (r) => cleanspace(["clean", dir(r), "--yes", ...(c.protect ? ["--protect", `${r}/real/Best`] : [])]);
  row.cleanspace = outcome(make, (r) => {
    const run = clean(r);
    return { said: `exit ${run.status}: ${summaryLine(run.stdout + run.stderr)}` };
  });
  row.cleanspaceThenUndo = outcome(make, (r) => {
    clean(r);
    const undo = cleanspace(["undo", dir(r)]);
    return { said: `undo exit ${undo.status}: ${summaryLine(undo.stdout)}` };
  });
  if (c.links) {
    row.cleanspaceLink = outcome(make, (r) => {
      const run = cleanspace(["clean", r, "--yes", "--link"]);
      const inodes = new Set(["file_a1", "file_a2", "file_b1", "file_b2"].map((n) => fs.statSync(`${r}/${n}`).ino)).size;
      return { said: `exit ${run.status}: ${summaryLine(run.stdout)}; ${inodes} inode(s) for the 4 names` };
    });
    for (const key of ["jdupesLink"]) {
      // Whether the peer merged all four names into one file.
      row[key].note = "see inodes below";
    }
    row.jdupesLinkInodes = outcome(make, (r) => {
      spawnSync("jdupes", ["-r", "-L", "-H", r]);
      return {
        said: `${new Set(["file_a1", "file_a2", "file_b1", "file_b2"].map((n) => fs.statSync(`${r}/${n}`).ino)).size} inode(s) for the 4 names`,
      };
    });
    row.rmlintLinkInodes = outcome(make, (r) => {
      const { script, dir: out } = rmlintSets(r, [r, "-c", "sh:link"]);
      runRmlintScript(script);
      fs.rmSync(out, { recursive: true, force: true });
      return {
        said: `${new Set(["file_a1", "file_a2", "file_b1", "file_b2"].map((n) => fs.statSync(`${r}/${n}`).ino)).size} inode(s) for the 4 names`,
      };
    });
  }
  if (c.crossDevice) {
    row.ownerAfter = outcome(make, (r) => {
      const { script, dir: out } = rmlintSets(r, [r]);
      fs.rmSync(out, { recursive: true, force: true });
      void script;
      const run = cleanspace(["clean", r, "--yes"]);
      const trashed = spawnSync("find", [`${r}/.cleanspace-trash`, "-name", "song.flac", "-printf", "%u:%g %m"], {
        encoding: "utf8",
      }).stdout;
      cleanspace(["undo", r]);
      const back = spawnSync("stat", ["-c", "%u:%g %a", `${r}/usb/song.flac`], { encoding: "utf8" }).stdout.trim();
      return { said: `cleanspace exit ${run.status}; in the trash ${trashed}; after undo ${back}` };
    });
  }
  results.push(row);
  console.log(`done: ${c.class}`);
}

// Class 6: kill -9 at the link step of each tool's hard-linking.
if (tools.strace) {
  const make = (r) => {
    put(r, "keep/report.pdf", TWIN, Date.UTC(2018, 0, 1));
    for (const n of [1, 2, 3]) put(r, `copies/report-${n}.pdf`, TWIN, Date.UTC(2020, 0, n));
  };
  const killed = (r, argv, syscall) =>
    spawnSync(
      "strace",
      ["-f", "-qq", "-o", "/dev/null", "-e", `trace=${syscall}`, "-e", `inject=${syscall}:signal=SIGKILL:when=1`, ...argv],
      {
        encoding: "utf8",
        cwd: r,
      },
    );
  const row = {
    class: "6. kill -9 during hard-linking (after the first link is made)",
    test: "src/cli/safety/interrupted.test.ts › kill -9 at each step of --link",
  };
  for (const syscall of ["link", "linkat", "rename", "renameat", "renameat2", "unlink", "unlinkat"]) {
    row[`jdupes -L killed at ${syscall}`] = outcome(make, (r) => {
      const run = killed(r, ["jdupes", "-r", "-L", r], syscall);
      return { said: `status ${run.status}` };
    });
  }
  for (const syscall of ["link", "rename"]) {
    row[`cleanspace --link killed at ${syscall}`] = outcome(make, (r) => {
      const run = killed(r, [process.execPath, join(REPO, "bin", "cleanspace.cjs"), "clean", r, "--link", "--yes"], syscall);
      const next = cleanspace(["undo", r, "--all"]);
      return {
        said: `status ${run.status}; then undo --all: exit ${next.status}, ${next.stdout.includes("Removed what an interrupted") ? "leftover removed" : "no leftover"}`,
      };
    });
  }
  results.push(row);
}

fs.mkdirSync(join(REPO, "bench", "results"), { recursive: true });
const json = { tools, when: new Date().toISOString(), results };
fs.writeFileSync(join(REPO, "bench", "results", "peer-safety.json"), `${JSON.stringify(json, null, 2)}\n`);
const cell = (o) =>
  o === undefined
    ? ""
    : [
        o.sets ? `${o.sets.length} set(s): ${JSON.stringify(o.sets)}` : o.said,
        o.contentsLost ? `**${o.contentsLost} content(s) lost**` : "nothing lost",
        o.gone?.length ? `names gone: ${JSON.stringify(o.gone)}` : "",
        o.added?.length ? `**names added: ${JSON.stringify(o.added)}**` : "",
      ]
        .filter(Boolean)
        .join("; ");
let md = `# Peers on issue 36's cases\n\n${Object.entries(tools)
  .map(([k, v]) => `- ${k}: ${v}`)
  .join("\n")}\n\n`;
for (const row of results) {
  md += `## ${row.class}\n\nProven by: ${row.test}\n\n| run | outcome |\n|---|---|\n`;
  for (const [key, value] of Object.entries(row))
    if (key !== "class" && key !== "test") md += `| ${key} | ${cell(value).replace(/\|/g, "\\|")} |\n`;
  md += "\n";
}
fs.writeFileSync(join(REPO, "bench", "results", "peer-safety.md"), md);
console.log(md);
