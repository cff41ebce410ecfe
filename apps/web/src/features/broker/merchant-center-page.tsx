import { type BrokerListing, brokerListingStatusLabel } from '@app/protocol/calls/broker';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { isPcPage, PageFrame } from '../../components/pc-page-frame';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { showModal, showToast } from '../../lib/ui-bus';
import {
  MY_PAGE_SIZE,
  type ShelfAction,
  useBrokerConfig,
  useMerchant,
  useMyListings,
  useSetStock,
  useShelfAction,
} from './api/broker-api';
import { useLeaveMerchant } from './api/leave-merchant';
import { BidSellPanel } from './bid-book-sell';
import { coinsToWan, deliverText, formatCoins, listingActions, wanToCoins } from './broker-logic';
import { MerchantOrders } from './merchant-orders';
import { GameSelect, LoginFirst, loggedIn, MerchantStatusCard, useMerchantGame } from './merchant-shared';
import { PublishForm } from './publish-form';
import './broker.css';
import { BrokerPager } from './broker-pager';

const TABS: Array<{ status: number | undefined; label: string }> = [
  { status: undefined, label: '全部' },
  { status: 0, label: brokerListingStatusLabel[0] },
  { status: 1, label: brokerListingStatusLabel[1] },
  { status: 2, label: brokerListingStatusLabel[2] },
];

const ACTION_WORDS: Record<ShelfAction, { button: string; title: string; content: string; done: string }> = {
  down: {
    button: '下架',
    title: '下架商品',
    content: '下架后买家将无法购买该商品，已付款的订单仍需正常发货。确定下架吗？',
    done: '已下架',
  },
  on: { button: '上架', title: '上架商品', content: '确定将该商品重新上架出售吗？', done: '已上架' },
  delete: {
    button: '删除',
    title: '删除商品',
    content: '删除后商品将从您的列表中移除且无法恢复，历史订单不受影响。确定删除吗？',
    done: '已删除',
  },
};

/** Sets a listing's stock: 0 makes it 已售罄, restocking a sold-out one puts it on sale again. */
function StockEditor({ listing, disabled }: { listing: BrokerListing; disabled: boolean }) {
  const setStock = useSetStock();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  if (!editing)
    return (
      <span className="stock-view">
        <b data-testid="listing-stock">{formatCoins(listing.stock)}</b>
        {disabled ? null : (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText(coinsToWan(listing.stock));
              setProblem('');
              setEditing(true);
            }}
            data-testid="listing-stock-edit"
          >
            修改库存
          </button>
        )}
      </span>
    );
  const save = () => {
    const coins = text.trim() === '0' ? 0 : wanToCoins(text);
    if (coins === null) return setProblem('请输入库存（单位：万，0表示售罄）');
    setStock.mutate(
      { commodityId: listing.commodityId, stock: coins },
      {
        onSuccess: (next) => {
          setEditing(false);
          showToast(next.status === 2 ? '库存已清零，商品已售罄' : '库存已更新');
        },
        onError: (e) => setProblem(e.message),
      },
    );
  };
  return (
    <span className="stock-edit">
      <span className="broker-unit-input">
        <input
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="库存（万）"
          data-testid="listing-stock-input"
        />
        <em>万</em>
      </span>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={setStock.isPending}
        onClick={save}
        data-testid="listing-stock-save"
      >
        保存
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
        取消
      </button>
      {problem ? (
        <span className="broker-problem" role="alert" data-testid="listing-stock-problem">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

/** One of my listings: what it sells, its price, stock (editable), sales and the shelf actions. */
function ListingRow({ listing, suspended }: { listing: BrokerListing; suspended: boolean }) {
  const act = useShelfAction();
  const [selling, setSelling] = useState(false);
  const run = (action: ShelfAction) => {
    const words = ACTION_WORDS[action];
    showModal({
      id: `listing-${action}`,
      title: words.title,
      content: words.content,
      buttons: [
        { text: '再想想' },
        {
          text: `确认${words.button}`,
          primary: true,
          onClick: () =>
            act.mutate(
              { commodityId: listing.commodityId, action },
              { onSuccess: () => showToast(words.done), onError: (e) => showToast(e.message, 3000) },
            ),
        },
      ],
    });
  };
  return (
    <article
      className="card my-listing"
      data-testid="my-listing"
      data-commodity-id={listing.commodityId}
      data-status={listing.status}
    >
      <div className="my-listing-top">
        <b>
          {listing.serverName} · {listing.goldName}
        </b>
        <span className={`broker-status s-${listing.status}`} data-testid="listing-status">
          {listing.statusLabel}
        </span>
      </div>
      <dl className="my-listing-facts">
        <div>
          <dt>单价</dt>
          <dd className="broker-price-sm">{formatPriceFen(listing.unitPrice)}/万</dd>
        </div>
        <div>
          <dt>库存</dt>
          <dd>
            <StockEditor listing={listing} disabled={suspended} />
          </dd>
        </div>
        <div>
          <dt>单笔</dt>
          <dd>
            {formatCoins(listing.minPerOrder)}–{formatCoins(listing.maxPerOrder)}
          </dd>
        </div>
        <div>
          <dt>已售</dt>
          <dd>{formatCoins(listing.soldQuantity)}</dd>
        </div>
        <div>
          <dt>发货</dt>
          <dd>{deliverText(listing.deliverMinutes)}</dd>
        </div>
      </dl>
      <div className="my-listing-foot">
        <span className="muted">更新于 {formatDateTime(listing.updateTime * 1000)}</span>
        <span className="my-listing-actions">
          {suspended
            ? null
            : listingActions(listing.status).map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`btn btn-sm ${a === 'on' ? 'btn-primary' : 'btn-ghost'}`}
                  disabled={act.isPending}
                  onClick={() => run(a)}
                  data-testid={`listing-${a}`}
                >
                  {ACTION_WORDS[a].button}
                </button>
              ))}
          {!suspended && listing.status === 0 && listing.stock > 0 ? (
            <button
              type="button"
              className="btn btn-sm btn-ghost"
              onClick={() => setSelling(!selling)}
              data-testid="listing-sell-to-bid"
            >
              卖给求购
            </button>
          ) : null}
        </span>
      </div>
      {selling ? <BidSellPanel listing={listing} onDone={() => setSelling(false)} /> : null}
    </article>
  );
}

