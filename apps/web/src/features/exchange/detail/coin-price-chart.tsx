import { formatPriceFen } from '@app/protocol/format';

type Point = { day: string; avgPerWan: number; minPerWan: number; maxPerWan: number };

const W = 340;
const H = 170;
const PAD = { left: 52, right: 10, top: 12, bottom: 24 };

/** Scales of the chart; exported for the test of the drawing maths. */
export function chartGeometry(points: Point[], marker: number | null) {
  const values = points.flatMap((p) => [p.minPerWan, p.maxPerWan, p.avgPerWan]);
  if (marker !== null) values.push(marker);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.max(1, max * 0.1);
  const lo = Math.max(0, min - span * 0.1);
  const hi = max + span * 0.1;
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0.5 : i / (points.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  return { x, y, lo, hi };
}

/** Daily average unit price (fen per 10,000 coins) as a hand-drawn SVG line with its min–max band. */
export function CoinPriceChart({ points, marker }: { points: Point[]; marker: number | null }) {
  if (points.length === 0) return <div className="muted">近期暂无成交</div>;
  const { x, y, lo, hi } = chartGeometry(points, marker);
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.avgPerWan).toFixed(1)}`).join(' ');
  const band = [
    ...points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.maxPerWan).toFixed(1)}`),
    ...points.map((p, i) => `L${x(i).toFixed(1)},${y(p.minPerWan).toFixed(1)}`).reverse(),
    'Z',
  ].join(' ');
  const ticks = [lo, (lo + hi) / 2, hi];
  const days = [0, Math.floor((points.length - 1) / 2), points.length - 1].filter((v, i, a) => a.indexOf(v) === i);
  return (
    <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="游戏币单价走势" data-testid="coin-price-chart">
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#eef0f3" />
          <text x={PAD.left - 6} y={y(v) + 4} fontSize="10" textAnchor="end" fill="#86909c">
            {formatPriceFen(Math.round(v))}
          </text>
        </g>
      ))}
      <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} stroke="#c9cdd4" />
      <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} stroke="#c9cdd4" />
      {days.map((i) => (
        // The last day ends at the right edge (centred there, half of it fell outside the chart).
        <text
          key={i}
          x={x(i)}
          y={H - 6}
          fontSize="10"
          textAnchor={i > 0 && i === points.length - 1 ? 'end' : 'middle'}
          fill="#86909c"
        >
          {points[i]?.day.slice(5)}
        </text>
      ))}
      <path d={band} fill="rgba(255,91,38,0.12)" stroke="none" />
      <path d={line} fill="none" stroke="#ff5b26" strokeWidth="2" strokeLinejoin="round" data-testid="chart-line" />
      {marker !== null ? (
        <g>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(marker)} y2={y(marker)} stroke="#2e90fa" strokeDasharray="4 3" />
          <text x={W - PAD.right} y={y(marker) - 4} fontSize="10" textAnchor="end" fill="#2e90fa">
            本商品
          </text>
        </g>
      ) : null}
    </svg>
  );
}
