/**
 * A stand-in for FileSystemDirectoryHandle (Node has none), shared by the directory-handle
 * tests. A tree maps names to subtrees, to files (a File, or a string for its text), or to
 * "broken-file" / "broken-dir" (a handle whose read throws NotFoundError, as a file or folder
 * removed mid-scan does). Hooks let a test delay calls and count what is in flight.
 */
export type FakeTree = { [name: string]: FakeTree | File | string };

export interface FakeFolderHooks {
  permission?: PermissionState;
  /** Awaited before each entry a listing yields (answers late and out of order). */
  beforeEntry?: () => Promise<void>;
  /** Runs around each listing: `start` when it begins, the returned function when it ends. */
  onList?: () => () => void;
  /** Awaited inside each getFile() before it answers. */
  beforeFile?: () => Promise<void>;
}

const gone = () => new DOMException("gone", "NotFoundError");
const noWait = () => Promise.resolve();

export function fakeFolder(name: string, tree: FakeTree, hooks: FakeFolderHooks = {}): FileSystemDirectoryHandle {
  const beforeEntry = hooks.beforeEntry ?? noWait;
  const beforeFile = hooks.beforeFile ?? noWait;
  const folder = {
    kind: "directory" as const,
    name,
    queryPermission: () => Promise.resolve(hooks.permission ?? "granted"),
    async *entries(): AsyncGenerator<[string, unknown]> {
      const done = hooks.onList?.();
      try {
        for (const [child, value] of Object.entries(tree)) {
          await beforeEntry();
          if (value === "broken-dir") {
            const entries = () => {
              throw gone();
            };
            yield [child, { kind: "directory", name: child, entries }];
          } else if (value instanceof File || typeof value === "string") {
            const getFile = async () => {
              await beforeFile();
              if (value === "broken-file") throw gone();
              return value instanceof File ? value : new File([value], child, { lastModified: 1_700_000_000_000 });
            };
            yield [child, { kind: "file", name: child, getFile }];
          } else {
            yield [child, fakeFolder(child, value, hooks)];
          }
        }
      } finally {
        done?.();
      }
    },
  };
  return folder as unknown as FileSystemDirectoryHandle;
}
