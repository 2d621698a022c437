import type { ReactNode } from "react";
import { useIsClient } from "../lib/use-is-client";

/** Its children only in the browser, after hydration (lib/use-is-client.ts): never in server-rendered markup. */
export function ClientOnly({ children }: { children: ReactNode }) {
  return useIsClient() ? children : null;
}
