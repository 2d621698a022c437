/**
 * A JSON document written piece by piece, byte for byte what `JSON.stringify(doc, null, 2)`
 * would give, with some top-level arrays filled from pages read one at a time. Memory and
 * each synchronous stretch of work are bounded by a page, not by the document (
 * the account export used to build and stringify every row of a user at once).
 */
const INDENT = "  ";

/** Placeholder for a streamed array; a NUL cannot occur in a key or value of ours unescaped. */
const marker = (key: string) => `\u0000stream:${key}`;

export async function* streamJsonDocument(
  doc: Record<string, unknown>,
  arrays: Record<string, AsyncIterable<readonly unknown[]>>,
): AsyncGenerator<string> {
  const withMarkers: Record<string, unknown> = { ...doc };
  for (const key of Object.keys(arrays)) withMarkers[key] = marker(key);
  let text = JSON.stringify(withMarkers, null, 2);
  for (const [key, pages] of Object.entries(arrays)) {
    const quoted = JSON.stringify(marker(key));
    const at = text.indexOf(quoted);
    if (at < 0) throw new Error(`streamJsonDocument: no place for "${key}"`);
    yield text.slice(0, at);
    text = text.slice(at + quoted.length);
    yield* streamArray(pages, INDENT);
  }
  yield text;
}

async function* streamArray(pages: AsyncIterable<readonly unknown[]>, indent: string): AsyncGenerator<string> {
  const inner = indent + INDENT;
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    let chunk = "";
    for (const item of page) {
      chunk += (first ? "[\n" : ",\n") + inner + JSON.stringify(item, null, 2).replaceAll("\n", `\n${inner}`);
      first = false;
    }
    yield chunk;
  }
  yield first ? "[]" : `\n${indent}]`;
}
