/**
 * Several names of one physical file (hard links) become one item: at the place of its first
 * name in walk order, shown under its smallest path (code-unit order). Deleting one name
 * frees nothing, so they are never "wasted copies". Both adapters fold with this: the browser's
 * walk as entries come (collect-files.ts), the CLI on its columns after the walk.
 */
export class HardLinkFolding {
  private readonly placeOf = new Map<string, number>();
  /** Extra names folded so far. */
  hardLinks = 0;

  /** The place of the first name of this file, or -1 when this name is its first (it then takes `place`). */
  fold(fileId: string, place: number): number {
    const seen = this.placeOf.get(fileId);
    if (seen === undefined) {
      this.placeOf.set(fileId, place);
      return -1;
    }
    this.hardLinks++;
    return seen;
  }
}

/** True when a later name of a folded file is shown instead of the one shown so far. */
export function showsInstead(path: string, shownPath: string): boolean {
  return path < shownPath;
}
