/**
 * The files one walk found, as columns rather than an object per file: a number costs 8 bytes
 * in a Float64Array and nothing for the garbage collector, where 100,000 entry objects cost
 * ~15 MB and a collection or two. Items (one object per file) are built only for the result.
 *
 * Files of one folder are contiguous (a folder is listed in one go), so a folder's files are
 * the range [fileStart, fileStart + fileCount) and the path of a file is its folder's path
 * plus its name.
 */
export class FileTable {
  /** Folder paths relative to the root, "/"-separated; "" is the root. */
  readonly dirPaths: string[] = [];
  dirFileStart: Int32Array;
  dirFileCount: Int32Array;
  /** Folder identity (dev, ino): the same folder reached twice is a bind-mount loop. */
  dirDev: Float64Array;
  dirIno: Float64Array;

  readonly names: string[] = [];
  fileDir: Int32Array;
  size: Float64Array;
  /** Modification time, whole ms (what items carry). */
  mtime: Float64Array;
  /** Status-change time, ms: any write moves it (the hash cache's stamp). */
  ctime: Float64Array;
  ino: Float64Array;
  /** Device of the file system that holds the file: with `ino`, the file's identity (the hash cache's key). */
  dev: Float64Array;
  /** The latest modification or status-change time of any file (ms): the hash cache skips its racy-window checks when this is old enough. */
  newestStamp = -Infinity;
  /** "dev:ino" of files with several names (hard links), by file index; most files have one name. */
  readonly linkIds = new Map<number, string>();
  /**
   * After a shared walk (mergeTables): which thread listed each file and at which index of its
   * own table — a worker then keys its own files from its own table, no path sent to it.
   */
  listedBy: { thread: Uint8Array; index: Int32Array } | null = null;

  /** Capacities grow by doubling; a known size (the merge) allocates once. */
  constructor(fileCapacity = 1024, dirCapacity = 256) {
    const files = Math.max(1, fileCapacity);
    const dirs = Math.max(1, dirCapacity);
    this.dirFileStart = new Int32Array(dirs);
    this.dirFileCount = new Int32Array(dirs);
    this.dirDev = new Float64Array(dirs);
    this.dirIno = new Float64Array(dirs);
    this.fileDir = new Int32Array(files);
    this.size = new Float64Array(files);
    this.mtime = new Float64Array(files);
    this.ctime = new Float64Array(files);
    this.ino = new Float64Array(files);
    this.dev = new Float64Array(files);
  }

  get fileCount(): number {
    return this.names.length;
  }

  get dirCount(): number {
    return this.dirPaths.length;
  }

  /** Starts a folder; its files must be added next, before any other folder's. */
  addDir(path: string, dev: number, ino: number): number {
    const d = this.dirPaths.length;
    if (d === this.dirFileStart.length) this.growDirs(d * 2);
    this.dirPaths.push(path);
    this.dirFileStart[d] = this.names.length;
    this.dirFileCount[d] = 0;
    this.dirDev[d] = dev;
    this.dirIno[d] = ino;
    return d;
  }

  addFile(dir: number, name: string, size: number, mtime: number, ctime: number, ino: number, dev: number): number {
    const i = this.names.length;
    if (i === this.size.length) this.growFiles(i * 2);
    this.names.push(name);
    this.fileDir[i] = dir;
    this.size[i] = size;
    this.mtime[i] = mtime;
    this.ctime[i] = ctime;
    this.ino[i] = ino;
    this.dev[i] = dev;
    if (mtime > this.newestStamp) this.newestStamp = mtime;
    if (ctime > this.newestStamp) this.newestStamp = ctime;
    this.dirFileCount[dir] = (this.dirFileCount[dir] ?? 0) + 1;
    return i;
  }

  /** Relative path of file i. */
  path(i: number): string {
    const dir = this.dirPaths[this.fileDir[i] ?? 0] ?? "";
    const name = this.names[i] ?? "";
    return dir === "" ? name : `${dir}/${name}`;
  }

  private growDirs(capacity: number): void {
    this.dirFileStart = grow(this.dirFileStart, capacity);
    this.dirFileCount = grow(this.dirFileCount, capacity);
    this.dirDev = grow(this.dirDev, capacity);
    this.dirIno = grow(this.dirIno, capacity);
  }

  private growFiles(capacity: number): void {
    this.fileDir = grow(this.fileDir, capacity);
    this.size = grow(this.size, capacity);
    this.mtime = grow(this.mtime, capacity);
    this.ctime = grow(this.ctime, capacity);
    this.ino = grow(this.ino, capacity);
    this.dev = grow(this.dev, capacity);
  }
}

function grow<T extends Int32Array | Float64Array>(column: T, capacity: number): T {
  const next = new (column.constructor as new (n: number) => T)(capacity);
  next.set(column);
  return next;
}
