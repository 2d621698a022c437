/**
 * Read-through for the spec's local database (§3: users, digitalData, streaks): every good
 * answer is written to it, and when the network is down the last one written is served,
 * so the signed-in app opened offline shows its user, data and lists.
 */

/** fetch() rejects with a TypeError when there is no network; aborts and HTTP errors are not that. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Runs `fetcher`; on success stores the answer; on a network failure answers from the
 * store, or rethrows when nothing is stored. Any other error (401, 500, abort) passes through.
 */
export async function readThrough<T>(
  fetcher: () => Promise<T>,
  cache: { read(): Promise<T | undefined>; write(value: T): Promise<unknown> },
): Promise<T> {
  let value: T;
  try {
    value = await fetcher();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    const cached = await cache.read();
    if (cached === undefined) throw error;
    return cached;
  }
  // A failed write only costs the offline copy.
  cache.write(value).catch((error: unknown) => console.warn("CleanSpace: the local copy was not updated", error));
  return value;
}
