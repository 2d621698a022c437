/** Builds a corpus with the repository's generator (bench/corpus/make-corpus.mjs) and returns its manifest. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MAKE_CORPUS } from "./corpus-tools";

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

export function makeCorpus(files: number, seed: number, maxBytes = "20M"): CorpusManifest {
  const dir = join(mkdtempSync(join(tmpdir(), "cs-corpus-")), "corpus");
  execFileSync(process.execPath, [MAKE_CORPUS, dir, "--files", String(files), "--seed", String(seed), "--max-bytes", maxBytes], {
    stdio: "ignore",
  });
  return JSON.parse(readFileSync(`${dir}.manifest.json`, "utf8")) as CorpusManifest;
}
