// libheif-js ships typings for its Emscripten module, not for the ES module bundle heic.ts loads.
declare module "libheif-js/libheif-wasm/libheif-bundle.mjs" {
  const factory: () => unknown;
  export default factory;
}

declare module "libheif-js/wasm-bundle.js" {
  const libheif: unknown;
  export default libheif;
}
