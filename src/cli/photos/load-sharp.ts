import type { Sharp, SharpOptions } from "sharp";

/** The part of sharp's default export the photo decoder uses. */
export interface SharpModule {
  (input?: string | Buffer | Uint8Array, options?: SharpOptions): Sharp;
  concurrency(threads?: number): number;
  cache(options?: boolean): unknown;
}

let loaded: Promise<SharpModule> | null = null;

/**
 * sharp, loaded on first use only: a scan without --similar never pays for loading its
 * native module. It stays outside the bundle (scripts/build-cli.mjs): its binaries come
 * from npm packages for each platform.
 */
export function loadSharp(): Promise<SharpModule> {
  loaded ??= import("sharp").then((module) => {
    const sharp = (module as { default?: SharpModule }).default ?? (module as unknown as SharpModule);
    // Photos run side by side, one per core (analyse-photo-files.ts): libvips threads within an
    // image would only contend with them. No operation cache: every file is read once.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
