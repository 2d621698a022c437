import * as nodeFs from "node:fs";
import { ScanAccessError } from "../../scan/errors";

/** "/data/" and "/data" name one root; "/" stays "/" (children then read as "//x", which is fine). */
export function trimSlash(root: string): string {
  return root.length > 1 && root.endsWith("/") ? root.slice(0, -1) : root;
}

/** Throws a ScanAccessError (with the spec's wording) unless `root` is a readable folder. */
export function checkRoot(fs: Pick<typeof nodeFs, "statSync" | "accessSync">, root: string): void {
  let stats: nodeFs.Stats;
  try {
    stats = fs.statSync(root);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") throw new ScanAccessError("not-found", `No such directory: ${root}`);
    if (code === "EACCES" || code === "EPERM") throw new ScanAccessError("permission-denied", `Permission denied: ${root}`);
    throw new ScanAccessError("unreadable", `Cannot read ${root}: ${code ?? String(error)}`);
  }
  if (!stats.isDirectory()) throw new ScanAccessError("not-a-directory", `Not a directory: ${root}`);
  try {
    fs.accessSync(root, nodeFs.constants.R_OK | nodeFs.constants.X_OK);
  } catch {
    throw new ScanAccessError("permission-denied", `Permission denied: ${root}`);
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
}
