import type { ShelfItem } from '@app/protocol/calls/consignment-shelf';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';

export type ShelfAction = ShelfItem['actions'][number];

const ACTION_TEXT: Record<ShelfAction, string> = {
  downShelf: '下架',
  onShelf: '上架',
  takeBack: '取回',
  modifyPrice: '改价',
};
export const TYPE_TEXT: Record<1 | 2 | 3, string> = { 1: '角色', 2: '游戏币', 3: '道具' };

/** One listing on the shelf: status, price, what the seller receives, expiry, note, and its actions. */
export function ShelfItemCard({
  item,
  busy,
  onAction,
  onBargain,
  onAuction,
  onPreBuyKey,
}: {
  item: ShelfItem;
  busy: boolean;
  onAction: (action: ShelfAction) => void;
  /** 还价设置, on the listings that take it (canSetBargain). */
  onBargain?: (() => void) | undefined;
  /** 转为拍卖, where the shelf offers it. */
  onAuction?: (() => void) | undefined;
  /** 预购码, for a pre-sale on sale without a designated buyer. */
  onPreBuyKey?: (() => void) | undefined;
}) {
  return (
    <div className="card shelf-item" data-testid="shelf-item" data-status={item.status} data-commodity-id={item.id}>
      <img src={item.firstImg} alt="" width={64} height={64} />
      <div className="shelf-main">
        <div className="shelf-head">
          <div className="shelf-title">{item.title}</div>
          <span className={`shelf-status s${item.status}`} data-testid="shelf-status">
            {item.statusLabel}
          </span>
        </div>
        <div className="muted shelf-meta">
          {item.gameName} · {item.serverName} · {TYPE_TEXT[item.type]}
          {item.deliverDays ? ` · 预售${item.deliverDays}天内交付` : ''}
          {item.designatedTradeId ? ' · 指定买家' : ''}
        </div>
        <div className="shelf-money">
          <span className="price" data-testid="shelf-price">
            {formatPriceFen(item.price)}
          </span>
          <span className="muted">到手 {formatPriceFen(item.receive)}</span>
        </div>
        {item.expireTime ? (
          <div className="muted shelf-meta">{formatDateTime(item.expireTime * 1000)} 到期自动下架</div>
        ) : null}
        {item.note ? <div className="shelf-note">{item.note}</div> : null}
        {item.actions.length || onBargain || onAuction || onPreBuyKey ? (
          <div className="shelf-actions">
            {onBargain ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={busy}
                onClick={onBargain}
                data-testid="shelf-bargain"
              >
                还价设置
              </button>
            ) : null}
            {onPreBuyKey ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={busy}
                onClick={onPreBuyKey}
                data-testid="shelf-pre-buy-key"
              >
                预购码
              </button>
            ) : null}
            {onAuction ? (
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                disabled={busy}
                onClick={onAuction}
                data-testid="shelf-auction"
              >
                转为拍卖
              </button>
            ) : null}
            {item.actions.map((a) => (
              <button
                key={a}
                type="button"
                className={`btn btn-sm ${a === 'takeBack' ? 'btn-primary' : 'btn-ghost'}`}
                disabled={busy}
                onClick={() => onAction(a)}
                data-testid={`shelf-${a}`}
              >
                {ACTION_TEXT[a]}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
