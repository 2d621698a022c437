/**
 * Press gesture (spec §4): holding for the threshold (500 ms, spec §9) fires the long-press
 * action; an earlier release is a normal click. Keyboard users get the long-press action
 * from Shift+Enter or the context-menu key.
 */
import { useCallback, useRef, type KeyboardEvent, type PointerEvent } from "react";

export const LONG_PRESS_MS = 500;

export function useLongPress(onLongPress: () => void, onClick: () => void, ms = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const fired = useRef(false);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button !== 0) return;
      fired.current = false;
      clear();
      timer.current = setTimeout(() => {
        fired.current = true;
        onLongPress();
      }, ms);
    },
    onPointerUp: clear,
    onPointerLeave: clear,
    onPointerCancel: clear,
    onClick: () => {
      if (fired.current) {
        fired.current = false;
        return;
      }
      onClick();
    },
    onContextMenu: (e: { preventDefault(): void }) => {
      e.preventDefault();
      clear();
      onLongPress();
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "Enter" && e.shiftKey) {
        e.preventDefault();
        onLongPress();
      }
    },
  };
}
