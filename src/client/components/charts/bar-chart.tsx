import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface BarPoint {
  /** The bar's label: an ISO day or hour. */
  label: string;
  value: number;
}

const HEIGHT = 180;

/** The accent colour of the current theme, read from the CSS custom property. */
function accent(element: HTMLElement) {
  return getComputedStyle(element).getPropertyValue('--accent-strong').trim() || '#9333ea';
}

/**
 * Bars over time, drawn by uPlot (decision 143: small, maintained, canvas). Only admin screens
 * import it, so it and its CSS are in their chunks alone. The canvas is described for screen
 * readers by the table that follows it.
 */
export function BarChart({
  title,
  points,
  formatLabel,
}: {
  title: string;
  points: BarPoint[];
  formatLabel: (label: string) => string;
}) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const xs = points.map((_, index) => index);
    const bars = uPlot.paths.bars?.({ size: [0.7, 40] });
    const chart = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false } },
        axes: [
          {
            stroke: 'currentColor',
            grid: { show: false },
            values: (_chart, ticks) =>
              ticks.map((tick) => {
                const point = points[tick];
                return point ? formatLabel(point.label) : '';
              }),
          },
          { stroke: 'currentColor', grid: { stroke: 'rgba(127,127,127,0.2)' } },
        ],
        series: [
          {},
          {
            label: title,
            fill: accent(element),
            stroke: accent(element),
            ...(bars ? { paths: bars } : {}),
            points: { show: false },
          },
        ],
      },
      [xs, points.map((point) => point.value)],
      element,
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      chart.destroy();
    };
  }, [points, title, formatLabel]);

  return (
    <figure className="flex flex-col gap-2" aria-label={title}>
      <figcaption className="font-semibold">{title}</figcaption>
      <div ref={holder} aria-hidden="true" className="w-full text-muted" />
      <table className="sr-only">
        <caption>{title}</caption>
        <tbody>
          {points.map((point) => (
            <tr key={point.label}>
              <th scope="row">{formatLabel(point.label)}</th>
              <td>{point.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
