import { formatPriceFen } from '@app/protocol/format';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../components/pc-page-frame';
import { gameToken } from '../../lib/game-token';
import { styledImage } from '../../lib/image-style';
import { paths } from '../../lib/paths';
import { sceneOfPath } from '../../lib/platform';
import { useCommodityDetail } from '../../lib/queries/get-commodity-detail';
import { showToast } from '../../lib/ui-bus';
import { useCoupons } from './api/get-coupons';
import { usePlaceOrder } from './api/place-order';
import { NoCouponHint } from './no-coupon-hint';
import './orders.css';
import { LinkGameGuide } from '../../components/link-game-guide';
import { targetFields, targetOptions, useDeliveryTargets } from '../../lib/delivery-targets';
import { useServers } from '../../lib/queries/servers';
import { requestKey } from '../../lib/request-key';

/** The order's idempotency key: the same one while the buyer stays on this listing (a repeat resumes). */
const requestKeyFor = (commodityId: string) => requestKey(`orderKey:${commodityId}`);

/**
 * /{scene}/pages/orderNew/orderConfirmPlace/orderConfirmPlace?commodityId=…: what is bought, where
 * it goes (inside the game: the player's role; elsewhere one of the buyer's game accounts or
 * roles), a coupon (or why each cannot be used), the trading rules ticked; then the cashier.
 */
