import { type PropSubType, propSubTypeLabel } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { priceProblem, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { showToast } from '../../../lib/ui-bus';
import { useOnShelfItemNum } from '../api/get-on-shelf-item-num';
import { usePriceReference } from '../api/get-price-reference';
import { useSellConfig } from '../api/get-sell-config';
import { useSellableItems } from '../api/get-sellable-items';
import { usePublishItem } from '../api/publish-item';
import { confirmSale } from './confirm-sale';
import { ExtraFields, PriceField } from './price-field';
import { farFromBand, farText } from './price-reference';
import { ReferenceLine } from './reference-line';

const PLACES: Record<string, string> = { equipment: '装备', bag: '背包', warehouse: '仓库' };

/** 道具: the role's props, each greyed with the reason it cannot be sold; pick one, price it, publish. */
export function ItemTab({ onPublished }: { onPublished: () => void }) {
  const config = useSellConfig();
  const items = useSellableItems();
  const num = useOnShelfItemNum();
  const publish = usePublishItem();
  const [picked, setPicked] = useState<string | null>(null);
  const [price, setPrice] = useState('');
  const [buyer, setBuyer] = useState('');
  const reference = usePriceReference(picked ? { type: 3, itemId: picked } : null).data;
  if (!config.data || !items.data) return <div className="card skeleton" style={{ height: 220 }} />;
  if (!config.data.itemExchangeOpen) return <p className="muted">该游戏暂未开放道具交易</p>;
  const fen = yuanToFen(price);
  const far = farFromBand(fen && fen > 0 ? fen : null, reference?.band);
  const pickedName = items.data.list.find((i) => i.itemId === picked)?.name ?? '';
  const submit = async () => {
    if (!picked) return showToast('请选择要寄售的道具');
    const problem = fen === null ? '请输入正确的价格' : priceProblem(3, fen, config.data.rules);
    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
    confirmSale({
      far: far && reference?.band ? farText(far, fen, reference.band, false) : null,
      content: `道具「${pickedName}」将以 ${formatPriceFen(fen)} 出售，寄售期间道具在游戏中冻结，无法使用。`,
      onConfirm: async () => {
        const done = await publish
          .mutateAsync({ itemId: picked, price: fen, ...(buyer ? { designatedTradeId: buyer } : {}) })
          .catch(() => null);
        if (done) onPublished();
      },
    });
  };
  return (
    <div className="sell-form" data-testid="sell-items">
      {num.data ? (
        <p className="muted" style={{ margin: 0 }}>
          在售道具 {num.data.count}/{num.data.limit}
        </p>
      ) : null}
      <div className="sell-items">
        {items.data.list.map((i) => (
          <button
            key={i.itemId}
            type="button"
            className={`sell-item${picked === i.itemId ? ' on' : ''}`}
            disabled={i.refusal !== null}
            onClick={() => setPicked(i.itemId)}
            data-testid="sell-item"
            data-refused={i.refusal ? '1' : '0'}
          >
            <b>{i.name}</b>
            <span className="muted">
              {propSubTypeLabel[i.subType as PropSubType] ?? '道具'} · {PLACES[i.place] ?? i.place}
            </span>
            {i.refusal ? <span className="sell-item-why">{i.refusal}</span> : null}
          </button>
        ))}
      </div>
      <PriceField
        value={price}
        onChange={setPrice}
        fen={fen}
        rules={config.data.rules}
        whole={false}
        testId="sell-item-price"
      />
      <ReferenceLine
        reference={reference}
        unit={fen && fen > 0 ? fen : null}
        far={far}
        perWanShown={false}
        testId="sell-item-reference"
      />
      <ExtraFields buyer={buyer} setBuyer={setBuyer} />
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={publish.isPending}
        onClick={submit}
        data-testid="sell-item-submit"
      >
        寄售道具
      </button>
    </div>
  );
}
