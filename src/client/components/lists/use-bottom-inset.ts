/**
 * How much of the viewport's bottom the app's own navigation covers: the phone tab bar's
 * height where it is pinned to the bottom, 0 where navigation sits elsewhere (a side bar).
 * Measured rather than assumed, so a sticky action bar sits just above whatever shell is shown.
 */
import { useEffect, useState } from "react";

const NAV = 'nav[aria-label="Main"]';

function measure(): number {
  const nav = document.querySelector<HTMLElement>(NAV);
  if (!nav) return 0;
  const box = nav.getBoundingClientRect();
  // A bar in the lower half of the screen (full width on phones, a floating panel on wider screens).
  const pinnedToBottom = box.height > 0 && box.top > window.innerHeight / 2;
  return pinnedToBottom ? Math.max(0, Math.round(window.innerHeight - box.top)) : 0;
}

export function useBottomInset(): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const update = () => setInset(measure());
    update();
    window.addEventListener("resize", update);
    const nav = document.querySelector(NAV);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    if (nav) observer?.observe(nav);
    return () => {
      window.removeEventListener("resize", update);
      observer?.disconnect();
    };
  }, []);
  return inset;
}
