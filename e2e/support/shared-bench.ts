/**
 * Where the team's shared corpus tools live (make-corpus.mjs, check-dupes.mjs). They sit
 * beside the repository (../shared/bench); a clone elsewhere (CI's scratch clone) finds them
 * through SHARED_BENCH_DIR or the workspace's fixed path.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../..", import.meta.url));

export function sharedBenchDir(): string {
  const candidates = [process.env.SHARED_BENCH_DIR, resolve(REPO, "..", "shared", "bench"), "/work/shared/bench"].filter(
    (d): d is string => !!d,
  );
  const found = candidates.find((d) => existsSync(join(d, "make-corpus.mjs")));
  if (!found) throw new Error(`make-corpus.mjs not found in ${candidates.join(", ")}; set SHARED_BENCH_DIR`);
  return found;
}
