// The browser's side of an e-mail listing, for bench/imap-bench.mjs: the app's own streamList
// (src/client/lib/email/mail-api.ts) and groupBySender (src/domain/email-senders.ts), bundled
// with esbuild and run in Node against the built server. A render is modelled as React does it:
// state set per batch line, one render per macrotask with the latest messages, each render
// grouping every message listed so far (the sender view's useMemo).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/** Loads the app's client code for `base`, sending `headers` (session cookie, origin) with every request. */
export async function loadMailClient(base, headers) {
  const dir = mkdtempSync(join(tmpdir(), "cleanspace-mail-client-"));
  const file = join(dir, "mail-client.mjs");
  const root = resolve(import.meta.dirname, "..", "..");
  const bundled = await build({
    stdin: {
      contents: [
        `export { streamList } from ${JSON.stringify(join(root, "src/client/lib/email/mail-api.ts"))};`,
        `export { groupBySender } from ${JSON.stringify(join(root, "src/domain/email-senders.ts"))};`,
      ].join("\n"),
      resolveDir: root,
      loader: "js",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    logLevel: "warning",
  });
  writeFileSync(file, bundled.outputFiles[0].text);
  const kept = new Map();
  globalThis.localStorage ??= {
    getItem: (k) => kept.get(k) ?? null,
    setItem: (k, v) => void kept.set(k, String(v)),
    removeItem: (k) => void kept.delete(k),
  };
  const realFetch = globalThis.fetch;
  const browserFetch = (url, init = {}) =>
    realFetch(typeof url === "string" && url.startsWith("/") ? `${base}${url}` : url, {
      ...init,
      headers: { ...init.headers, cookie: headers.cookie, origin: headers.origin },
    });
  const mod = await import(pathToFileURL(file).href);
  rmSync(dir, { recursive: true, force: true });

  /** Lists the default folders as the page does; `first`: ms to the first render with senders, `ms`: to the final view. */
  async function listAsThePageDoes() {
    const started = performance.now();
    const collected = [];
    let messages = [];
    let first = null;
    let renders = 0;
    let bytes = 0;
    let scheduled = false;
    let senders = 0;
    const render = () => {
      scheduled = false;
      renders++;
      senders = mod.groupBySender(messages, "count").length;
      if (senders > 0 && first === null) first = performance.now() - started;
    };
    globalThis.fetch = async (url, init) => {
      const res = await browserFetch(url, init);
      // Counts the bytes as they pass, without reading the body a second time.
      const counted = res.body.pipeThrough(
        new TransformStream({
          transform(chunk, c) {
            bytes += chunk.length;
            c.enqueue(chunk);
          },
        }),
      );
      return new Response(counted, { status: res.status, headers: res.headers });
    };
    try {
      await mod.streamList(null, (line) => {
        if (line.t === "batch") {
          collected.push(...line.messages);
          messages = collected.slice();
          if (!scheduled) {
            scheduled = true;
            setImmediate(render);
          }
        } else if (line.t === "error") throw new Error(line.error);
      });
    } finally {
      globalThis.fetch = realFetch;
    }
    messages = collected;
    render();
    return { ms: performance.now() - started, first, messages: collected.length, bytes, renders, senders };
  }
  return { listAsThePageDoes };
}
