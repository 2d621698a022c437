import { type ScanCategory, categorize, fileExtension, isLargeFile, isOldFile } from "../domain/scan-rules";
import { guessMimeType } from "./mime-types";
import type { ScanEntry, ScanItem } from "./types";

interface Kind {
  type: string;
  category: ScanCategory;
}

/**
 * Kind by (MIME type, extension), remembered: a scan meets a few dozen distinct pairs among
 * 100,000 files, so each rule runs a few dozen times rather than once per file. Files without
 * a MIME type (every file Node lists) are looked up by extension alone: one small string per file.
 */
const kindByExtension = new Map<string, Kind>();
const kindByTypeAndExtension = new Map<string, Kind>();

export function kindOf(type: string, name: string): Kind {
  const extension = fileExtension(name);
  const cache = type === "" ? kindByExtension : kindByTypeAndExtension;
  const key = type === "" ? extension : `${type}|${extension}`;
  let kind = cache.get(key);
  if (kind === undefined) {
    const mime = type || guessMimeType(name);
    kind = { type: mime, category: categorize(mime, name) };
    cache.set(key, kind);
  }
  return kind;
}

/** Turns a listed file into an index item (spec §3 "Scanned file", §5 category, §9 large/old). */
export function classifyEntry(entry: Pick<ScanEntry, "path" | "name" | "size" | "modified" | "type">, id: number, nowMs: number): ScanItem {
  const kind = kindOf(entry.type, entry.name);
  return {
    id,
    path: entry.path,
    name: entry.name,
    size: entry.size,
    type: kind.type,
    category: kind.category,
    modified: entry.modified,
    isLarge: isLargeFile(entry.size),
    isOld: isOldFile(entry.modified, nowMs),
    duplicateGroup: null,
    isOriginal: false,
  };
}
