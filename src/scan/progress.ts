import { stageProgress, type ScanStage } from "../domain/scan-rules";
import type { ScanCounts, ScanProgress } from "./types";

type Phase = NonNullable<ScanProgress["detail"]>["phase"];

export interface ProgressThrottle {
  /** Emit at most after this many ticks… */
  everyTicks: number;
  /** …or after this many ms since the last emit, whichever comes first. */
  everyMs: number;
  clock: () => number;
}

const DEFAULT_THROTTLE: ProgressThrottle = { everyTicks: 250, everyMs: 100, clock: () => Date.now() };

/**
 * Live progress without flooding: stage changes are always reported; ticks inside a
 * stage only every 250 files or 100 ms. Counts are copied so a listener may keep them.
 */
export class ProgressReporter {
  private stage: ScanStage = "permissions";
  private ticks = 0;
  private lastEmit = 0;
  private readonly throttle: ProgressThrottle;

  constructor(
    private readonly listener: ((progress: ScanProgress) => void) | undefined,
    throttle: Partial<ProgressThrottle> = {},
  ) {
    this.throttle = { ...DEFAULT_THROTTLE, ...throttle };
  }

  enter(stage: ScanStage, counts: ScanCounts): void {
    this.stage = stage;
    this.emit(counts);
  }

  /** Scalars rather than a detail object: this runs once per file and should not allocate. */
  tick(counts: ScanCounts, phase?: Phase, done = 0, total = 0): void {
    if (!this.listener) return;
    this.ticks++;
    // Reading the clock on every file would cost more than the files; every 16th is plenty.
    if (
      this.ticks < this.throttle.everyTicks &&
      ((this.ticks & 15) !== 0 || this.throttle.clock() - this.lastEmit < this.throttle.everyMs)
    ) {
      return;
    }
    this.emit(counts, phase === undefined ? undefined : { phase, done, total });
  }

  private emit(counts: ScanCounts, detail?: ScanProgress["detail"]): void {
    if (!this.listener) return;
    this.ticks = 0;
    this.lastEmit = this.throttle.clock();
    const progress: ScanProgress = { stage: this.stage, progress: stageProgress(this.stage), counts: { ...counts } };
    if (detail) progress.detail = detail;
    this.listener(progress);
  }
}
