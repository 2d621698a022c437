/**
 * hash-wasm's xxHash128, behind a module the CLI imports lazily: a static named import lets
 * esbuild keep only this algorithm (a dynamic `import("hash-wasm")` would keep all of them),
 * and the lazy import means a scan with no size collision never instantiates the WASM.
 */
export { createXXHash128 } from "hash-wasm";
