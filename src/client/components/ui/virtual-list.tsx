import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Rows kept rendered beyond each edge of the viewport (spec 01-core §9: list overscan 200). */
const OVERSCAN_PX = 200;
/** Where no layout exists (jsdom, a hidden parent) this much height is assumed. */
const FALLBACK_VIEWPORT_PX = 800;
/** How close to the end, in rows, asks for the next page. */
const END_THRESHOLD_ROWS = 10;

/**
 * A list of equally tall rows that renders only those near the viewport, so ten thousand rows
 * cost as many DOM nodes as thirty. The list is its own scroll container; the rows are
 * positioned inside a spacer as tall as all of them.
 */
export function VirtualList({
  count,
  rowHeight,
  renderRow,
  rowKey,
  onEndReached,
  footer,
  label,
  className = '',
  testId,
}: {
  count: number;
  rowHeight: number;
  renderRow: (index: number) => ReactNode;
  rowKey: (index: number) => string;
  /** Called when the last rows come into view, e.g. to load the next page. */
  onEndReached?: () => void;
  /** Shown after the rows (a spinner or a 'more' line); one row tall. */
  footer?: ReactNode;
  label?: string;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT_PX);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setViewport(element.clientHeight || FALLBACK_VIEWPORT_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor((scrollTop - OVERSCAN_PX) / rowHeight));
  const last = Math.min(count, Math.ceil((scrollTop + viewport + OVERSCAN_PX) / rowHeight));
  const nearEnd = last >= count - END_THRESHOLD_ROWS;

  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, count, onEndReached]);

  const rows: ReactNode[] = [];
  for (let index = first; index < last; index++) {
    rows.push(
      <li
        key={rowKey(index)}
        aria-setsize={count}
        aria-posinset={index + 1}
        className="absolute inset-x-0"
        style={{ top: index * rowHeight, height: rowHeight }}
      >
        {renderRow(index)}
      </li>,
    );
  }

  return (
    <div
      ref={ref}
      className={`min-h-0 overflow-y-auto ${className}`}
      data-testid={testId}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <ul aria-label={label} className="relative" style={{ height: count * rowHeight }}>
        {rows}
      </ul>
      {footer}
    </div>
  );
}
