/**
 * Two fixes to how the server drives its embedded PGlite (bench/load.mjs shows them under load):
 *
 * 1. Fairness. PGlite runs each query synchronously on the main thread and chains the next
 *    one through promises only, so while requests keep coming the event loop never gets to
 *    accept new connections, and a new connection's first request waits for the whole burst.
 *    Invariant: at most one query starts per event-loop iteration, so accepting and reading
 *    sockets interleave with the queued database work.
 * 2. Parser merge. drizzle sends the same parsers with every query (dates, intervals and
 *    their arrays kept as text, which drizzle maps itself), and PGlite merges them into a
 *    copy of its whole parser table per call, a cost paid by every query. They are installed
 *    once at construction instead, and a query whose parsers are exactly those drops them;
 *    any other parser set goes through unchanged.
 */
import type { PGlite, QueryOptions, Transaction } from "@electric-sql/pglite";

/** The types drizzle-orm/pglite reads as raw text: timestamp, timestamptz, interval, date and their arrays, numeric[]. */
const DRIZZLE_TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const TEXT_TYPES = new Set(DRIZZLE_TEXT_TYPES);
const PROBE = "1970-01-01";

/** Parsers for the PGlite constructor: drizzle's text types, installed once. */
export const drizzleTextParsers = () => Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, (value: string) => value]));

export function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const [type, parse] of Object.entries(parsers)) {
    if (!TEXT_TYPES.has(Number(type)) || parse(PROBE) !== PROBE) return options;
  }
  return { ...options, parsers: undefined };
}

/**
 * A function resolving on a later event-loop iteration than every earlier call: at most one
 * query starts per iteration, and each iteration's poll phase accepts and reads sockets first.
 */
function turnTaker(): () => Promise<void> {
  let lastTurn = Promise.resolve();
  return () => {
    const turn = lastTurn.then(() => new Promise<void>((resolve) => setImmediate(resolve)));
    lastTurn = turn;
    return turn;
  };
}

/** For a PGlite created with `parsers: drizzleTextParsers()`. */
export function tunePglite(client: PGlite): void {
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const nextTurn = turnTaker();
  client.query = async (text, params, options) => {
    await nextTurn();
    return query(text, params, withoutInstalledParsers(options));
  };
  client.transaction = async (callback) => {
    await nextTurn();
    return transaction((tx) => {
      // Inside a transaction PGlite is held for us: no yielding, just the parser fix.
      const inner: Transaction = Object.create(tx);
      inner.query = (text, params, options) => tx.query(text, params, withoutInstalledParsers(options));
      return callback(inner);
    });
  };
}
