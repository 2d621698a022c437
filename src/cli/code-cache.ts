import * as fs from "node:fs";
import { createRequire, wrap } from "node:module";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

export interface LoadedBundle {
  exports: Record<string, unknown>;
  /** True when V8 took the saved code instead of compiling the bundle again. */
  fromCache: boolean;
  /** Saves the code compiled so far for the next run, unless the cache was used as it is; never throws. */
  save(): void;
}

/**
 * Runs a CommonJS bundle as `require` would, with V8's code cache: the bytecode of every
 * function the last run compiled, so a run does not parse and compile the CLI again. A scan
 * of 20,000 files spent 5–11 ms of its ~210 ms rescan on that (decision 016, session 9).
 * Kept in `cacheDir` (the user's cache folder, 0700 like the hash caches) under a name made
 * of the bundle's size and time and Node's version; V8 rejects data that does not fit its
 * source or build, and the bundle then compiles as usual and the file is written again.
 */
export function loadWithCodeCache(bundle: string, cacheDir: string): LoadedBundle {
  const source = fs.readFileSync(bundle, "utf8");
  const stat = fs.statSync(bundle);
  const tag = nameHash(`${process.version}\0${bundle}\0${stat.size}\0${stat.mtimeMs}`);
  const file = join(cacheDir, `cli-code-${tag}.v8`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = fs.readFileSync(file);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(wrap(source), { filename: bundle, cachedData });
  const module = { exports: {} as Record<string, unknown> };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const fromCache = cachedData !== undefined && !script.cachedDataRejected;
  return {
    exports: module.exports,
    fromCache,
    save() {
      if (fromCache) return;
      try {
        fs.mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
        const temp = `${file}.${process.pid}.tmp`;
        fs.writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temp, file);
        // Older bundles' code can never be used again.
        for (const name of fs.readdirSync(cacheDir)) {
          if (name.startsWith("cli-code-") && name.endsWith(".v8") && join(cacheDir, name) !== file)
            fs.rmSync(join(cacheDir, name), { force: true });
        }
      } catch {
        // A read-only home: the next run compiles the bundle, that is all.
      }
    },
  };
}

/**
 * A file name for the key: 32-bit FNV-1a from two starting values, in hex. Only a name (V8
 * itself rejects data made for another source or build), so no node:crypto, whose loading
 * took ~2.6 ms of every run.
 */
export function nameHash(key: string): string {
  return fnv1a(key, 0x811c9dc5) + fnv1a(key, 0x2b992ddf);
}

function fnv1a(key: string, basis: number): string {
  let hash = basis;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, "0");
}
