import { homedir } from "node:os";
import { join } from "node:path";

/** The platform's per-user cache folder for CleanSpace (hash caches, Node's compile cache of the CLI), or CLEANSPACE_CACHE_DIR. */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (env.CLEANSPACE_CACHE_DIR) return env.CLEANSPACE_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, "cleanspace");
  if (platform === "darwin") return join(homedir(), "Library", "Caches", "cleanspace");
  if (platform === "win32" && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, "cleanspace", "Cache");
  return join(homedir(), ".cache", "cleanspace");
}
