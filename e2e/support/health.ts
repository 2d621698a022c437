/**
 * Waits for a server a spec started itself to answer its health check. A fresh embedded
 * database runs initdb and the migrations first, which on a busy machine takes a while, so
 * the wait is bounded by a deadline rather than a number of tries.
 */
export async function waitForHealth(url: string, timeoutMs = 100_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server at ${url} did not start within ${timeoutMs / 1000} s`);
}
