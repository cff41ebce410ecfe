import { couponList, joinEvent, joinEventDetail } from '@app/protocol/calls/coupon';
import { formatDate, formatPriceFen } from '@app/protocol/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageFrame } from '../../components/pc-page-frame';
import { callApi } from '../../lib/api/call-api';
import { showToast } from '../../lib/ui-bus';
import './coupon.css';

const TABS = [
  { key: 'unused', text: '未使用' },
  { key: 'used', text: '已使用' },
  { key: 'expired', text: '已过期' },
] as const;

/** /{scene}/pages/userCenter/myCoupon/myCoupon: the user's coupons by tab, and the newcomer gift to claim. */
export default function MyCouponPage() {
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<(typeof TABS)[number]['key']>('unused');
  const list = useQuery({ queryKey: ['coupon', tab], queryFn: () => callApi(couponList, { tab }) });
  const event = useQuery({
    queryKey: ['coupon', 'event'],
    queryFn: () => callApi(joinEventDetail, { eventId: 'newcomer' }),
  });
  const join = useMutation({
    mutationFn: () => callApi(joinEvent, { eventId: 'newcomer' }),
    onSuccess: (r) => {
      showToast(`已领取${r.granted.length}张优惠券`);
      return queryClient.invalidateQueries({ queryKey: ['coupon'] });
    },
  });
  return (
    <PageFrame title="我的优惠券">
      {event.data && !event.data.joined ? (
        <div className="card coupon-event" data-testid="coupon-event">
          <div>
            <b>{event.data.title}</b>
            <div className="muted" style={{ fontSize: 12 }}>
              {event.data.description}
            </div>
          </div>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={join.isPending}
            onClick={() => join.mutate()}
            data-testid="coupon-join"
          >
            立即领取
          </button>
        </div>
      ) : null}
      <div className="coupon-tabs">
        {TABS.map((t) => (
          <button
            key={t.key}
            type="button"
            className={`coupon-tab${tab === t.key ? ' on' : ''}`}
            onClick={() => setTab(t.key)}
            data-testid={`coupon-tab-${t.key}`}
          >
            {t.text}
          </button>
        ))}
      </div>
      <div className="coupon-list" data-testid="coupon-list">
        {list.data?.list.length === 0 ? (
          <p className="muted" style={{ textAlign: 'center' }}>
            暂无优惠券
          </p>
        ) : null}
        {list.data?.list.map((c) => (
          <div key={c.id} className={`card coupon ${c.status}`} data-testid="coupon">
            <div className="coupon-amount">
              {formatPriceFen(c.amount)}
              <small>{c.threshold ? `满${formatPriceFen(c.threshold)}可用` : '无门槛'}</small>
            </div>
            <div style={{ flex: 1 }}>
              <b>{c.name}</b>
              <div className="muted" style={{ fontSize: 12 }}>
                {c.scopeText}
              </div>
              <div className="muted" style={{ fontSize: 12 }}>
                {formatDate(c.expireTime * 1000)} 到期
                {c.status === 'locked' ? ' · 待支付订单占用中' : ''}
              </div>
            </div>
          </div>
        ))}
      </div>
    </PageFrame>
  );
}
