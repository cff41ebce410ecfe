import { formatPriceFen } from '@app/protocol/format';
import { bandText, farText, type ReferenceBand } from './price-reference';

/**
 * Under the price: the unit price of a coin lot (¥/万), the market's band of finished trades, and
 * a warning when the price is far from it. Nothing about a band the market has no trades for.
 */
export function ReferenceLine({
  reference,
  unit,
  far,
  perWanShown,
  testId,
}: {
  reference: { band: ReferenceBand | null; perWan: boolean; days: number } | undefined;
  unit: number | null;
  far: 'low' | 'high' | null;
  perWanShown: boolean;
  testId: string;
}) {
  const band = reference?.band ?? null;
  if (!band && !(perWanShown && unit !== null)) return null;
  return (
    <div className="sell-reference" data-testid={testId}>
      {perWanShown && unit !== null ? (
        <span data-testid={`${testId}-unit`}>
          单价 <b>{formatPriceFen(unit)}/万</b>
        </span>
      ) : null}
      {band && reference ? (
        <span data-testid={`${testId}-band`}>{bandText(band, reference.perWan, reference.days)}</span>
      ) : null}
      {far && band && unit !== null && reference ? (
        <span className="sell-reference-far" role="alert" data-testid={`${testId}-far`} data-far={far}>
          {farText(far, unit, band, reference.perWan)}
        </span>
      ) : null}
    </div>
  );
}
