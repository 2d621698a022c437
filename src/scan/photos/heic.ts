/**
 * HEIC/HEIF (the iPhone's default format) decoded with libheif compiled to WebAssembly
 * (`libheif-js`, issue 37) where the platform has no decoder: Chromium's ImageDecoder and
 * sharp's prebuilt libvips carry no HEVC decoder. The same code runs in the scan worker and
 * in the CLI, each loading the module its own way (`load`): the worker its ES module, the
 * CLI's CommonJS bundle the package's CommonJS entry from node_modules. The module (about
 * 2 MB, the WebAssembly inlined) is loaded on the first HEIC photo only, from the app's own
 * files: nothing is fetched from elsewhere. libheif applies
 * the file's own rotation and mirroring (its irot/imir boxes), so the pixels come upright.
 */
import type { RgbaImage } from "../../domain/photos/index";

interface HeifImage {
  get_width(): number;
  get_height(): number;
  display(
    target: { data: Uint8ClampedArray; width: number; height: number },
    done: (result: { data: Uint8ClampedArray } | null) => void,
  ): void;
  free(): void;
}
export interface Libheif {
  HeifDecoder: new () => { decode(data: Uint8Array): HeifImage[] };
}

/** The scan worker's way: libheif-js's ES module, a chunk of the app's own, on first use. */
let browserLoading: Promise<Libheif> | null = null;
export function loadLibheifModule(): Promise<Libheif> {
  browserLoading ??= import("libheif-js/libheif-wasm/libheif-bundle.mjs").then((module) =>
    (module.default as () => Libheif | Promise<Libheif>)(),
  );
  return browserLoading;
}

/** The first (primary) image of a HEIC/HEIF file at its full size, as RGBA. Throws when it holds none. */
export async function decodeHeic(bytes: Uint8Array, load: () => Promise<Libheif> = loadLibheifModule): Promise<RgbaImage> {
  const lib = await load();
  const images = new lib.HeifDecoder().decode(bytes);
  const image = images[0];
  if (!image) throw new Error("no image in this HEIF file");
  try {
    const width = image.get_width();
    const height = image.get_height();
    const shown = await new Promise<{ data: Uint8ClampedArray } | null>((resolve) =>
      image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, resolve),
    );
    if (!shown) throw new Error("HEIF image could not be decoded");
    return { width, height, data: shown.data };
  } finally {
    for (const each of images) each.free();
  }
}
