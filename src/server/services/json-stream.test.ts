import { describe, expect, it } from "vitest";
import { streamJsonDocument } from "./json-stream";

async function text(doc: Record<string, unknown>, arrays: Record<string, unknown[][]>) {
  const pages = Object.fromEntries(
    Object.entries(arrays).map(([k, ps]) => [
      k,
      (async function* () {
        for (const p of ps) yield p;
      })(),
    ]),
  );
  const chunks: string[] = [];
  for await (const c of streamJsonDocument(doc, pages)) chunks.push(c);
  return { out: chunks.join(""), chunks };
}

describe("streamJsonDocument", () => {
  it("writes exactly what JSON.stringify(doc, null, 2) writes, with arrays from pages", async () => {
    const events = [
      { a: 1, nested: { b: [1, 2], s: 'quote " and \n newline' } },
      { a: 2, nested: { b: [], s: "é" } },
      { a: 3, nested: null },
    ];
    const snapshots = [{ x: "1" }];
    const doc = { format: "f", version: 1, account: { id: 7, name: null }, snapshots: [], events: [], tail: [1, { z: true }] };
    const { out, chunks } = await text(doc, { snapshots: [[], snapshots, []], events: [events.slice(0, 2), [], events.slice(2)] });
    expect(out).toBe(JSON.stringify({ ...doc, snapshots, events }, null, 2));
    // One chunk per non-empty page: the document is never in memory as one string.
    expect(chunks.length).toBeGreaterThanOrEqual(6);
  });

  it("writes an empty array as [] and keeps the key order of the document", async () => {
    const doc = { a: 1, events: [], b: 2 };
    const { out } = await text(doc, { events: [[], []] });
    expect(out).toBe(JSON.stringify(doc, null, 2));
  });
});
