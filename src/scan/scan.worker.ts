/**
 * The scan's module worker: every walk, read and hash happens here, so the page's main
 * thread never runs a long task. Loaded by run-scan-in-worker.ts.
 */
import { handleScanRequest } from "./scan-worker-handler";
import type { ScanWorkerMessage, ScanWorkerRequest } from "./worker-protocol";

// The project's TypeScript lib is DOM, not WebWorker: describe the worker scope we use.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ScanWorkerRequest>) => void) | null;
  postMessage(message: ScanWorkerMessage): void;
};

scope.onmessage = (event) => {
  void handleScanRequest(event.data, (message) => scope.postMessage(message));
};
