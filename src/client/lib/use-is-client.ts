/**
 * False while the server renders a page and while the browser hydrates that markup, true
 * from then on (and at once in a page the browser renders itself). Parts that depend on
 * this browser alone (its storage, its install and update events, the offline queue) render
 * only when it is true, so the hydrating render matches the server's markup (decision 024).
 */
import { useSyncExternalStore } from "react";

const never = () => () => {};

export function useIsClient(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
