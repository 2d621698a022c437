/**
 * The repository's own corpus tools (bench/corpus): make-corpus.mjs writes a seeded tree and
 * a manifest of its true duplicate groups; check-dupes.mjs compares a finder's groups with it.
 */
import { fileURLToPath } from "node:url";

export const MAKE_CORPUS = fileURLToPath(new URL("../../bench/corpus/make-corpus.mjs", import.meta.url));
export const CHECK_DUPES = fileURLToPath(new URL("../../bench/corpus/check-dupes.mjs", import.meta.url));
