/**
 * A fingerprint of every table (row count and an md5 of the rows' text), so a probe can
 * prove a refused request changed nothing — not a row added, removed or edited.
 * `rate_limits` is left out: counting refused attempts is what it is for.
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
  const tables = await tablesOf(db);
  const parts = tables.map(
    (t) => `select '${t}' as t, count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
  );
  const result = (await db.execute(sql.raw(parts.join(" union all ")))) as unknown as Rows<{ t: string; n: number; h: string }>;
  return Object.fromEntries(result.rows.map((r) => [r.t, { rows: Number(r.n), md5: r.h }]));
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
