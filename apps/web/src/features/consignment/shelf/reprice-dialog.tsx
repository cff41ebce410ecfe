import type { ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { formatPriceFen } from '@app/protocol/format';
import { DEFAULT_SELL_RULES, priceProblem, sellerReceives, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { showToast } from '../../../lib/ui-bus';
import { useGameSellRules } from '../api/get-game-sell-rules';
import { useModifyPrice } from '../api/modify-price';

/** 改价: a new price under the game's rules (the server checks the same), with what the seller receives. */
export function RepriceDialog({ item, onClose }: { item: ShelfItem; onClose: () => void }) {
  const modify = useModifyPrice();
  const rules = useGameSellRules(item.applicationId).data?.rules ?? DEFAULT_SELL_RULES;
  const [price, setPrice] = useState(String(item.price / 100));
  const fen = yuanToFen(price);
  // The shelf names the coin, the rules number it.
  const coinType = rules.coinRules.find((r) => r.coinName === item.coinConfigTypeName)?.coinType;
  const problem = fen === null ? '请输入正确的价格' : priceProblem(item.type, fen, rules, coinType);
  const money = fen !== null && !problem ? sellerReceives(fen, rules) : null;
  const save = () => {
    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
    modify.mutate({ commodityId: item.id, price: fen }, { onSuccess: onClose });
  };
  return (
    <div className="mask" role="dialog" aria-modal="true" data-testid="reprice-dialog">
      <div className="modal" style={{ padding: 20 }}>
        <div className="modal-title">修改价格</div>
        <p className="muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
          {item.title}
        </p>
        <label className="sell-field" style={{ marginTop: 12 }}>
          <span>新价格（元）</span>
          <input
            value={price}
            inputMode={item.type === 1 ? 'numeric' : 'decimal'}
            onChange={(e) => setPrice(e.target.value.replace(/[^\d.]/g, ''))}
            data-testid="reprice-input"
          />
        </label>
        <p className={money ? 'sell-receive' : 'sell-problem'} style={{ marginTop: 8 }} data-testid="reprice-hint">
          {money ? (
            <>
              手续费 {formatPriceFen(money.fee)}，成交后您将收到 <b>{formatPriceFen(money.receive)}</b>
            </>
          ) : (
            problem
          )}
        </p>
        <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
          <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={modify.isPending}
            onClick={save}
            data-testid="reprice-save"
          >
            保存
          </button>
        </div>
      </div>
    </div>
  );
}
