import { formatCount, formatPriceFen } from '@app/protocol/format';
import { coinCountProblem, priceProblem, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { showToast } from '../../../lib/ui-bus';
import { useCoinNum } from '../api/get-coin-num';
import { usePriceReference } from '../api/get-price-reference';
import { useSellConfig } from '../api/get-sell-config';
import { usePublishCoin } from '../api/publish-coin';
import { confirmSale } from './confirm-sale';
import { ExtraFields, PriceField } from './price-field';
import { farFromBand, farText, unitPerWan } from './price-reference';
import { ReferenceLine } from './reference-line';

/** 游戏币: a coin type, how many (at least the lot, at most what is free), the price of the lot. */
export function CoinTab({ onPublished }: { onPublished: () => void }) {
  const config = useSellConfig();
  const coins = useCoinNum();
  const publish = usePublishCoin();
  const [type, setType] = useState<number | null>(null);
  const [count, setCount] = useState('');
  const [price, setPrice] = useState('');
  const [buyer, setBuyer] = useState('');
  const list = coins.data?.list ?? [];
  const chosen = list.find((c) => c.type === type) ?? list[0];
  const rule = config.data?.rules.coinRules.find((r) => r.coinType === chosen?.type);
  const fen = yuanToFen(price);
  const reference = usePriceReference(chosen ? { type: 2, coinType: chosen.type } : null).data;
  const unit = unitPerWan(fen, Number(count));
  const far = farFromBand(unit, reference?.band);
  if (!config.data || !coins.data) return <div className="card skeleton" style={{ height: 220 }} />;
  const submit = async () => {
    if (!chosen || !config.data) return;
    const n = Number(count);
    const problem =
      coinCountProblem(n, chosen.available, rule) ??
      (fen === null ? '请输入正确的价格' : priceProblem(2, fen, config.data.rules, chosen.type));
    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
    const perWan = unit === null ? '' : `（${formatPriceFen(unit)}/万）`;
    confirmSale({
      far: far && unit !== null && reference?.band ? farText(far, unit, reference.band, true) : null,
      content: `${formatCount(n)}${chosen.coinType}将以 ${formatPriceFen(fen)}${perWan || ' '}出售，寄售期间这些游戏币在游戏中冻结。`,
      onConfirm: async () => {
        const done = await publish
          .mutateAsync({
            coinType: chosen.type,
            coinNum: n,
            price: fen,
            ...(buyer ? { designatedTradeId: buyer } : {}),
          })
          .catch(() => null);
        if (done) onPublished();
      },
    });
  };
  return (
    <div className="sell-form" data-testid="sell-coins">
      <div className="sell-chips">
        {list.map((c) => (
          <button
            key={c.type}
            type="button"
            className={`sell-chip${c.type === chosen?.type ? ' on' : ''}`}
            onClick={() => setType(c.type)}
            data-testid={`sell-coin-${c.type}`}
          >
            {c.coinType}
          </button>
        ))}
      </div>
      {chosen ? (
        <p className="muted" style={{ margin: 0 }}>
          可出售 {formatCount(chosen.available)}（共 {formatCount(chosen.total)}）
          {rule ? `，每单至少 ${formatCount(rule.coinMinSellCount)}、不低于 ${formatPriceFen(rule.coinMinPrice)}` : ''}
        </p>
      ) : null}
      <label className="sell-field">
        <span>出售数量</span>
        <input
          inputMode="numeric"
          value={count}
          onChange={(e) => setCount(e.target.value.replace(/\D/g, ''))}
          data-testid="sell-coin-count"
        />
      </label>
      <PriceField
        value={price}
        onChange={setPrice}
        fen={fen}
        rules={config.data.rules}
        whole={false}
        testId="sell-coin-price"
      />
      <ReferenceLine reference={reference} unit={unit} far={far} perWanShown testId="sell-coin-reference" />
      <ExtraFields buyer={buyer} setBuyer={setBuyer} />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={publish.isPending}
        onClick={submit}
        data-testid="sell-coin-submit"
      >
        寄售游戏币
      </button>
    </div>
  );
}
