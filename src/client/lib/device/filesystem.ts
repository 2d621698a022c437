/**
 * Text files in the app's documents directory (spec §7). On the web these do nothing and
 * return false or null. On native they rethrow plugin errors (spec §8: the file helpers
 * are the ones that do not swallow errors).
 */
import { isNativePlatform } from "./platform";

export async function writeFile(path: string, data: string): Promise<boolean> {
  if (!isNativePlatform()) return false;
  const { Filesystem, Directory, Encoding } = await import("@capacitor/filesystem");
  await Filesystem.writeFile({ path, data, directory: Directory.Documents, encoding: Encoding.UTF8, recursive: true });
  return true;
}

export async function readFile(path: string): Promise<string | null> {
  if (!isNativePlatform()) return null;
  const { Filesystem, Directory, Encoding } = await import("@capacitor/filesystem");
  const { data } = await Filesystem.readFile({ path, directory: Directory.Documents, encoding: Encoding.UTF8 });
  return typeof data === "string" ? data : await data.text();
}

export async function deleteFile(path: string): Promise<boolean> {
  if (!isNativePlatform()) return false;
  const { Filesystem, Directory } = await import("@capacitor/filesystem");
  await Filesystem.deleteFile({ path, directory: Directory.Documents });
  return true;
}
