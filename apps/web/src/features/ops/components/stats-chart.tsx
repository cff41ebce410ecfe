import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  color: string;
  values: Array<number | null>;
  /** Drawn against the right-hand axis (money next to counts). */
  right?: boolean;
  format?: (v: number) => string;
  /** The axis's shorter labels (money in 万), else `format`. */
  axis?: (v: number) => string;
}

/** A line chart of day series (uPlot), as wide as its box, redrawn when the data or the width change. */
export function StatsChart({ days, series, height = 260 }: { days: string[]; series: ChartSeries[]; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00+08:00`) / 1000);
    const right = series.find((s) => s.right);
    const left = series.find((s) => !s.right);
    const tick = (format?: (v: number) => string) => (_u: uPlot, ticks: number[]) =>
      ticks.map((t) => (format ? format(t) : String(t)));
    const plot = new uPlot(
      {
        width: el.clientWidth || 800,
        height,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Shanghai'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
        axes: [
          { values: (_u, ticks) => ticks.map((t) => new Date(t * 1000 + 8 * 3_600_000).toISOString().slice(5, 10)) },
          { scale: 'y', size: 64, values: tick(left?.axis ?? left?.format) },
          ...(right
            ? [{ scale: 'right', side: 1, size: 64, grid: { show: false }, values: tick(right.axis ?? right.format) }]
            : []),
        ],
        series: [
          {
            label: '日期',
            value: (_u, v) => (v == null ? '—' : new Date(v * 1000 + 8 * 3_600_000).toISOString().slice(0, 10)),
          },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: 2,
            scale: s.right ? 'right' : 'y',
            points: { show: days.length <= 45 },
            value: (_u: uPlot, v: number | null) => (v == null ? '—' : s.format ? s.format(v) : String(v)),
          })),
        ],
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series, height]);
  return <div ref={box} className="ops-chart" />;
}