/** The approved merchant's listings by status, page by page, and the publish form. */
function Workbench({ appId, suspended }: { appId: string; suspended: boolean }) {
  const [params, setParams] = useSearchParams();
  const config = useBrokerConfig(appId);
  const statusText = params.get('status');
  const status = statusText === null || statusText === '' ? undefined : Number(statusText);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const mine = useMyListings(appId, status, page, true);
  const [publishing, setPublishing] = useState(false);
  const go = (next: { status?: number | undefined; page?: number }) => {
    const q = new URLSearchParams(params);
    const s = 'status' in next ? next.status : status;
    if (s === undefined) q.delete('status');
    else q.set('status', String(s));
    if (next.page && next.page > 1) q.set('page', String(next.page));
    else q.delete('page');
    setParams(q, { replace: true });
  };
  const list = mine.data?.list ?? [];
  // The whole shop on one page (全部, no further page): its counts at a glance.
  const whole = status === undefined && page === 1 && mine.data && !mine.data.hasMore && list.length > 0;
  const count = (s: number) => list.filter((l) => l.status === s).length;
  return (
    <>
      {whole ? (
        <dl className="merchant-stats" data-testid="merchant-stats">
          <div>
            <dt>出售中</dt>
            <dd>{count(0)}</dd>
          </div>
          <div>
            <dt>已下架</dt>
            <dd>{count(1)}</dd>
          </div>
          <div>
            <dt>已售罄</dt>
            <dd>{count(2)}</dd>
          </div>
          <div>
            <dt>累计售出</dt>
            <dd>{formatCoins(list.reduce((sum, l) => sum + l.soldQuantity, 0))}</dd>
          </div>
        </dl>
      ) : null}
      {publishing && config.data ? (
        <PublishForm config={config.data} onDone={() => setPublishing(false)} />
      ) : suspended ? null : (
        <button
          type="button"
          className="btn btn-primary merchant-publish-open"
          onClick={() => setPublishing(true)}
          disabled={!config.data}
          data-testid="publish-open"
        >
          ＋ 发布商品
        </button>
      )}
      <div className="broker-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.label}
            type="button"
            role="tab"
            aria-selected={status === t.status}
            className={`broker-tab${status === t.status ? ' on' : ''}`}
            onClick={() => go({ status: t.status })}
            data-testid={`listing-tab-${t.status ?? 'all'}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {mine.isPending ? (
        <div className="skeleton broker-skeleton broker-skeleton-160" />
      ) : mine.isError ? (
        <EmptyState title={mine.error.message} art="error" />
      ) : list.length === 0 ? (
        <EmptyState
          title={status === undefined ? '还没有发布商品' : `暂无${brokerListingStatusLabel[status as 0 | 1 | 2]}的商品`}
          hint={status === undefined ? '点击“发布商品”，填写区服、单价和库存即可开始出售' : undefined}
        />
      ) : (
        <div className="my-listings" data-testid="my-listings">
          {list.map((l) => (
            <ListingRow key={l.commodityId} listing={l} suspended={suspended} />
          ))}
        </div>
      )}
      <BrokerPager page={page} hasMore={Boolean(mine.data?.hasMore)} go={(p) => go({ page: p })} />
      <p className="muted merchant-foot">每页最多 {MY_PAGE_SIZE} 件，库存清零的商品自动转为已售罄。</p>
    </>
  );
}

/**
 * 退出商户: asked to confirm what leaving means; the server refuses while a listing is on sale, an
 * order runs or money is still to settle, and its words are shown as they come.
 */
function LeaveMerchant({ appId }: { appId: string }) {
  const leave = useLeaveMerchant();
  const ask = () =>
    showModal({
      id: 'merchant-leave',
      title: '退出商户',
      content:
        '退出后，您在本游戏的商品不能再上架或补充库存，店铺从商人市场撤下；入驻时登记的保证金或授信由客服核对后办理。如需继续经营，可重新申请入驻。确定退出商户吗？',
      buttons: [
        { text: '再想想' },
        {
          text: '确认退出',
          primary: true,
          onClick: () =>
            leave.mutate(appId, {
              onSuccess: () => showToast('已退出商户'),
              onError: (e) => showToast(e.message, 3000),
            }),
        },
      ],
    });
  return (
    <button
      type="button"
      className="link-button merchant-leave"
      onClick={ask}
      disabled={leave.isPending}
      data-testid="merchant-leave"
    >
      退出商户
    </button>
  );
}

/** /{scene}/pages/broker/merchantCenter: 商人中心, my standing in a game and, once approved, my listings. */
export default function MerchantCenterPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const pc = isPcPage(scene);
  const { appId, games, choose } = useMerchantGame();
  const signedIn = loggedIn();
  const merchant = useMerchant(appId, signedIn);
  const mine = merchant.data?.merchant ?? null;
  const working = mine && (mine.status === 'approved' || mine.status === 'suspended');
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'orders' ? 'orders' : 'listings';
  return (
    <PageFrame title="商人中心">
      <div
        className={pc ? 'merchant-page merchant-page-pc' : 'broker-page merchant-page'}
        data-testid="merchant-center"
      >
        <div className="merchant-head">
          {games.length > 0 ? <GameSelect appId={appId} games={games} onChoose={choose} /> : <span />}
          {working ? (
            <Link className="link-button" to={paths.brokerList(scene, appId)} data-testid="merchant-see-market">
              查看市场行情
            </Link>
          ) : null}
        </div>
        {!signedIn ? (
          <LoginFirst scene={scene} what="管理商品" />
        ) : merchant.isPending ? (
          <div className="skeleton broker-skeleton broker-skeleton-200" />
        ) : merchant.isError ? (
          <EmptyState title={merchant.error.message} art="error" />
        ) : !mine ? (
          <EmptyState
            title="您还不是该游戏的商人"
            hint="入驻成为认证商人后，即可发布游戏币库存，买家按需下单"
            action={
              <Link
                className="btn btn-primary btn-sm broker-action-gap"
                to={paths.merchantApply(scene, appId)}
                data-testid="merchant-apply-entry"
              >
                申请入驻
              </Link>
            }
          />
        ) : (
          <>
            {mine.status === 'approved' ? (
              <div className="merchant-shop-line" data-testid="merchant-shop">
                <span className="broker-shop-mark" aria-hidden="true">
                  {mine.shopName.slice(0, 1)}
                </span>
                <b>{mine.shopName}</b>
                <span className="broker-badge">{mine.statusLabel}</span>
                <LeaveMerchant appId={appId} />
              </div>
            ) : (
              <MerchantStatusCard merchant={mine} />
            )}
            {working ? (
              <>
                <nav className="order-kinds" aria-label="商人中心">
                  {(
                    [
                      ['listings', '我的商品'],
                      ['orders', '订单管理'],
                    ] as const
                  ).map(([id, label]) => (
                    <button
                      key={id}
                      type="button"
                      className={`order-kind${view === id ? ' on' : ''}`}
                      aria-pressed={view === id}
                      onClick={() =>
                        setParams(new URLSearchParams({ applicationId: appId, view: id }), { replace: true })
                      }
                      data-testid={`merchant-view-${id}`}
                    >
                      {label}
                    </button>
                  ))}
                </nav>
                {view === 'orders' ? (
                  <MerchantOrders appId={appId} />
                ) : (
                  <Workbench appId={appId} suspended={mine.status === 'suspended'} />
                )}
              </>
            ) : (
              <Link
                className="btn btn-primary merchant-submit"
                to={paths.merchantApply(scene, appId)}
                data-testid="merchant-apply-entry"
              >
                {mine.status === 'rejected' || mine.status === 'left' ? '重新申请' : '查看申请'}
              </Link>
            )}
          </>
        )}
      </div>
    </PageFrame>
  );
}
