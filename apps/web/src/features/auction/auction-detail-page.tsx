import { AUCTION_SNIPE_MINUTES, type AuctionDetail } from '@app/protocol/calls/auction';
import { CommodityType } from '@app/protocol/commodity';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { yuanToFen } from '@app/protocol/sell-rules';
import { AuctionStatus } from '@app/protocol/statuses/auction-status';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AgreementLink } from '../../components/agreement-modal';
import { EmptyState } from '../../components/empty-state';
import { FailureState } from '../../components/failure-state';
import { PageFrame } from '../../components/pc-page-frame';
import { copy } from '../../lib/copy';
import { targetFields, targetOptions, useDeliveryTargets } from '../../lib/delivery-targets';
import { gameToken } from '../../lib/game-token';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { dropRequestKey, requestKey } from '../../lib/request-key';
import { storage } from '../../lib/storage';
import { showModal, showToast } from '../../lib/ui-bus';
import { useAuction, useBid, useBuyNow, useJoinAuction } from './api/auction-api';
import { bidCommitment, buyNowCommitment } from './auction-commitments';
import { formatLeft, secondsLeft } from './auction-time';
import './auction.css';
import { AUCTION_RULE, AuctionCommitment } from './auction-rules';

/** A live countdown to the auction's end by the server's clock (the end moves when a late bid comes). */
function Countdown({ a, readAt }: { a: AuctionDetail; readAt: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = secondsLeft(a.endTime, a.serverTime, readAt, now);
  return (
    <div className="auction-countdown" data-testid="auction-countdown">
      <span className="muted">{a.status === AuctionStatus.RUNNING ? '距结束' : '状态'}</span>
      <b>{a.status === AuctionStatus.RUNNING ? formatLeft(left) : a.statusLabel}</b>
    </div>
  );
}

const bidKey = (commodityId: string) => `auctionBidKey:${commodityId}`;
const buyNowKey = (commodityId: string) => `auctionBuyNowKey:${commodityId}`;

/** Where the goods go and the rules ticked, then the deposit at the cashier. */
function JoinPanel({ a, scene }: { a: AuctionDetail; scene: string }) {
  const navigate = useNavigate();
  const inGame = gameToken() !== null;
  const targets = useDeliveryTargets(a.applicationId, !inGame);
  const join = useJoinAuction();
  const [target, setTarget] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const roleGoods = a.type === CommodityType.ROLE;
  const options = targetOptions(targets.data, roleGoods);
  const noTarget = !inGame && targets.isSuccess && options.length === 0;
  const unpaid = a.me?.status === BargainStatus.AWAITING_DEPOSIT ? a.me.depositBizNo : '';
  const submit = async () => {
    if (unpaid) return navigate(paths.cashier(scene, unpaid));
    if (!inGame && !target) return setProblem(roleGoods ? '请选择收货的游戏账号' : '请选择收货角色');
    if (!agreed) return setProblem('请先阅读并同意竞拍规则');
    setProblem(null);
    const deposit = await join
      .mutateAsync({ commodityId: a.commodityId, ...(inGame ? {} : targetFields(target)) })
      .catch(() => null);
    if (!deposit) return;
    if (deposit.depositStatus === 'held') return showToast('保证金已缴纳，可以出价了');
    navigate(paths.cashier(scene, deposit.bizNo));
  };
  return (
    <div className="auction-panel" data-testid="auction-join">
      <p className="muted auction-note">
        参与竞拍需缴纳保证金 <b className="price">{formatPriceFen(a.depositAmount)}</b>
        。未中标的保证金在拍卖结束时原路退还；中标后保证金抵扣货款，请在规定时间内付款，超时或取消将扣除保证金。
      </p>
      <AuctionCommitment side="bidder" />
      {unpaid ? null : inGame ? (
        <p className="muted auction-note">
          {roleGoods ? '中标后角色将转移到您当前登录的游戏账号' : '中标后将发放到您当前登录的角色'}
        </p>
      ) : noTarget ? (
        <p className="muted auction-note" data-testid="auction-no-target">
          请先从游戏内打开交易平台登录一次，绑定您的游戏账号后再参与竞拍。
        </p>
      ) : (
        <select
          aria-label="收货角色"
          className="auction-select"
          value={target}
          onChange={(e) => {
            setTarget(e.target.value);
            setProblem(null);
          }}
          data-testid="auction-target"
        >
          <option value="">{roleGoods ? '选择收货的游戏账号' : '选择收货角色'}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
      {unpaid ? null : (
        <label className="auction-agree">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => {
              setAgreed(e.target.checked);
              setProblem(null);
            }}
            data-testid="auction-agree"
          />
          <span>
            {copy.agreePrefix}
            <AgreementLink agreementKey="tradingRules">{copy.tradingRules}</AgreementLink>
          </span>
        </label>
      )}
      <p className="auction-problem" role="alert" data-testid="auction-problem">
        {problem ?? ''}
      </p>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={join.isPending || (noTarget && !unpaid)}
        onClick={submit}
        data-testid="auction-deposit"
      >
        {unpaid ? '去支付保证金' : `缴纳保证金 ${formatPriceFen(a.depositAmount)}`}
      </button>
    </div>
  );
}

/** The bid input (the least next price filled in), and 一口价 when the seller set one. */
function BidPanel({ a, scene }: { a: AuctionDetail; scene: string }) {
  const navigate = useNavigate();
  const bid = useBid();
  const buyNow = useBuyNow();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const least = a.nextMinPrice;
  const submit = async () => {
    const fen = yuanToFen(amount || formatPriceFen(least, false).replaceAll(',', ''));
    if (fen === null) return setProblem('请输入正确的出价');
    if (fen < least) return setProblem(`出价不能低于${formatPriceFen(least)}`);
    if (a.type === CommodityType.ROLE && fen % 100 !== 0) return setProblem('角色出价须为整数元');
    if (a.buyNowPrice !== null && fen >= a.buyNowPrice) return setProblem('出价已达一口价，请直接一口价购买');
    setProblem(null);
    const place = async () => {
      const done = await bid
        .mutateAsync({ commodityId: a.commodityId, price: fen, requestKey: requestKey(bidKey(a.commodityId)) })
        .catch(() => null);
      dropRequestKey(bidKey(a.commodityId));
      if (!done) return;
      setAmount('');
      showToast(done.endTime > a.endTime ? `出价成功，结束时间已延长${AUCTION_SNIPE_MINUTES}分钟` : '出价成功');
    };
    showModal({
      id: 'confirmBid',
      title: `确认出价 ${formatPriceFen(fen)}`,
      content: bidCommitment(a, fen),
      buttons: [{ text: '再想想' }, { text: '确认出价', primary: true, onClick: place }],
    });
  };
  const buy = () => {
    const price = a.buyNowPrice;
    if (price === null) return;
    const take = async () => {
      const order = await buyNow
        .mutateAsync({ commodityId: a.commodityId, requestKey: requestKey(buyNowKey(a.commodityId)) })
        .catch(() => null);
      if (!order) return;
      dropRequestKey(buyNowKey(a.commodityId));
      navigate(paths.cashier(scene, order.orderId));
    };
    showModal({
      id: 'confirmBuyNow',
      title: `确认一口价 ${formatPriceFen(price)} 购买`,
      content: buyNowCommitment(a, price),
      buttons: [{ text: '再想想' }, { text: '确认购买', primary: true, onClick: take }],
    });
  };
  return (
    <div className="auction-panel" data-testid="auction-bid-panel">
      <label className="auction-amount">
        <span>¥</span>
        <input
          inputMode="decimal"
          placeholder={`${formatPriceFen(least, false)} 起`}
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setProblem(null);
          }}
          aria-invalid={problem !== null}
          data-testid="auction-bid-input"
        />
      </label>
      <p className="muted auction-note" data-testid="auction-min-next">
        最低出价 {formatPriceFen(least)}（加价幅度 {formatPriceFen(a.increment)}）；结束前{AUCTION_SNIPE_MINUTES}
        分钟内出价将延长{AUCTION_SNIPE_MINUTES}分钟
      </p>
      <AuctionCommitment side="bidder" />
      <p className="auction-problem" role="alert" data-testid="auction-bid-problem">
        {problem ?? ''}
      </p>
      <div className="auction-buttons">
        {a.buyNowPrice !== null ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={buyNow.isPending}
            onClick={buy}
            data-testid="auction-buy-now"
          >
            一口价 {formatPriceFen(a.buyNowPrice)}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-primary"
          disabled={bid.isPending}
          onClick={submit}
          data-testid="auction-bid"
        >
          出价
        </button>
      </div>
    </div>
  );
}

/** What the viewer can do now, by his place in the auction. */
function Actions({ a, scene }: { a: AuctionDetail; scene: string }) {
  const from = `${globalThis.location.pathname}${globalThis.location.search}`;
  if (!storage.get('token'))
    return (
      <Link className="btn btn-primary btn-block" to={paths.login(scene, from)} data-testid="auction-login">
        登录后参与竞拍
      </Link>
    );
  if (a.isSeller) return <p className="muted auction-note">这是您发起的拍卖</p>;
  const me = a.me;
  if (me?.status === BargainStatus.AGREED && me.orderId)
    return (
      <Link className="btn btn-primary btn-block" to={paths.cashier(scene, me.orderId)} data-testid="auction-pay">
        去付款（保证金已抵扣 {formatPriceFen(a.depositAmount)}）
      </Link>
    );
  if (a.status !== AuctionStatus.RUNNING) return null;
  if (me?.status === BargainStatus.AWAITING_SELLER) return <BidPanel a={a} scene={scene} />;
  if (!me || me.status === BargainStatus.AWAITING_DEPOSIT) return <JoinPanel a={a} scene={scene} />;
  return null;
}

/**
 * /{scene}/pages/userCenter/saleShelf/auctiondetails/auctiondetails?saleType=2&commodityId=…: the
 * auction's current price, a live countdown (the end moves when a bid comes in the last minutes),
 * the bids with masked bidders, the viewer's place and deposit, and what he can do now.
 */
export default function AuctionDetailPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const [params] = useSearchParams();
  const commodityId = params.get('commodityId') ?? '';
  const auction = useAuction(commodityId);
  const a = auction.data;
  return (
    <PageFrame title="拍卖详情" nav={{ rule: AUCTION_RULE, home: true }}>
      <div className="auction-page" data-testid="auction-page">
        {auction.isPending ? (
          <div className="card skeleton" style={{ height: 220 }} />
        ) : !a ? (
          <FailureState
            error={auction.error}
            onRetry={() => auction.refetch()}
            refused={<EmptyState title="拍卖不存在或已结束" art="missing" />}
          />
        ) : (
          <>
            <section className="card auction-head">
              <img src={a.firstImg} alt="" width={88} height={88} />
              <div>
                <div className="auction-title">
                  <span className="tag tag-auction">拍卖</span> {a.title}
                </div>
                <div className="muted">
                  {a.gameName} · {a.serverName}
                </div>
                <Link className="muted auction-link" to={paths.detail(scene, { id: a.commodityId, type: a.type })}>
                  查看商品详情
                </Link>
              </div>
            </section>
            <section className="card auction-price-card">
              <div className="auction-status" data-testid="auction-status" data-status={a.status}>
                {a.statusLabel}
              </div>
              <div className="muted">{a.bidCount > 0 ? '当前价' : '起拍价'}</div>
              <div className="price auction-current" data-testid="auction-current-price">
                {formatPriceFen(a.currentPrice)}
              </div>
              <Countdown a={a} readAt={auction.dataUpdatedAt} />
              <dl className="auction-facts">
                <div>
                  <dt>起拍价</dt>
                  <dd>{formatPriceFen(a.startPrice)}</dd>
                </div>
                <div>
                  <dt>加价幅度</dt>
                  <dd>{formatPriceFen(a.increment)}</dd>
                </div>
                <div>
                  <dt>一口价</dt>
                  <dd>{a.buyNowPrice === null ? '无' : formatPriceFen(a.buyNowPrice)}</dd>
                </div>
                <div>
                  <dt>保证金</dt>
                  <dd>{formatPriceFen(a.depositAmount)}</dd>
                </div>
                <div>
                  <dt>出价次数</dt>
                  <dd data-testid="auction-bid-count">{a.bidCount}</dd>
                </div>
                <div>
                  <dt>结束时间</dt>
                  <dd data-testid="auction-end-time" data-end={a.endTime}>
                    {formatDateTime(a.endTime * 1000)}
                  </dd>
                </div>
              </dl>
            </section>
            {a.me ? (
              <section className="card auction-me" data-testid="auction-me" data-status={a.me.status}>
                <div>
                  我的状态：<b data-testid="auction-me-status">{a.me.statusLabel}</b>
                </div>
                <div className="muted">
                  保证金 {formatPriceFen(a.depositAmount)}
                  <span data-testid="auction-deposit-status">{a.me.depositStatusLabel}</span>
                  {a.me.myPrice !== null ? ` · 我的最高出价 ${formatPriceFen(a.me.myPrice)}` : ''}
                </div>
              </section>
            ) : null}
            <section className="card auction-actions">
              <Actions a={a} scene={scene} />
            </section>
            <section className="card auction-bids">
              <h2 className="auction-h2">出价记录（{a.bidCount}）</h2>
              {a.bids.length === 0 ? (
                <p className="muted">暂无出价，快来出第一口价吧</p>
              ) : (
                <ol className="auction-bid-list" data-testid="auction-bid-list">
                  {a.bids.map((b, i) => (
                    <li key={b.price} className={b.mine ? 'mine' : ''} data-testid="auction-bid-row">
                      <span className="auction-bid-who">
                        {i === 0 ? <span className="tag tag-auction">领先</span> : null} {b.bidder}
                      </span>
                      <span className="price">{formatPriceFen(b.price)}</span>
                      <span className="muted">{formatDateTime(b.time * 1000)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </>
        )}
      </div>
    </PageFrame>
  );
}
