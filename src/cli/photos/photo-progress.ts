import { formatCount } from "../format";
import type { ProgressStream } from "../progress-bar";

const BAR_WIDTH = 20;
/** Redraws at most this often: a photo takes tens of ms, a terminal write is not free. */
const REDRAW_MS = 100;

/** The progress line of `--similar` on a terminal's stderr, in the scan bar's style. */
export function createPhotoProgress(stream: ProgressStream): { update(done: number, total: number): void; clear(): void } {
  let drawn = false;
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      if (done < total && now - last < REDRAW_MS) return;
      last = now;
      const filled = total === 0 ? BAR_WIDTH : Math.round((done / total) * BAR_WIDTH);
      const text = `[${"#".repeat(filled)}${"-".repeat(BAR_WIDTH - filled)}] photos: ${formatCount(done)}/${formatCount(total)} analysed`;
      stream.write(`\r\x1b[K${text.slice(0, Math.max(20, (stream.columns ?? 80) - 1))}`);
      drawn = true;
    },
    clear() {
      if (drawn) stream.write("\r\x1b[K");
    },
  };
}
