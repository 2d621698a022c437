/**
 * A fingerprint of every table (row count and an md5 of the rows' text), so a probe can
 * prove a refused request changed nothing — not a row added, removed or edited.
 * `rate_limits` is left out: counting refused attempts is what it is for.
 *
 * Hashing every table costs more than most requests, so `watchTables` adds triggers that
 * count every row change of the fingerprinted tables in `probe.changes`, in the writer's own
 * transaction; a fingerprint carries the count it was taken at, and `snapshotWatched` reuses
 * the last fingerprint while the count is unchanged (no committed change can leave it so).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

export type Snapshot = Record<string, { rows: number; md5: string }>;

const IGNORED = new Set(["rate_limits"]);
const tableLists = new WeakMap<Db, Promise<string[]>>();

type Rows<T> = { rows: T[] };

function tablesOf(db: Db): Promise<string[]> {
  let list = tableLists.get(db);
  if (!list) {
    list = db
      .execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
      .then((r) => (r as unknown as Rows<{ table_name: string }>).rows.map((row) => row.table_name).filter((t) => !IGNORED.has(t)));
    tableLists.set(db, list);
  }
  return list;
}

export async function snapshotTables(db: Db): Promise<Snapshot> {
  return (await fingerprint(db, false)).snapshot;
}

/** Count and fingerprint in one statement, so both come from one view of the database. */
async function fingerprint(db: Db, withCount: boolean): Promise<{ snapshot: Snapshot; count: string | null }> {
  const tables = await tablesOf(db);
  const parts = tables.map(
    (t) => `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
  );
  if (withCount) parts.push(`select '${COUNT_ROW}' as t, 0 as n, n::text as h from probe.changes`);
  const result = (await db.execute(sql.raw(parts.join(" union all ")))) as unknown as Rows<{ t: string; n: number; h: string }>;
  const snapshot: Snapshot = {};
  let count: string | null = null;
  for (const r of result.rows) {
    if (r.t === COUNT_ROW) count = r.h;
    else snapshot[r.t] = { rows: Number(r.n), md5: r.h };
  }
  return { snapshot, count };
}

/** Not a table name (tables are lower-case identifiers). */
const COUNT_ROW = "*changes*";
const watched = new WeakMap<Db, { count: string | null; snapshot: Snapshot | null }>();

/**
 * Counts every row change (and truncate) of the fingerprinted tables in `probe.changes`, a
 * schema of its own so the count is not fingerprinted itself. Tables made later are not
 * watched: call this after the migrations.
 */
export async function watchTables(db: Db): Promise<void> {
  const tables = await tablesOf(db);
  const statements = [
    "create schema if not exists probe",
    "create table if not exists probe.changes (n bigint not null)",
    "insert into probe.changes select 0 where not exists (select 1 from probe.changes)",
    "create or replace function probe.count_change() returns trigger language plpgsql as $$ begin update probe.changes set n = n + 1; return null; end $$",
    ...tables.flatMap((t) => [
      `create or replace trigger probe_rows after insert or update or delete on "${t}" for each row execute function probe.count_change()`,
      `create or replace trigger probe_truncate after truncate on "${t}" for each statement execute function probe.count_change()`,
    ]),
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
  watched.set(db, { count: null, snapshot: null });
}

/** snapshotTables for a database `watchTables` was called on: the last fingerprint again while nothing has changed. */
export async function snapshotWatched(db: Db): Promise<Snapshot> {
  const last = watched.get(db);
  if (!last) throw new Error("snapshotWatched: call watchTables first");
  if (last.snapshot) {
    const now = (await db.execute(sql`select n::text as n from probe.changes`)) as unknown as Rows<{ n: string }>;
    if (now.rows[0]?.n === last.count) return last.snapshot;
  }
  const { snapshot, count } = await fingerprint(db, true);
  watched.set(db, { count, snapshot });
  return snapshot;
}

/** The tables whose fingerprint differs, e.g. ["users: 3 → 4 rows"]; empty when nothing changed. */
export function diffSnapshots(before: Snapshot, after: Snapshot): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].flatMap((t) => {
    const a = before[t];
    const b = after[t];
    if (a && b && a.rows === b.rows && a.md5 === b.md5) return [];
    return [`${t}: ${a?.rows ?? "missing"} → ${b?.rows ?? "missing"} rows${a && b && a.rows === b.rows ? " (edited)" : ""}`];
  });
}
