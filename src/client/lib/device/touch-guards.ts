/**
 * Touch handling (spec §9): block pull-to-refresh at the top of the page and horizontal
 * swipes longer than 50 px (the browser's back/forward gesture). The decision is a pure
 * function; `installTouchGuards` wires it to touch events. Scrollers keep working: a
 * drag inside something that scrolls sideways, or inside a vertical scroller that is not
 * at its top, is left alone.
 */
export const SWIPE_BLOCK_PX = 50;

export interface TouchMoveFacts {
  /** Finger movement since touchstart, in px (positive dy = finger moving down). */
  dx: number;
  dy: number;
  /** The nearest vertical scroller (or the page) was at its top when the touch began. */
  atTop: boolean;
  /** The touch began inside something that scrolls horizontally. */
  inHorizontalScroller: boolean;
}

export type BlockedGesture = "pull-to-refresh" | "horizontal-swipe";

export function touchMoveToBlock(m: TouchMoveFacts): BlockedGesture | null {
  const ax = Math.abs(m.dx);
  const ay = Math.abs(m.dy);
  if (m.atTop && m.dy > 0 && ay >= ax) return "pull-to-refresh";
  if (!m.inHorizontalScroller && ax > SWIPE_BLOCK_PX && ax > ay) return "horizontal-swipe";
  return null;
}

function scrollFacts(start: EventTarget | null): { atTop: boolean; inHorizontalScroller: boolean } {
  let atTop = true;
  let inHorizontalScroller = false;
  for (let el = start instanceof Element ? start : null; el && el !== document.documentElement; el = el.parentElement) {
    const style = getComputedStyle(el);
    if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight && el.scrollTop > 0) atTop = false;
    if (/(auto|scroll)/.test(style.overflowX) && el.scrollWidth > el.clientWidth) inHorizontalScroller = true;
  }
  const page = document.scrollingElement ?? document.documentElement;
  if (page.scrollTop > 0) atTop = false;
  return { atTop, inHorizontalScroller };
}

/** Installs the guards on the document; returns an uninstall function. */
export function installTouchGuards(target: Document = document): () => void {
  let start: { x: number; y: number; atTop: boolean; inHorizontalScroller: boolean } | null = null;
  const onStart = (e: TouchEvent) => {
    const t = e.touches[0];
    start = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY, ...scrollFacts(e.target) } : null;
  };
  const onMove = (e: TouchEvent) => {
    const t = e.touches[0];
    if (!start || !t || e.touches.length !== 1 || !e.cancelable) return;
    if (
      touchMoveToBlock({
        dx: t.clientX - start.x,
        dy: t.clientY - start.y,
        atTop: start.atTop,
        inHorizontalScroller: start.inHorizontalScroller,
      })
    ) {
      e.preventDefault();
    }
  };
  target.addEventListener("touchstart", onStart, { passive: true });
  target.addEventListener("touchmove", onMove, { passive: false });
  return () => {
    target.removeEventListener("touchstart", onStart);
    target.removeEventListener("touchmove", onMove);
  };
}
