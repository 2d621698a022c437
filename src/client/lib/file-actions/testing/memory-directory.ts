/**
 * An in-memory FileSystemDirectoryHandle for tests of the trash mover: folders, files with
 * bytes and times, streamed writes, removeEntry, entries(), and — when `withMove` — the
 * Chromium-only FileSystemFileHandle.move(). Errors carry the DOMException names browsers use.
 */
import type { DirHandle, FileHandle, WritableFile } from "../handles";

type Node = MemoryDir | MemoryFile;

const domError = (name: string, message: string) => Object.assign(new Error(message), { name });

export interface MemoryOptions {
  withMove?: boolean;
  /** Cut every streamed copy short by this many bytes (to prove the size check). */
  truncateCopiesBy?: number;
  /** A clock for new files' lastModified. */
  now?: () => number;
}

export class MemoryFile implements FileHandle {
  readonly kind = "file" as const;
  constructor(
    public name: string,
    public bytes: Uint8Array,
    public lastModified: number,
    public parent: MemoryDir,
    private readonly options: MemoryOptions,
  ) {}

  /** Another name the platform reports as this same entry (as a browser may for a link or a mount). */
  sameAs: MemoryFile | null = null;

  async isSameEntry(other: FileHandle): Promise<boolean> {
    return other === this || other === this.sameAs || (other as MemoryFile).sameAs === this;
  }

  async getFile(): Promise<File> {
    if (this.parent.children.get(this.name) !== this) throw domError("NotFoundError", `${this.name} was removed`);
    return new File([this.bytes as BlobPart], this.name, { lastModified: this.lastModified });
  }

  async createWritable(): Promise<WritableFile> {
    const chunks: Uint8Array[] = [];
    const cut = this.options.truncateCopiesBy ?? 0;
    const finish = (all: Uint8Array, total: number) => {
      this.bytes = all.slice(0, Math.max(0, total - cut));
      this.lastModified = (this.options.now ?? Date.now)();
    };
    const stream = new WritableStream<Uint8Array>({
      write(chunk) {
        chunks.push(new Uint8Array(chunk));
      },
      close() {
        const total = chunks.reduce((n, c) => n + c.length, 0);
        const all = new Uint8Array(total);
        let at = 0;
        for (const c of chunks) {
          all.set(c, at);
          at += c.length;
        }
        finish(all, total);
      },
    });
    return stream as WritableFile;
  }

  get move(): FileHandle["move"] {
    if (!this.options.withMove) return undefined;
    return async (destination: DirHandle, name: string) => {
      const dest = destination as unknown as MemoryDir;
      if (dest.children.has(name)) throw domError("InvalidModificationError", `${name} exists`);
      this.parent.children.delete(this.name);
      this.name = name;
      this.parent = dest;
      dest.children.set(name, this);
    };
  }
}

export class MemoryDir implements DirHandle {
  readonly kind = "directory" as const;
  readonly children = new Map<string, Node>();
  constructor(
    readonly name: string,
    private readonly options: MemoryOptions = {},
  ) {}

  async getDirectoryHandle(name: string, opts: { create?: boolean } = {}): Promise<MemoryDir> {
    const found = this.children.get(name);
    if (found instanceof MemoryDir) return found;
    if (found) throw domError("TypeMismatchError", `${name} is a file`);
    if (!opts.create) throw domError("NotFoundError", `${name} not found`);
    const dir = new MemoryDir(name, this.options);
    this.children.set(name, dir);
    return dir;
  }

  async getFileHandle(name: string, opts: { create?: boolean } = {}): Promise<MemoryFile> {
    const found = this.children.get(name);
    if (found instanceof MemoryFile) return found;
    if (found) throw domError("TypeMismatchError", `${name} is a folder`);
    if (!opts.create) throw domError("NotFoundError", `${name} not found`);
    const file = new MemoryFile(name, new Uint8Array(), (this.options.now ?? Date.now)(), this, this.options);
    this.children.set(name, file);
    return file;
  }

  async removeEntry(name: string, opts: { recursive?: boolean } = {}): Promise<void> {
    const found = this.children.get(name);
    if (!found) throw domError("NotFoundError", `${name} not found`);
    if (found instanceof MemoryDir && found.children.size > 0 && !opts.recursive)
      throw domError("InvalidModificationError", `${name} is not empty`);
    this.children.delete(name);
  }

  async *entries(): AsyncIterable<[string, Node]> {
    for (const entry of [...this.children.entries()]) yield entry;
  }
}

/** Builds a tree from { "a/b.jpg": "bytes" or Uint8Array }; every file gets `modified`. */
export function memoryTree(files: Record<string, string | Uint8Array>, options: MemoryOptions & { modified?: number } = {}): MemoryDir {
  const root = new MemoryDir("root", options);
  for (const [path, content] of Object.entries(files)) {
    const parts = path.split("/");
    let dir = root;
    for (const p of parts.slice(0, -1)) {
      let next = dir.children.get(p);
      if (!next) {
        next = new MemoryDir(p, options);
        dir.children.set(p, next);
      }
      dir = next as MemoryDir;
    }
    const name = parts[parts.length - 1]!;
    const bytes = typeof content === "string" ? new TextEncoder().encode(content) : content;
    dir.children.set(name, new MemoryFile(name, bytes, options.modified ?? 1_700_000_000_000, dir, options));
  }
  return root;
}

/** Every file as path → text, for comparing whole trees. */
/** Every file's text by path — the trash journal left out (journalText reads it). */
export function snapshot(dir: MemoryDir, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, node] of dir.children) {
    const path = prefix ? `${prefix}/${name}` : name;
    if (node instanceof MemoryDir) Object.assign(out, snapshot(node, path));
    else if (path !== JOURNAL_PATH) out[path] = new TextDecoder().decode(node.bytes);
  }
  return out;
}

const JOURNAL_PATH = ".cleanspace-trash/journal.jsonl";

export function journalText(root: MemoryDir): string {
  const trash = root.children.get(".cleanspace-trash");
  const file = trash instanceof MemoryDir ? trash.children.get("journal.jsonl") : undefined;
  return file instanceof MemoryFile ? new TextDecoder().decode(file.bytes) : "";
}

export function folders(dir: MemoryDir, prefix = ""): string[] {
  const out: string[] = [];
  for (const [name, node] of dir.children) {
    if (!(node instanceof MemoryDir)) continue;
    const path = prefix ? `${prefix}/${name}` : name;
    out.push(path, ...folders(node, path));
  }
  return out;
}
