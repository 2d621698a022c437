/**
 * A windowed list (@tanstack/react-virtual): only the rows in view (plus a few) are in the
 * DOM, so 100,000 items scroll as smoothly as 100. Rows have one fixed height.
 *
 * Without `maxHeight` the list has no scroll box of its own: it scrolls with the page (one
 * scrolling area per screen, issue 38), windowed against the window or, where the app shell
 * scrolls an element instead, against that element. With `maxHeight` (a dialog) it scrolls
 * inside a box of that height.
 */
import { useVirtualizer, useWindowVirtualizer, type Virtualizer } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from "react";

interface Props<T> {
  items: readonly T[];
  rowHeight: number;
  /** CSS max-height of the list's own scroll box; none: the list scrolls with the page. */
  maxHeight?: string;
  label: string;
  getKey(item: T): string | number;
  renderRow(item: T, index: number): ReactNode;
}

export function VirtualList<T>(props: Props<T>) {
  if (props.maxHeight !== undefined) return <BoxList {...props} maxHeight={props.maxHeight} />;
  return <PageList {...props} />;
}

const OVERSCAN = 8;

function useItemKey<T>(items: readonly T[], getKey: (item: T) => string | number) {
  // Stable between scroll renders: the virtualizer recomputes every row's offset (all 100,000
  // of them) whenever getItemKey changes, which a fresh closure per render would do on every frame.
  return useCallback((index: number) => getKey(items[index]!), [items, getKey]);
}

function BoxList<T>({ items, rowHeight, maxHeight, label, getKey, renderRow }: Props<T> & { maxHeight: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const getItemKey = useItemKey(items, getKey);
  // The virtualizer's API returns fresh functions each render by design; the compiler lint knows.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey,
  });
  return (
    <div
      ref={scroller}
      className="overflow-y-auto overscroll-contain rounded-xl border border-border bg-card"
      style={{ maxHeight }}
      data-testid="virtual-list"
    >
      <Rows virtualizer={virtualizer} items={items} rowHeight={rowHeight} label={label} renderRow={renderRow} offset={0} />
    </div>
  );
}

/** The nearest ancestor that scrolls vertically, or null for the window. */
function scrollParentOf(node: HTMLElement | null): HTMLElement | null {
  for (let el = node?.parentElement ?? null; el && el !== document.body && el !== document.documentElement; el = el.parentElement) {
    const overflow = getComputedStyle(el).overflowY;
    if (overflow === "auto" || overflow === "scroll") return el;
  }
  return null;
}

function PageList<T>(props: Props<T>) {
  const box = useRef<HTMLDivElement>(null);
  // Which scroller holds the list is known once it is in the page.
  const [scroller, setScroller] = useState<HTMLElement | null | undefined>(undefined);
  useLayoutEffect(() => setScroller(scrollParentOf(box.current)), []);
  return (
    <div ref={box} className="rounded-xl border border-border bg-card" data-testid="virtual-list">
      {scroller === undefined ? null : scroller === null ? (
        <WindowRows {...props} box={box} />
      ) : (
        <ElementRows {...props} box={box} scroller={scroller} />
      )}
    </div>
  );
}

/** Where the list starts inside its scroller, so the virtualizer counts rows from there. */
function useOffset(box: RefObject<HTMLDivElement | null>, scroller: HTMLElement | null): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const el = box.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top;
      setOffset(scroller ? top - scroller.getBoundingClientRect().top + scroller.scrollTop : top + window.scrollY);
    };
    measure();
    // What sits above the list (a filter panel opening, a banner) moves it.
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [box, scroller]);
  return offset;
}

function WindowRows<T>({ items, rowHeight, label, getKey, renderRow, box }: Props<T> & { box: RefObject<HTMLDivElement | null> }) {
  const getItemKey = useItemKey(items, getKey);
  const offset = useOffset(box, null);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey,
    scrollMargin: offset,
  });
  return <Rows virtualizer={virtualizer} items={items} rowHeight={rowHeight} label={label} renderRow={renderRow} offset={offset} />;
}

function ElementRows<T>({
  items,
  rowHeight,
  label,
  getKey,
  renderRow,
  box,
  scroller,
}: Props<T> & { box: RefObject<HTMLDivElement | null>; scroller: HTMLElement }) {
  const getItemKey = useItemKey(items, getKey);
  const offset = useOffset(box, scroller);
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey,
    scrollMargin: offset,
  });
  return <Rows virtualizer={virtualizer} items={items} rowHeight={rowHeight} label={label} renderRow={renderRow} offset={offset} />;
}

function Rows<T>({
  virtualizer,
  items,
  rowHeight,
  label,
  renderRow,
  offset,
}: {
  virtualizer: Virtualizer<Window, Element> | Virtualizer<HTMLElement, Element> | Virtualizer<HTMLDivElement, Element>;
  items: readonly T[];
  rowHeight: number;
  label: string;
  renderRow(item: T, index: number): ReactNode;
  offset: number;
}) {
  return (
    <div role="list" aria-label={label} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((row) => (
        <div
          key={row.key}
          role="listitem"
          aria-setsize={items.length}
          aria-posinset={row.index + 1}
          className="absolute left-0 top-0 w-full"
          style={{ height: rowHeight, transform: `translateY(${row.start - offset}px)` }}
        >
          {renderRow(items[row.index]!, row.index)}
        </div>
      ))}
    </div>
  );
}
