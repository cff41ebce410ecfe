import type { ShelfItem, ShelfTab } from '@app/protocol/calls/consignment-shelf';
import { formatPriceFen } from '@app/protocol/format';
import { DEFAULT_SELL_RULES, priceProblem, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { Link } from 'react-router';
import { MobileLayout } from '../../../components/mobile-layout';
import { sceneOfPath } from '../../../lib/platform';
import { showModal, showToast } from '../../../lib/ui-bus';
import { useShelf, useShelfAction } from './api/shelf';
import '../sell-form.css';
import './shelf.css';

const TABS: Array<{ key: ShelfTab; text: string }> = [
  { key: 'all', text: '全部' },
  { key: 'onSale', text: '在售' },
  { key: 'delisted', text: '已下架' },
  { key: 'selling', text: '交易中' },
  { key: 'ended', text: '已结束' },
];
const ACTION_TEXT = { downShelf: '下架', onShelf: '上架', takeBack: '取回', modifyPrice: '改价' } as const;
const TYPE_TEXT: Record<number, string> = { 1: '角色', 2: '游戏币', 3: '道具' };

/**
 * The seller's shelf (/h5sdk/pages/shelves/shelves in the game, /{scene}/pages/userCenter/saleShelf/
 * saleShelf elsewhere; the retrieve shelf getBackRole opens on 已下架): every listing with its
 * status and exactly the actions that status allows.
 */
export default function ShelfPage({ retrieve = false }: { retrieve?: boolean }) {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [tab, setTab] = useState<ShelfTab>(retrieve ? 'delisted' : 'all');
  const shelf = useShelf(tab, scene === 'h5sdk');
  const act = useShelfAction();
  const [repricing, setRepricing] = useState<ShelfItem | null>(null);
  const run = (item: ShelfItem, action: 'downShelf' | 'onShelf' | 'takeBack' | 'modifyPrice') => {
    if (action === 'modifyPrice') return setRepricing(item);
    const go = () =>
      act.mutate(
        { action, commodityId: item.id },
        {
          onSuccess: (r) =>
            showToast(
              action === 'takeBack' ? (r.status === 0 ? '已取回到游戏中' : (r.note ?? '取回失败')) : '操作成功',
            ),
        },
      );
    if (action === 'takeBack')
      showModal({
        title: '确认取回',
        content: `取回后${TYPE_TEXT[item.type] ?? '商品'}将解冻回到游戏中，${item.type === 1 ? '角色取回后需等待一段时间才能再次上架。' : ''}`,
        buttons: [{ text: '取消' }, { text: '确认取回', primary: true, onClick: go }],
      });
    else go();
  };
  return (
    <MobileLayout title={retrieve ? '取回商品' : '我的货架'} tabBar={scene === 'h5sdk'}>
      <div className="shelf-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={tab === t.key}
            className={`shelf-tab${tab === t.key ? ' on' : ''}`}
            onClick={() => setTab(t.key)}
            data-testid={`shelf-tab-${t.key}`}
          >
            {t.text}
          </button>
        ))}
      </div>
      <div style={{ padding: '0 12px 12px' }} data-testid="shelf-list">
        {shelf.isPending ? <div className="card skeleton" style={{ height: 120 }} /> : null}
        {shelf.data?.list.length === 0 ? (
          <div className="card" style={{ padding: 24, textAlign: 'center' }}>
            <p className="muted">还没有商品</p>
            {scene === 'h5sdk' ? (
              <Link className="btn btn-primary" to="/h5sdk/pages/consignSale/roleCoin">
                去寄售
              </Link>
            ) : null}
          </div>
        ) : null}
        {shelf.data?.list.map((item) => (
          <div key={item.id} className="card shelf-item" data-testid="shelf-item" data-status={item.status}>
            <img src={item.firstImg} alt="" width={64} height={64} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <div className="shelf-title">{item.title}</div>
              <div className="muted" style={{ fontSize: 12 }}>
                {item.gameName} · {item.serverName} · {TYPE_TEXT[item.type]}
              </div>
              <div style={{ marginTop: 4 }}>
                <span className="price">{formatPriceFen(item.price)}</span>{' '}
                <span className="muted" style={{ fontSize: 12 }}>
                  到手 {formatPriceFen(item.receive)}
                </span>
              </div>
              {item.expireTime ? (
                <div className="muted" style={{ fontSize: 12 }}>
                  {new Date(item.expireTime * 1000).toLocaleString('zh-CN', { hour12: false })} 自动下架
                </div>
              ) : null}
              {item.note ? <div className="shelf-note">{item.note}</div> : null}
            </div>
            <div className="shelf-side">
              <span className={`shelf-status s${item.status}`} data-testid="shelf-status">
                {item.statusLabel}
              </span>
              {item.actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`btn btn-sm ${a === 'takeBack' ? 'btn-primary' : 'btn-ghost'}`}
                  disabled={act.isPending}
                  onClick={() => run(item, a)}
                  data-testid={`shelf-${a}`}
                >
                  {ACTION_TEXT[a]}
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
      {repricing ? <Reprice item={repricing} onClose={() => setRepricing(null)} /> : null}
    </MobileLayout>
  );
}

function Reprice({ item, onClose }: { item: ShelfItem; onClose: () => void }) {
  const act = useShelfAction();
  const [price, setPrice] = useState(String(item.price / 100));
  return (
    <div className="mask" role="dialog" aria-modal="true" data-testid="reprice-dialog">
      <div className="modal" style={{ padding: 20 }}>
        <div className="modal-title">修改价格</div>
        <label className="sell-field" style={{ marginTop: 12 }}>
          <span>新价格（元）</span>
          <input
            value={price}
            inputMode="decimal"
            onChange={(e) => setPrice(e.target.value)}
            data-testid="reprice-input"
          />
        </label>
        <div style={{ display: 'flex', gap: 8, marginTop: 16 }}>
          <button type="button" className="btn btn-ghost btn-block" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={act.isPending}
            onClick={() => {
              const fen = yuanToFen(price);
              const problem =
                fen === null ? '请输入正确的价格' : priceProblem(item.type as 1 | 2 | 3, fen, DEFAULT_SELL_RULES);
              if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
              act.mutate({ action: 'modifyPrice', commodityId: item.id, price: fen }, { onSuccess: onClose });
            }}
            data-testid="reprice-save"
          >
            保存
          </button>
        </div>
      </div>
    </div>
  );
}
