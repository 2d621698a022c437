import type { ScanProgress } from "../scan/types";
import { formatCount } from "./format";

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

const BAR_WIDTH = 20;

/**
 * A one-line progress bar on a terminal's stderr, redrawn in place. The engine already
 * throttles its events (every 250 files or 100 ms), so every event is drawn.
 */
export function createProgressBar(stream: ProgressStream): { update(p: ScanProgress): void; clear(): void } {
  let drawn = false;
  return {
    update(p) {
      const filled = Math.round(p.progress * BAR_WIDTH);
      const bar = `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}]`;
      let text = `${bar} ${p.stage}: ${formatCount(p.counts.files)} files`;
      if (p.detail?.phase === "hash") text += `, comparing ${formatCount(p.detail.done)}/${formatCount(p.detail.total)}`;
      if (p.detail?.phase === "verify") text += `, verifying ${formatCount(p.detail.done)}/${formatCount(p.detail.total)}`;
      const width = Math.max(20, (stream.columns ?? 80) - 1);
      stream.write(`\r\x1b[K${text.slice(0, width)}`);
      drawn = true;
    },
    clear() {
      if (drawn) stream.write("\r\x1b[K");
    },
  };
}