export default function OrderConfirmPage() {
  const scene = sceneOfPath(globalThis.location.pathname) ?? 'h5';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const commodityId = params.get('commodityId') ?? '';
  const detail = useCommodityDetail(commodityId, null);
  const inGame = gameToken() !== null;
  const d = detail.data;
  const targets = useDeliveryTargets(d?.applicationId ?? '', !inGame && Boolean(d));
  const servers = useServers(d?.applicationId ?? '', !inGame && Boolean(d) && d?.type !== 1);
  const coupons = useCoupons(commodityId, Boolean(d));
  const place = usePlaceOrder();
  const [target, setTarget] = useState('');
  const [couponId, setCouponId] = useState<string | null>(null);
  const [agreed, setAgreed] = useState(false);
  // The page shows once where the goods go and the coupons are known too: boxes growing under a
  // reader's eyes would push the total and 提交订单 down (layout shift).
  if (!d || (!inGame && targets.isPending) || coupons.isPending)
    return (
      <PageFrame title="确认订单" center>
        <div className="card skeleton" style={{ margin: 12, height: 240 }} />
      </PageFrame>
    );
  const coupon = coupons.data?.usable.find((c) => c.id === couponId);
  const pay = d.buyerPays - (coupon?.amount ?? 0);
  const roleGoods = d.type === 1;
  // Each role with its server; a role outside the listing's master server cannot receive (disabled).
  const options = roleGoods
    ? targetOptions(targets.data, true).map((o) => ({ ...o, disabled: false }))
    : (targets.data?.roles ?? []).map((r) => {
        const server = servers.data?.get(r.serverId);
        const inGroup = !server || server.masterServerId === d.masterServerId;
        return {
          value: `${r.accountId}|${r.roleId}`,
          label: `${r.roleName}（${r.level}级）· ${server?.serverName ?? r.serverId}${inGroup ? '' : ' · 不在同一主服'}`,
          disabled: !inGroup,
        };
      });
  const usable = options.filter((o) => !o.disabled);
  const noAccount = targets.isSuccess && targets.data.accounts.length === 0;
  const submit = async () => {
    if (!agreed) return showToast('请先阅读并同意交易规则');
    if (!inGame && !usable.length) return showToast(noAccount ? '请先按提示绑定游戏账号' : '请先在该主服创建收货角色');
    if (!inGame && !target) return showToast(roleGoods ? '请选择收货的游戏账号' : '请选择收货角色');
    const order = await place
      .mutateAsync({
        commodityId,
        requestKey: requestKeyFor(commodityId),
        couponId: coupon?.id,
        ...(inGame ? {} : targetFields(target)),
      })
      .catch(() => null);
    if (order) navigate(paths.cashier(scene, order.orderId), { replace: true });
  };
  return (
    <PageFrame title="确认订单" center>
      <div className="card order-box" data-testid="order-confirm">
        <div className="order-goods">
          <img src={styledImage(d.firstImg, 'rp50')} alt="" width={72} height={72} style={{ objectFit: 'cover' }} />
          <div>
            <div className="order-title">{d.title}</div>
            <div className="muted">
              {d.gameName} · {d.serverName}
            </div>
            <div className="price">{formatPriceFen(d.price)}</div>
          </div>
        </div>
      </div>
      <div className="card order-box">
        <div className="order-row-title">收货方式</div>
        {inGame ? (
          <p className="muted" style={{ margin: 0 }}>
            {roleGoods ? '角色将转移到您当前登录的游戏账号' : '将通过游戏发放到您当前登录的角色'}
          </p>
        ) : usable.length ? (
          <select
            aria-label="收货角色"
            className="order-select"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            data-testid="order-target"
          >
            <option value="">{roleGoods ? '选择收货的游戏账号' : '选择收货角色'}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
        ) : targets.isSuccess ? (
          <div data-testid="order-way-forward">
            <p style={{ margin: '0 0 8px', fontSize: 13 }}>
              {noAccount
                ? `您还没有绑定《${d.gameName}》的游戏账号，绑定后即可选择收货${roleGoods ? '账号' : '角色'}。`
                : `您的游戏账号在「${d.masterServerName || d.serverName}」暂无角色，请先在其下的区服（如 ${d.serverName}）创建角色。`}
            </p>
            {noAccount ? <LinkGameGuide applicationId={d.applicationId} gameName={d.gameName} compact /> : null}
            {options.length > usable.length ? (
              <p className="muted" style={{ fontSize: 12, margin: '8px 0 0' }}>
                {options
                  .filter((o) => o.disabled)
                  .map((o) => o.label)
                  .join('；')}
              </p>
            ) : null}
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              style={{ marginTop: 10 }}
              onClick={() => targets.refetch()}
              disabled={targets.isFetching}
              data-testid="order-targets-refresh"
            >
              {targets.isFetching ? '刷新中…' : '我已完成，刷新'}
            </button>
          </div>
        ) : (
          <div className="skeleton" style={{ height: 40 }} />
        )}
      </div>
      <div className="card order-box" data-testid="order-coupons">
        <div className="order-row-title">优惠券</div>
        {coupons.data?.usable.length ? null : (
          <p className="muted" style={{ margin: 0 }}>
            {coupons.isPending ? '' : <NoCouponHint />}
          </p>
        )}
        {coupons.data?.usable.map((c) => (
          <label key={c.id} className="order-coupon">
            <input type="radio" name="coupon" checked={couponId === c.id} onChange={() => setCouponId(c.id)} />
            <span>{c.name}</span>
            <b>-{formatPriceFen(c.amount)}</b>
          </label>
        ))}
        {couponId ? (
          <button type="button" className="link" onClick={() => setCouponId(null)}>
            不使用优惠券
          </button>
        ) : null}
        {coupons.data?.unusable.map((c) => (
          <div key={c.id} className="order-coupon off">
            <span>{c.name}</span>
            <span className="order-coupon-why">{c.reason}</span>
          </div>
        ))}
      </div>
      <div className="card order-box">
        <div className="order-line">
          <span>商品价格</span>
          <span>{formatPriceFen(d.price)}</span>
        </div>
        {d.buyerFee ? (
          <div className="order-line">
            <span>手续费</span>
            <span>{formatPriceFen(d.buyerFee)}</span>
          </div>
        ) : null}
        {coupon ? (
          <div className="order-line">
            <span>优惠券</span>
            <span>-{formatPriceFen(coupon.amount)}</span>
          </div>
        ) : null}
        <div className="order-line total">
          <span>实付</span>
          <span className="price" data-testid="order-pay">
            {formatPriceFen(pay)}
          </span>
        </div>
        <label className="order-agree">
          <input
            type="checkbox"
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            data-testid="order-agree"
          />
          我已阅读并同意《虚拟物品交易规则》
        </label>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={place.isPending}
          onClick={submit}
          data-testid="order-submit"
        >
          提交订单
        </button>
      </div>
    </PageFrame>
  );
}
