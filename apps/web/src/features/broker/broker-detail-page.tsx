import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { copy } from '../../lib/copy';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { showToast } from '../../lib/ui-bus';
import { useBrokerListing } from './api/broker-api';
import { BidBookPanel } from './bid-book-panel';
import { BrokerCollectButton } from './broker-collect-button';
import {
  coinsPerYuan,
  coinsToWan,
  deliverText,
  formatCoins,
  maxOrderable,
  orderTotal,
  quantityProblem,
  wanToCoins,
} from './broker-logic';
import './broker.css';

const STEPS = ['选择数量下单', '商人联系您', '游戏内交易', '确认收货'];

/** /{scene}/pages/broker/commodityDetail?commodityId=: one merchant's coin listing, a quantity and its total. */
export default function BrokerDetailPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const [params] = useSearchParams();
  const commodityId = params.get('commodityId') ?? '';
  const { data: l, error, isPending, refetch } = useBrokerListing(commodityId);
  const [typed, setTyped] = useState<string | null>(null);
  const navigate = useNavigate();

  if (!commodityId || error || isPending)
    return (
      <PageFrame title="商品详情" pcTitle="商人商品详情">
        <div className="broker-page">
          {isPending && commodityId ? (
            <div className="skeleton broker-skeleton broker-skeleton-320" />
          ) : (
            <EmptyState
              title={error?.message || '商品不存在'}
              art={error && error.message !== '商品不存在' ? 'error' : 'missing'}
              action={
                error && error.message !== '商品不存在' ? (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => refetch()}>
                    {copy.retry}
                  </button>
                ) : (
                  <Link className="btn btn-ghost btn-sm" to={paths.brokerList(scene)}>
                    看看其他商人
                  </Link>
                )
              }
            />
          )}
        </div>
      </PageFrame>
    );

  const onSale = l.status === 0 && l.stock > 0;
  const text = typed ?? coinsToWan(Math.min(l.minPerOrder, Math.max(l.stock, 1)));
  const coins = wanToCoins(text);
  const problem = onSale ? quantityProblem(coins, l) : null;
  const total = problem ? null : orderTotal(coins, l.unitPrice);
  const quick = [...new Set([l.minPerOrder, 1_000_000, 5_000_000, 10_000_000, maxOrderable(l)])]
    .filter((q) => q >= l.minPerOrder && q <= maxOrderable(l))
    .sort((a, b) => a - b)
    .slice(0, 5);

  const buyBar = (
    <div className={pc ? 'broker-buy-pc' : 'broker-buybar'} data-testid="broker-buybar">
      <div>
        <span className="muted">合计</span>{' '}
        <b className="broker-total" data-testid="broker-total">
          {total === null ? '--' : formatPriceFen(total)}
        </b>
        {onSale && coins && !problem ? (
          <div className="muted broker-total-hint">
            {formatCoins(coins)}
            {l.goldName}
          </div>
        ) : null}
      </div>
      {onSale ? (
        <button
          type="button"
          className="btn btn-primary broker-buy-button"
          onClick={() => {
            if (problem || coins === null) return showToast(problem ?? '请输入购买数量');
            navigate(paths.brokerOrderConfirm(scene, l.commodityId, coins));
          }}
          data-testid="broker-buy"
        >
          立即购买
        </button>
      ) : (
        <button type="button" className="btn btn-primary broker-buy-button" disabled data-testid="broker-buy">
          {l.statusLabel}
        </button>
      )}
    </div>
  );

  return (
    <PageFrame title="商品详情" pcTitle={`${l.shopName} · ${l.goldName}`}>
      <div className={pc ? 'broker-page broker-detail-pc' : 'broker-page broker-detail'} data-testid="broker-detail">
        <div className="broker-detail-main">
          <section className="card broker-detail-head">
            <div className="broker-detail-top">
              <div className="broker-shop">
                <span className="broker-shop-mark broker-shop-mark-lg" aria-hidden="true">
                  {l.shopName.slice(0, 1)}
                </span>
                <span>
                  <b className="broker-detail-shop" data-testid="broker-detail-shop">
                    {l.shopName}
                  </b>
                  <br />
                  <span className="broker-badge">认证商人</span>
                  <span className="broker-badge broker-badge-soft">平台担保</span>
                </span>
              </div>
              <BrokerCollectButton scene={scene} listing={l} />
            </div>
            <div className="broker-detail-title">
              {l.serverName} · {l.goldName}
              <span className={`broker-status s-${l.status}`} data-testid="broker-detail-status">
                {l.statusLabel}
              </span>
            </div>
            <div className="broker-detail-price">
              <span className="broker-price" data-testid="broker-detail-price">
                {formatPriceFen(l.unitPrice)}
                <small>/万{l.goldName}</small>
              </span>
              <span className="muted">
                1元≈{formatCoins(coinsPerYuan(l.unitPrice))}
                {l.goldName}
              </span>
            </div>
            <dl className="broker-facts">
              <div>
                <dt>库存</dt>
                <dd data-testid="broker-detail-stock">{formatCoins(l.stock)}</dd>
              </div>
              <div>
                <dt>单笔最少</dt>
                <dd>{formatCoins(l.minPerOrder)}</dd>
              </div>
              <div>
                <dt>单笔最多</dt>
                <dd>{formatCoins(l.maxPerOrder)}</dd>
              </div>
              <div>
                <dt>发货时效</dt>
                <dd data-testid="broker-detail-promise">{deliverText(l.deliverMinutes)}</dd>
              </div>
              <div>
                <dt>已售</dt>
                <dd>{formatCoins(l.soldQuantity)}</dd>
              </div>
            </dl>
          </section>

          <section className="card broker-qty" data-testid="broker-qty">
            <div className="broker-section-title">购买数量</div>
            {onSale ? (
              <>
                <label className="broker-qty-input">
                  <input
                    inputMode="decimal"
                    value={text}
                    onChange={(e) => setTyped(e.target.value)}
                    aria-label="购买数量（万）"
                    data-testid="broker-quantity"
                  />
                  <span>万{l.goldName}</span>
                </label>
                <div className="broker-chips">
                  {quick.map((q) => (
                    <button
                      key={q}
                      type="button"
                      className={`broker-chip${coins === q ? ' on' : ''}`}
                      onClick={() => setTyped(coinsToWan(q))}
                    >
                      {formatCoins(q)}
                    </button>
                  ))}
                </div>
                {problem ? (
                  <p className="broker-problem" role="alert" data-testid="broker-problem">
                    {problem}
                  </p>
                ) : (
                  <p className="muted broker-qty-hint">
                    单价 {formatPriceFen(l.unitPrice)}/万 × {coins ? coinsToWan(coins) : 0}万，不足1分按1分计
                  </p>
                )}
              </>
            ) : (
              <p className="muted" data-testid="broker-not-on-sale">
                该商品{l.statusLabel}，暂不能购买，看看其他商人吧。
                <Link to={paths.brokerList(scene, l.applicationId)}>返回商人列表</Link>
              </p>
            )}
            {pc ? buyBar : null}
          </section>

          <BidBookPanel
            coin={{
              appId: l.applicationId,
              serverId: l.serverId,
              serverName: l.serverName,
              masterServerId: l.masterServerId,
              goldType: l.goldType,
              goldName: l.goldName,
            }}
          />

          <section className="card broker-flow">
            <div className="broker-section-title">交易流程</div>
            <ol className="broker-steps">
              {STEPS.map((s, i) => (
                <li key={s}>
                  <span>{i + 1}</span>
                  {s}
                </li>
              ))}
            </ol>
            <ul className="broker-notes muted">
              <li>付款后货款由平台保管，您确认收到游戏币后商人才能收款。</li>
              <li>商人承诺{deliverText(l.deliverMinutes)}，超时未发货可申请退款。</li>
              <li>请勿私下交易或向商人直接转账，谨防诈骗。</li>
            </ul>
          </section>
        </div>
        {pc ? null : buyBar}
      </div>
    </PageFrame>
  );
}
