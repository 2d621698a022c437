/** Builds a corpus with the shared generator (../shared/bench) and returns its manifest. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sharedBenchDir } from "./shared-bench";

export interface CorpusManifest {
  dir: string;
  totals: {
    files: number;
    bytes: number;
    zeroByteFiles: number;
    dupGroups: number;
    dupFiles: number;
    dupWastedBytes: number;
    largeFiles: number;
    oldFiles: number;
  };
  duplicateGroups: string[][];
}

export const MAKE_CORPUS = join(sharedBenchDir(), "make-corpus.mjs");

export function makeCorpus(files: number, seed: number, maxBytes = "20M"): CorpusManifest {
  const dir = join(mkdtempSync(join(tmpdir(), "cs-corpus-")), "corpus");
  execFileSync(process.execPath, [MAKE_CORPUS, dir, "--files", String(files), "--seed", String(seed), "--max-bytes", maxBytes], {
    stdio: "ignore",
  });
  return JSON.parse(readFileSync(`${dir}.manifest.json`, "utf8")) as CorpusManifest;
}
