import { startTransition, useEffect, useState, type ReactNode } from "react";
import { useIsClient } from "../lib/use-is-client";

/**
 * Its children only in the browser, after hydration (lib/use-is-client.ts): never in
 * server-rendered markup. `deferred`: drawn in a transition after the first commit instead,
 * which React may interrupt — for a large part of a screen (Settings' device cards), whose
 * render would otherwise be one long task that blocks input right after the page is adopted.
 */
export function ClientOnly({ children, deferred = false }: { children: ReactNode; deferred?: boolean }) {
  const isClient = useIsClient();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (deferred) startTransition(() => setShown(true));
  }, [deferred]);
  return (deferred ? shown : isClient) ? children : null;
}
