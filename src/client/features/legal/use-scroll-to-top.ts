import { useEffect } from "react";

/**
 * Client-side navigation keeps the previous page's scroll offset; a legal document opened
 * from a footer link must start at its title (spec §2 "scrolls to top on open").
 */
export function useScrollToTop(): void {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);
}
