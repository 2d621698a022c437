/** What `SizeBuckets.add` tells the caller to start hashing. */
export const UNIQUE_SO_FAR = -1;
export const NEWCOMER_ONLY = -2;

/**
 * Files by size, built during the walk. Most sizes are unique, so a bucket holds a bare
 * index until a second file of that size arrives: 100,000 files cost 100,000 numbers,
 * not 100,000 arrays.
 */
export class SizeBuckets {
  private readonly bySize = new Map<number, number | number[]>();

  /**
   * Which files just became duplicate candidates, without allocating on this hot path:
   * UNIQUE_SO_FAR (none), NEWCOMER_ONLY (this file; its size already collided), or the
   * index of the first file of this size (that one and this one: the size first collides).
   */
  add(size: number, index: number): number {
    const bucket = this.bySize.get(size);
    if (bucket === undefined) {
      this.bySize.set(size, index);
      return UNIQUE_SO_FAR;
    }
    if (typeof bucket === "number") {
      this.bySize.set(size, [bucket, index]);
      return bucket;
    }
    bucket.push(index);
    return NEWCOMER_ONLY;
  }

  /** True when two files or more have this size (the hash's first pass reads them). */
  shares(size: number): boolean {
    return typeof this.bySize.get(size) === "object";
  }

  /** Buckets with two files or more, as [size, indexes]. */
  *collisions(): Generator<[number, number[]]> {
    for (const [size, bucket] of this.bySize) if (typeof bucket !== "number") yield [size, bucket];
  }
}
