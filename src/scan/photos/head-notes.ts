import { cannotHoldImageSize } from "../image-size";
import type { ScanEntry } from "../types";

/**
 * What the hash's first pass saw of each file's first bytes, kept for the photos stage: the
 * files whose first bytes carry no image signature. A photo among them would have its head
 * read only to find no header and be skipped (photo-stage.ts), so the stage skips it at once:
 * the same outcome without the read. Only the verdict is kept, never the bytes.
 */
export interface HeadNotes<Ref = unknown> {
  /** For the content hasher's `onHead`. */
  note(entry: ScanEntry<Ref>, head: Uint8Array): void;
  /** True when the entry's first bytes, already read, show it holds no image size readImageSize could find. */
  lacksImageHeader(entry: ScanEntry<Ref>): boolean;
}

export function createHeadNotes<Ref>(): HeadNotes<Ref> {
  const noImage = new WeakSet<ScanEntry<Ref>>();
  return {
    note(entry, head) {
      if (cannotHoldImageSize(head, entry.size)) noImage.add(entry);
    },
    lacksImageHeader: (entry) => noImage.has(entry),
  };
}
