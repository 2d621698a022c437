import type { ReactNode } from "react";
import { useAfterLoad } from "../lib/after-load";

/** Its children once the page has loaded and the main thread is idle (lib/after-load.ts); never in server-rendered markup. */
export function AfterLoad({ children }: { children: ReactNode }) {
  return useAfterLoad() ? children : null;
}
