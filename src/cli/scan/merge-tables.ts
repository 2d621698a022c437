import type { SkipCounts } from "../../scan/types";
import type { TablePayload } from "./crew-protocol";
import { FileTable } from "./file-table";

/** The columns of a walker's table, as the merge reads them (a FileTable, or one received from a worker). */
export interface TableParts {
  dirPaths: readonly string[];
  dirFileStart: Int32Array;
  dirFileCount: Int32Array;
  dirDev: Float64Array;
  dirIno: Float64Array;
  names: readonly string[];
  size: Float64Array;
  mtime: Float64Array;
  ctime: Float64Array;
  ino: Float64Array;
  dev: Float64Array;
  linkIds: ReadonlyMap<number, string>;
  /** The thread that listed this table (0 the main one). */
  thread?: number;
}

/** A worker's table for the trip to the main thread: names joined (one string is cloned far faster than 50,000), columns moved, not copied. */
export function toPayload(table: FileTable, skipped: SkipCounts): { payload: TablePayload; transfer: ArrayBuffer[] } {
  const dirs = table.dirCount;
  const files = table.fileCount;
  const payload: TablePayload = {
    dirPaths: table.dirPaths,
    dirFileStart: table.dirFileStart.slice(0, dirs),
    dirFileCount: table.dirFileCount.slice(0, dirs),
    dirDev: table.dirDev.slice(0, dirs),
    dirIno: table.dirIno.slice(0, dirs),
    names: table.names.join("\0"),
    fileDir: table.fileDir.slice(0, files),
    size: table.size.slice(0, files),
    mtime: table.mtime.slice(0, files),
    ctime: table.ctime.slice(0, files),
    ino: table.ino.slice(0, files),
    dev: table.dev.slice(0, files),
    links: [...table.linkIds],
    skipped,
  };
  const transfer = [
    payload.dirFileStart,
    payload.dirFileCount,
    payload.dirDev,
    payload.dirIno,
    payload.fileDir,
    payload.size,
    payload.mtime,
    payload.ctime,
    payload.ino,
    payload.dev,
  ].map((column) => column.buffer as ArrayBuffer);
  return { payload, transfer };
}

export function fromPayload(payload: TablePayload): TableParts {
  // File names never hold "\0" (no file system allows it), so the split is exact.
  const names = payload.size.length === 0 ? [] : payload.names.split("\0");
  return { ...payload, names, linkIds: new Map(payload.links) };
}

/**
 * One table from the walkers' tables, in a canonical order — folders by path (code-unit
 * order), files of a folder as the folder listed them — so the items come out the same
 * whatever the number of threads and however the folders were shared. Null when two
 * walkers listed the same folder under two paths (a bind mount seen from both sides):
 * only a walk on one thread tells which path comes first, so the caller walks again alone.
 */
export function mergeTables(tables: readonly TableParts[]): FileTable | null {
  const folders: { path: string; table: number; dir: number }[] = [];
  let files = 0;
  const ids = new Set<string>();
  for (let t = 0; t < tables.length; t++) {
    const table = tables[t] as TableParts;
    files += table.names.length;
    for (let d = 0; d < table.dirPaths.length; d++) {
      folders.push({ path: table.dirPaths[d] as string, table: t, dir: d });
      if (tables.length > 1) {
        const id = `${table.dirDev[d]}:${table.dirIno[d]}`;
        if (ids.has(id)) return null;
        ids.add(id);
      }
    }
  }
  folders.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const out = new FileTable(files, folders.length);
  const listedBy = tables.length > 1 ? { thread: new Uint8Array(files), index: new Int32Array(files) } : null;
  for (const { path, table: t, dir } of folders) {
    const table = tables[t] as TableParts;
    const thread = table.thread ?? 0;
    const d = out.addDir(path, table.dirDev[dir] ?? 0, table.dirIno[dir] ?? 0);
    const start = table.dirFileStart[dir] ?? 0;
    const end = start + (table.dirFileCount[dir] ?? 0);
    const links = table.linkIds.size > 0 ? table.linkIds : null;
    for (let i = start; i < end; i++) {
      const at = out.addFile(
        d,
        table.names[i] as string,
        table.size[i] ?? 0,
        table.mtime[i] ?? 0,
        table.ctime[i] ?? 0,
        table.ino[i] ?? 0,
        table.dev[i] ?? 0,
      );
      const link = links?.get(i);
      if (link !== undefined) out.linkIds.set(at, link);
      if (listedBy) {
        listedBy.thread[at] = thread;
        listedBy.index[at] = i;
      }
    }
  }
  out.listedBy = listedBy;
  return out;
}
