/**
 * A windowed list (@tanstack/react-virtual): only the rows in view (plus a few) are in the
 * DOM, so 100,000 items scroll as smoothly as 100. Rows have one fixed height.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useRef, type ReactNode } from "react";

interface Props<T> {
  items: readonly T[];
  rowHeight: number;
  /** CSS max-height of the scroll area (spec §2: 15 rem for the batch list). */
  maxHeight: string;
  label: string;
  getKey(item: T): string | number;
  renderRow(item: T, index: number): ReactNode;
}

export function VirtualList<T>({ items, rowHeight, maxHeight, label, getKey, renderRow }: Props<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  // Stable between scroll renders: the virtualizer recomputes every row's offset (all 100,000
  // of them) whenever getItemKey changes, which a fresh closure per render did on every frame.
  const getItemKey = useCallback((index: number) => getKey(items[index]!), [items, getKey]);
  // The virtualizer's API returns fresh functions each render by design; the compiler lint knows.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
    getItemKey,
  });
  return (
    <div
      ref={scroller}
      className="overflow-y-auto overscroll-contain rounded-xl border border-border bg-card"
      style={{ maxHeight }}
      data-testid="virtual-list"
    >
      <div role="list" aria-label={label} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => (
          <div
            key={row.key}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={row.index + 1}
            className="absolute left-0 top-0 w-full"
            style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
          >
            {renderRow(items[row.index]!, row.index)}
          </div>
        ))}
      </div>
    </div>
  );
}
