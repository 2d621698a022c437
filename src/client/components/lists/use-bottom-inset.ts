/**
 * How much of the viewport's bottom the app's own navigation covers: the phone tab bar's
 * height where it is pinned to the bottom, 0 where navigation sits elsewhere (a side bar).
 * Measured rather than assumed, so a sticky action bar sits just above whatever shell is shown.
 * Both the tab bar and the desktop side navigation are named "Main" and one of them is hidden
 * at any width, so every match is measured and a hidden one (an empty box) counts as 0.
 */
import { useEffect, useState } from "react";

const NAV = 'nav[aria-label="Main"]';

function insetOf(nav: HTMLElement): number {
  const box = nav.getBoundingClientRect();
  // A bar in the lower half of the screen (full width on phones, a floating panel on wider screens).
  const pinnedToBottom = box.height > 0 && box.top > window.innerHeight / 2;
  return pinnedToBottom ? Math.max(0, Math.round(window.innerHeight - box.top)) : 0;
}

function measure(): number {
  return Math.max(0, ...Array.from(document.querySelectorAll<HTMLElement>(NAV), insetOf));
}

export function useBottomInset(): number {
  const [inset, setInset] = useState(0);
  useEffect(() => {
    const update = () => setInset(measure());
    update();
    window.addEventListener("resize", update);
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    for (const nav of document.querySelectorAll(NAV)) observer?.observe(nav);
    return () => {
      window.removeEventListener("resize", update);
      observer?.disconnect();
    };
  }, []);
  return inset;
}
