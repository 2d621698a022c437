/**
 * Clean on every device (issue 20): a Pro user with a keep-rule set scans a folder
 * through the file input (the browser may read it but never write it), exports a cleanup
 * plan from Organize, and the built CLI applies it to the same folder on disk — then undoes
 * it, byte for byte. Axe runs on both pages visited.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { expect, expectAccessible, test } from "./fixtures";

const CLI = join(process.cwd(), "bin", "cleanspace.cjs");
const REPORT = "Quarterly report\n".repeat(500);
/** [path, content, mtime in seconds]: the oldest copy is in keep/, the rule prefers wanted/. */
const TREE: [string, string, number][] = [
  ["keep/report.txt", REPORT, 1_600_000_000],
  ["wanted/report.txt", REPORT, 1_650_000_000],
  ["Downloads/it's a “copy” ü.txt", REPORT, 1_700_000_000],
  ["notes.txt", "milk, eggs", 1_600_000_000],
];

function listing(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (name !== ".cleanspace-trash") walk(p);
      } else out.push(`${relative(dir, p)} ${createHash("sha256").update(readFileSync(p)).digest("hex")} ${statSync(p).mtimeMs}`);
    }
  };
  walk(dir);
  return out.sort();
}

test("a plan exported from a read-only folder is applied and undone by the CLI", async ({ page, signUp }) => {
  test.setTimeout(90_000);
  const work = mkdtempSync(join(tmpdir(), "cs-plan-"));
  const root = join(work, "Family Files");
  for (const [path, content, seconds] of TREE) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), content);
    utimesSync(join(root, path), seconds, seconds);
  }
  const before = listing(root);
  try {
    await signUp({ name: "Petra", pro: true });
    // The keep-rule as Settings stores it (the card itself: keep-rules-card.test.tsx; its axe
    // check: settings.spec.ts): prefer the copy inside "wanted".
    await page.addInitScript(() => {
      localStorage.setItem("tourCompleted", "true");
      const policy = { rules: [{ kind: "inside", folder: "wanted" }, { kind: "oldest" }, { kind: "shortest-path" }], protectedFolders: [] };
      localStorage.setItem("cleanspace.keep-policy", JSON.stringify(policy));
    });

    // Scan through the file input: this browser can read the folder, not change it.
    await page.goto("/home");
    await page.getByRole("button", { name: "Real data scan" }).click();
    await page.getByLabel("Or choose a folder manually (works in every browser)").setInputFiles(root);
    await expect(page.getByTestId("result-files-found")).toHaveText(String(TREE.length), { timeout: 30_000 });
    await expectAccessible(page);

    await page.goto("/organize?tab=files");
    await expect(page.getByTestId("read-only-note")).toBeVisible();
    await page.getByRole("button", { name: "Export cleanup plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Export cleanup plan" });
    await expect(dialog).toContainText("inside:wanted, oldest, shortest-path");
    await expectAccessible(page);
    const download = page.waitForEvent("download");
    await dialog.getByLabel("Choose the scanned folder again, so this device can fingerprint its files").setInputFiles(root);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cleanspace-plan-Family-Files-\d{4}-\d{2}-\d{2}\.json$/);
    await expect(dialog.getByTestId("plan-status")).toContainText("2 copies");
    const planPath = join(work, file.suggestedFilename());
    await file.saveAs(planPath);
    const plan = JSON.parse(readFileSync(planPath, "utf8")) as {
      rootName: string;
      actions: { file: { path: string }; keep: { path: string }; reason: string }[];
    };
    expect(plan.rootName).toBe("Family Files");
    expect(plan.actions.map((a) => [a.file.path, a.keep.path]).sort()).toEqual([
      ["Downloads/it's a “copy” ü.txt", "wanted/report.txt"],
      ["keep/report.txt", "wanted/report.txt"],
    ]);
    expect(plan.actions[0]!.reason).toContain("inside your preferred folder “wanted”");

    // The CLI on the same tree: check, move, undo.
    const dry = spawnSync(process.execPath, [CLI, "apply", planPath, "--root", root, "--dry-run"], { encoding: "utf8" });
    expect(dry.status, dry.stderr).toBe(0);
    expect(listing(root)).toEqual(before);
    execFileSync(process.execPath, [CLI, "apply", planPath, "--root", root], { encoding: "utf8" });
    expect(listing(root).map((l) => l.split(" ")[0])).toEqual(["notes.txt", "wanted/report.txt"]);
    const undo = execFileSync(process.execPath, [CLI, "undo", root], { encoding: "utf8" });
    expect(undo).toContain("Restored 2");
    expect(listing(root)).toEqual(before);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
