import { formatPriceFen } from '@app/protocol/format';
import { type SellRules, sellerReceives } from '@app/protocol/sell-rules';

/** A price typed in yuan, and what the seller receives after the fee (shown before confirming). */
export function PriceField({
  value,
  onChange,
  fen,
  rules,
  whole,
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  fen: number | null;
  rules: SellRules | undefined;
  whole: boolean;
  testId: string;
}) {
  const money = fen && rules ? sellerReceives(fen, rules) : null;
  return (
    <>
      <label className="sell-field">
        <span>售价（元）</span>
        <input
          inputMode={whole ? 'numeric' : 'decimal'}
          value={value}
          placeholder={whole ? '整数元' : '最多两位小数'}
          onChange={(e) => onChange(e.target.value.replace(whole ? /[^\d]/g : /[^\d.]/g, ''))}
          data-testid={testId}
        />
      </label>
      {money ? (
        <p className="sell-receive" data-testid={`${testId}-receive`}>
          手续费 {formatPriceFen(money.fee)}（{rules?.servicePercent}%，最高{' '}
          {formatPriceFen(rules?.maxServiceCharge ?? 0)}），成交后您将收到 <b>{formatPriceFen(money.receive)}</b>
        </p>
      ) : null}
    </>
  );
}

/** The optional fields of every listing: a designated buyer (唯一码) and a description. */
export function ExtraFields({
  buyer,
  setBuyer,
  description,
  setDescription,
}: {
  buyer: string;
  setBuyer: (v: string) => void;
  description?: string;
  setDescription?: (v: string) => void;
}) {
  return (
    <>
      <label className="sell-field">
        <span>指定买家（选填）</span>
        <input
          inputMode="numeric"
          value={buyer}
          placeholder="输入买家的唯一码，只有该买家可以购买"
          onChange={(e) => setBuyer(e.target.value.replace(/\D/g, ''))}
          data-testid="sell-designated"
        />
      </label>
      {setDescription ? (
        <label className="sell-field">
          <span>描述（选填）</span>
          <textarea maxLength={200} value={description} onChange={(e) => setDescription(e.target.value)} />
        </label>
      ) : null}
    </>
  );
}
