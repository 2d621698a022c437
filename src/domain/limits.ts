/**
 * Bounds every number the API accepts so it fits the column it lands in and every sum of
 * them stays an exact integer. The schemas in src/domain/schemas use these.
 */

/** PostgreSQL `integer` (int4): counts, ids, scores. */
export const INT4_MAX = 2_147_483_647;

/** Bytes in one scan figure (a category, the duplicates…): 1 PiB, far above any one device. */
export const MAX_SCAN_BYTES = 2 ** 50;

/** Bytes one cleanup action can free: 1 TiB. */
export const MAX_EVENT_BYTES = 2 ** 40;

/** Items one cleanup action can touch. */
export const MAX_EVENT_ITEMS = 1_000_000;

/**
 * Per-user quotas: one account cannot grow the tables, or the work of its own
 * Insights, without bound. A real person scans a few times and cleans up a few dozen times a day.
 */
export const MAX_SNAPSHOTS_PER_DAY = 50;
export const MAX_CLEANUP_EVENTS_PER_DAY = 1000;

/** a + b, held at Number.MAX_SAFE_INTEGER: a running total never becomes an inexact float. */
export const addCapped = (a: number, b: number) => Math.min(a + b, Number.MAX_SAFE_INTEGER);
