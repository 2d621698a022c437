/**
 * Files that arrive over time (a long File list streamed to the scan worker in pieces):
 * pushed by the message handler, consumed by the File-list source's walk as they come.
 */
export class FileFeed implements AsyncIterable<readonly File[]> {
  private readonly chunks: (readonly File[])[] = [];
  private ended = false;
  private wake: (() => void) | null = null;

  push(files: readonly File[]): void {
    if (this.ended) return;
    this.chunks.push(files);
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<readonly File[]> {
    for (;;) {
      const chunk = this.chunks.shift();
      if (chunk) {
        yield chunk;
        continue;
      }
      if (this.ended) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }
}
