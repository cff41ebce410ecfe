import type { PriceIndexPoint } from '@app/protocol/calls/market-index';
import { formatPriceFen } from '@app/protocol/format';

const H = 180;
const PAD = { left: 56, right: 12, top: 12, bottom: 24 };

/** The chart's scales (exported for the test of the drawing maths); `width` is the viewBox width. */
export function indexGeometry(points: readonly PriceIndexPoint[], width: number) {
  const values = points.flatMap((p) => [p.p25, p.p75, p.median]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.max(1, max * 0.1);
  const lo = Math.max(0, min - span * 0.15);
  const hi = max + span * 0.15;
  const x = (i: number) =>
    PAD.left + (points.length <= 1 ? 0.5 : i / (points.length - 1)) * (width - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  return { x, y, lo, hi };
}

/** The polyline's points and the band's polygon (P75 left to right, then P25 back). */
export function indexShapes(points: readonly PriceIndexPoint[], width: number) {
  const { x, y } = indexGeometry(points, width);
  const at = (i: number, v: number) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`;
  return {
    line: points.map((p, i) => at(i, p.median)).join(' '),
    band: [...points.map((p, i) => at(i, p.p75)), ...points.map((p, i) => at(i, p.p25)).reverse()].join(' '),
  };
}

/** The daily median as a hand-drawn SVG polyline over its P25–P75 band (no chart library). */
export function PriceIndexChart({
  points,
  unit,
  width = 360,
}: {
  points: readonly PriceIndexPoint[];
  unit: string;
  width?: number;
}) {
  if (points.length === 0) return <div className="muted price-index-empty">所选范围暂无成交</div>;
  const { x, y, lo, hi } = indexGeometry(points, width);
  const { line, band } = indexShapes(points, width);
  const ticks = [lo, (lo + hi) / 2, hi];
  const days = [0, Math.floor((points.length - 1) / 2), points.length - 1].filter((v, i, a) => a.indexOf(v) === i);
  return (
    <svg
      viewBox={`0 0 ${width} ${H}`}
      width="100%"
      role="img"
      aria-label={`每日成交中位价${unit}与P25–P75区间`}
      data-testid="price-index-chart"
    >
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="#eef0f3" />
          <text x={PAD.left - 6} y={y(v) + 4} fontSize="10" textAnchor="end" fill="#86909c">
            {formatPriceFen(Math.round(v))}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={width - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#c9cdd4" />
      {days.map((i) => (
        <text
          key={i}
          x={x(i)}
          y={H - 6}
          fontSize="10"
          textAnchor={i > 0 && i === points.length - 1 ? 'end' : i === 0 && points.length > 1 ? 'start' : 'middle'}
          fill="#86909c"
        >
          {points[i]?.day.slice(5)}
        </text>
      ))}
      <polygon points={band} fill="rgba(255,91,38,0.14)" stroke="none" data-testid="price-index-band" />
      <polyline points={line} fill="none" stroke="#ff5b26" strokeWidth="2" strokeLinejoin="round" />
      {points.map((p, i) => (
        <circle key={p.day} cx={x(i)} cy={y(p.median)} r={points.length > 40 ? 1.5 : 2.5} fill="#ff5b26">
          <title>{`${p.day} 中位价 ${formatPriceFen(p.median)}${unit} · ${p.trades}笔`}</title>
        </circle>
      ))}
    </svg>
  );
}
