/**
 * Hot queries built once per database and prepared under a name. On the routes every
 * signed-in page calls, drizzle's query building cost more CPU than the query itself
 * (profiled under bench/load.mjs), and PostgreSQL then plans a named statement once per
 * connection instead of once per request.
 */
import type { Db } from "./client";

export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}
