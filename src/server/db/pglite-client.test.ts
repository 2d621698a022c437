import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { drizzleTextParsers, tunePglite, withoutInstalledParsers } from "./pglite-client";

const client = new PGlite({ parsers: drizzleTextParsers() });
tunePglite(client);
afterAll(() => client.close());

describe("the tuned PGlite client", () => {
  it("drops only the parsers it has installed", () => {
    const same = { rowMode: "array" as const, parsers: { 1114: (v: string) => v, 1082: (v: string) => v } };
    expect(withoutInstalledParsers(same)).toEqual({ rowMode: "array", parsers: undefined });
    const other = { parsers: { 1114: (v: string) => `x${v}` } };
    expect(withoutInstalledParsers(other)).toBe(other);
    const extra = { parsers: { 1114: (v: string) => v, 25: (v: string) => v } };
    expect(withoutInstalledParsers(extra)).toBe(extra);
  });

  it("answers like PGlite: drizzle's text types as text, other parsers still applied, in and out of transactions", async () => {
    const at = "select '2025-01-02 03:04:05'::timestamp as t, 7::int as n";
    expect((await client.query(at, [], { parsers: { 1114: (v: string) => v } })).rows).toEqual([{ t: "2025-01-02 03:04:05", n: 7 }]);
    expect((await client.query(at, [], { parsers: { 23: (v: string) => `int ${v}` } })).rows).toEqual([
      { t: "2025-01-02 03:04:05", n: "int 7" },
    ]);
    const inTx = await client.transaction(async (tx) => (await tx.query(at, [], { parsers: { 1114: (v: string) => v } })).rows);
    expect(inTx).toEqual([{ t: "2025-01-02 03:04:05", n: 7 }]);
  });

  it("keeps queries in order", async () => {
    await client.query("create temporary table seq (n int)");
    await Promise.all(Array.from({ length: 20 }, (_, i) => client.query("insert into seq values ($1)", [i])));
    expect((await client.query<{ n: number }>("select n from seq")).rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
