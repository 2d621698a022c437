import { readFileSync, realpathSync } from "node:fs";

/**
 * True when something is mounted below `root` (Linux: /proc/self/mountinfo), or when that
 * cannot be told (other systems, no /proc). Only then can one file be reached by two paths
 * with one name each (a bind mount), and only then does the scan look for it (find-groups.ts).
 */
export function mountsBelow(root: string): boolean {
  if (process.platform !== "linux") return true;
  let table: string;
  let real: string;
  try {
    table = readFileSync("/proc/self/mountinfo", "utf8");
    real = realpathSync(root);
  } catch {
    return true;
  }
  const prefix = real.endsWith("/") ? real : `${real}/`;
  for (const line of table.split("\n")) {
    // Field 5 is the mount point, with space, tab, newline and backslash written as octal escapes.
    const point = line.split(" ")[4];
    if (point === undefined) continue;
    const path = point.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
    if (path.startsWith(prefix)) return true;
  }
  return false;
}
