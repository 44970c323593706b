import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// Bundled with this chunk by Vite like any imported stylesheet: no CDN, and only screens with a chart load it.
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 280;
const DAY_SECONDS = 86_400;

/** A period (`YYYY-MM-DD`, a local date of the report's zone) as uPlot's x: the seconds of that date at UTC midnight, drawn in UTC so the axis shows the date itself. */
const xOf = (period: string) => Date.parse(`${period}T00:00:00Z`) / 1000;

/**
 * One series over the report's periods, drawn by uPlot on a canvas. The canvas says nothing to a
 * screen reader: the caller gives the figure a summary and a table of every figure.
 */
export function TrendChart({ periods, values, label, unit }: { periods: readonly string[]; values: readonly number[]; label: string; unit: 'day' | 'month' }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const options: uPlot.Options = {
      width: Math.max(320, target.clientWidth),
      height: HEIGHT,
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, y: { range: (_chart, _min, max) => [0, Math.max(1, max)] } },
      // By day, no tick falls between two days; by month, uPlot's own steps land on months.
      axes: [unit === 'day' ? { incrs: [DAY_SECONDS, DAY_SECONDS * 2, DAY_SECONDS * 7, DAY_SECONDS * 14, DAY_SECONDS * 28] } : {}, {}],
      series: [{}, { label, stroke: '#1f5fbf', width: 2, fill: '#1f5fbf22', points: { show: true } }],
    };
    const chart = new uPlot(options, [periods.map(xOf), [...values]], target);
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(320, target.clientWidth), height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [periods, values, label, unit]);
  return <div ref={box} className="trend-chart" aria-hidden="true" data-testid="trend-chart" />;
}
