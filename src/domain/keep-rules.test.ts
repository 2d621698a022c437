import { describe, expect, it } from "vitest";
import { DEFAULT_KEEP_POLICY, type KeepPolicy, decideGroup, isInFolder, parseKeepRule } from "./keep-rules";

const f = (path: string, modified: number) => ({ path, modified });
const policy = (rules: KeepPolicy["rules"], protectedFolders: string[] = []): KeepPolicy => ({ rules, protectedFolders });
const kept = (decisions: ReturnType<typeof decideGroup>) => decisions.filter((d) => d.action === "keep").map((d) => d.file.path);
const removed = (decisions: ReturnType<typeof decideGroup>) => decisions.filter((d) => d.action === "remove").map((d) => d.file.path);

describe("isInFolder", () => {
  it("matches a folder at any depth unless anchored with /", () => {
    expect(isInFolder("Downloads/a.jpg", "Downloads")).toBe(true);
    expect(isInFolder("home/Downloads/x/a.jpg", "Downloads")).toBe(true);
    expect(isInFolder("home/Downloads/a.jpg", "/Downloads")).toBe(false);
    expect(isInFolder("Downloads/a.jpg", "/Downloads")).toBe(true);
    expect(isInFolder("Photos/Best/a.jpg", "Photos/Best")).toBe(true);
    expect(isInFolder("Photos/Other/Best/a.jpg", "Photos/Best")).toBe(false);
  });
  it("matches whole folder names, ignoring case and normalisation, never the file name", () => {
    expect(isInFolder("MyDownloads/a.jpg", "Downloads")).toBe(false);
    expect(isInFolder("downloads/a.jpg", "Downloads")).toBe(true);
    expect(isInFolder("Downloads", "Downloads")).toBe(false);
    expect(isInFolder("Cafe\u0301/a.jpg", "Caf\u00e9")).toBe(true);
  });
});

describe("decideGroup", () => {
  const group = [f("Backup/2019/IMG_1.jpg", 1000), f("Photos/IMG_1.jpg", 2000), f("Downloads/IMG_1.jpg", 3000)];

  it("keeps the oldest by default and says so for each copy", () => {
    const d = decideGroup(group, DEFAULT_KEEP_POLICY);
    expect(kept(d)).toEqual(["Backup/2019/IMG_1.jpg"]);
    expect(removed(d).sort()).toEqual(["Downloads/IMG_1.jpg", "Photos/IMG_1.jpg"]);
    const copy = d.find((x) => x.file.path === "Photos/IMG_1.jpg")!;
    expect(copy.reason).toBe("Copy of “Backup/2019/IMG_1.jpg”, which is kept because it is older");
    expect(d.find((x) => x.action === "keep")!.reason).toBe("Kept because it is the oldest copy");
  });

  it("newest, shortest path, inside and outside each choose their copy", () => {
    expect(kept(decideGroup(group, policy([{ kind: "newest" }])))).toEqual(["Downloads/IMG_1.jpg"]);
    expect(kept(decideGroup(group, policy([{ kind: "shortest-path" }])))).toEqual(["Photos/IMG_1.jpg"]);
    expect(kept(decideGroup(group, policy([{ kind: "inside", folder: "Photos" }])))).toEqual(["Photos/IMG_1.jpg"]);
    const outside = decideGroup(group, policy([{ kind: "outside", folder: "Downloads" }, { kind: "newest" }]));
    expect(kept(outside)).toEqual(["Photos/IMG_1.jpg"]);
    // The Downloads copy loses on "outside", the Backup one only on "newest": each says its own rule.
    expect(outside.find((x) => x.file.path === "Downloads/IMG_1.jpg")!.reason).toMatch(/it is outside “Downloads”$/);
    expect(outside.find((x) => x.file.path === "Backup/2019/IMG_1.jpg")!.reason).toMatch(/it is newer$/);
  });

  it("breaks a tie on every rule by code-unit path order, and says so", () => {
    const tie = [f("b/x.jpg", 5), f("a/x.jpg", 5)];
    const d = decideGroup(tie, policy([{ kind: "oldest" }, { kind: "shortest-path" }]));
    expect(kept(d)).toEqual(["a/x.jpg"]);
    expect(d.find((x) => x.action === "remove")!.reason).toMatch(/tie on every keep-rule/);
    // No rules at all: still exactly one survivor.
    expect(kept(decideGroup(tie, policy([])))).toEqual(["a/x.jpg"]);
  });

  it("never proposes a protected file, and keeps a protected copy over the rules' choice", () => {
    const d = decideGroup(group, policy([{ kind: "oldest" }], ["Downloads"]));
    expect(kept(d)).toEqual(["Downloads/IMG_1.jpg"]);
    expect(removed(d).sort()).toEqual(["Backup/2019/IMG_1.jpg", "Photos/IMG_1.jpg"]);
    expect(d.find((x) => x.action === "remove")!.reason).toMatch(/protected folder “Downloads”/);
  });

  it("with several protected copies keeps the best of them and leaves the others alone", () => {
    const d = decideGroup(group, policy([{ kind: "oldest" }], ["Photos", "Downloads"]));
    expect(kept(d)).toEqual(["Photos/IMG_1.jpg"]);
    expect(d.find((x) => x.file.path === "Downloads/IMG_1.jpg")!.action).toBe("leave");
    expect(removed(d)).toEqual(["Backup/2019/IMG_1.jpg"]);
  });

  it("proposes nothing when every copy is protected", () => {
    const d = decideGroup(group, policy([{ kind: "newest" }], ["Backup", "Photos", "Downloads"]));
    expect(removed(d)).toEqual([]);
    expect(d.filter((x) => x.action !== "remove")).toHaveLength(3);
  });

  it("proposes nothing for a group of one", () => {
    expect(removed(decideGroup([f("a.jpg", 1)], DEFAULT_KEEP_POLICY))).toEqual([]);
  });

  it("matches the engine's default original (oldest, then shortest path)", () => {
    const d = decideGroup([f("long/path/x.jpg", 7), f("x.jpg", 7)], DEFAULT_KEEP_POLICY);
    expect(kept(d)).toEqual(["x.jpg"]);
    expect(d.find((x) => x.action === "remove")!.reason).toMatch(/its path is shorter$/);
  });
});

describe("parseKeepRule", () => {
  it("reads the CLI spellings", () => {
    expect(parseKeepRule("oldest")).toEqual({ kind: "oldest" });
    expect(parseKeepRule("inside:Photos/Best")).toEqual({ kind: "inside", folder: "Photos/Best" });
    expect(parseKeepRule("outside:/Downloads")).toEqual({ kind: "outside", folder: "/Downloads" });
  });
  it("refuses unknown rules and folders with .. or nothing in them", () => {
    expect(() => parseKeepRule("biggest")).toThrow(/unknown keep-rule/);
    expect(() => parseKeepRule("inside:")).toThrow(/Name a folder/);
    expect(() => parseKeepRule("inside:../x")).toThrow(/“\.\.”/);
    expect(() => parseKeepRule("inside")).toThrow(/keep-rule 'inside'/);
  });
});
