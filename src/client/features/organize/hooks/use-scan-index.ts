/** Organize reads the scan index through the app's one reader (lib/scan-index-queries.ts). */
export { marksQueryKey, scanIndexQueryKey, useMarks, useScanIndex, type LoadedIndex } from "../../../lib/scan-index-queries";
