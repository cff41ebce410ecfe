import { OFFER_PAY_MINUTES, type Offer } from '@app/protocol/calls/bargain';
import { formatDateTime, formatPriceFen } from '@app/protocol/format';
import { BargainStatus } from '@app/protocol/statuses/bargain-status';
import { ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Modal } from '../../components/modal';
import { paths } from '../../lib/paths';
import { showToast } from '../../lib/ui-bus';
import { useAgreeOffer } from './api/agree-offer';
import { useCancelOffer } from './api/cancel-offer';
import { useRefuseOffer } from './api/refuse-offer';
import { useTimeLeft } from './use-time-left';

type Ask = 'cancel' | 'agree' | 'refuse';
const asks: Record<Ask, { title: string; content: string; ok: string }> = {
  cancel: { title: '撤回出价', content: '确定撤回这次出价吗？', ok: '撤回' },
  agree: {
    title: '同意出价',
    content: `同意后将为买家锁定该商品，买家需在${OFFER_PAY_MINUTES}分钟内付款`,
    ok: '同意',
  },
  refuse: { title: '拒绝出价', content: '确定拒绝这次出价吗？', ok: '拒绝' },
};
const done: Record<Ask, string> = { cancel: '已撤回出价', agree: '已同意，等待买家付款', refuse: '已拒绝该出价' };

/** What the countdown counts down to, in the viewer's words. */
function deadlineLabel(offer: Offer): string {
  if (offer.status === BargainStatus.AWAITING_SELLER) return offer.viewer === 1 ? '卖家回应剩余' : '回应剩余';
  return offer.viewer === 1 ? '付款剩余' : '买家付款剩余';
}

/**
 * One offer: the listing, its price against the offer, the status in the viewer's words, the time
 * left while it waits (11) or is to be paid (21), and what the viewer can do now.
 */
export function OfferCard({ offer, scene }: { offer: Offer; scene: string }) {
  const navigate = useNavigate();
  const cancel = useCancelOffer();
  const agree = useAgreeOffer();
  const refuse = useRefuseOffer();
  const [ask, setAsk] = useState<Ask | null>(null);
  const live = offer.status === BargainStatus.AWAITING_SELLER || offer.status === BargainStatus.AGREED;
  const timeLeft = useTimeLeft(live ? offer.deadline : null);
  const busy = cancel.isPending || agree.isPending || refuse.isPending;
  const buyer = offer.viewer === 1;
  const waiting = offer.status === BargainStatus.AWAITING_SELLER;
  const run = async (what: Ask) => {
    const act = what === 'cancel' ? cancel : what === 'agree' ? agree : refuse;
    // A refusal was shown by the request layer; the list is fetched again either way.
    const answered = await act.mutateAsync(offer.offerId).catch(() => null);
    if (answered) showToast(done[what]);
  };
  return (
    <article
      className="card offer-card"
      data-testid="offer-card"
      data-offer-id={offer.offerId}
      data-status={offer.status}
    >
      <div className="offer-card-top">
        <span className="muted">出价时间 {formatDateTime(offer.createTime * 1000)}</span>
        <span className="offer-status" data-testid="offer-status">
          {offer.statusLabel}
        </span>
      </div>
      <div className="offer-goods">
        <img src={offer.firstImg} alt="" width={64} height={64} />
        <div>
          <div className="offer-title">{offer.title}</div>
          <div className="offer-prices" data-testid="offer-prices">
            <span>
              售价 <s>{formatPriceFen(offer.listPrice)}</s>
            </span>
            <span>
              {buyer ? '我的出价' : '买家出价'}{' '}
              <span className="price" data-testid="offer-price">
                {formatPriceFen(offer.price)}
              </span>
            </span>
          </div>
          {timeLeft ? (
            <div className="offer-countdown" data-testid="offer-countdown">
              {deadlineLabel(offer)} {timeLeft}
            </div>
          ) : null}
          {offer.note ? <div className="muted offer-note">{offer.note}</div> : null}
        </div>
      </div>
      {buyer && waiting ? (
        <div className="offer-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => setAsk('cancel')}
            data-testid="offer-cancel"
          >
            撤回出价
          </button>
        </div>
      ) : null}
      {buyer && offer.status === BargainStatus.AGREED && offer.orderId ? (
        <div className="offer-actions">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => navigate(paths.cashier(scene, offer.orderId as string))}
            data-testid="offer-pay"
          >
            去付款
          </button>
        </div>
      ) : null}
      {!buyer && waiting ? (
        <div className="offer-actions">
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={busy}
            onClick={() => setAsk('refuse')}
            data-testid="offer-refuse"
          >
            拒绝
          </button>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy}
            onClick={() => setAsk('agree')}
            data-testid="offer-agree-button"
          >
            同意
          </button>
        </div>
      ) : null}
      {offer.orderId && offer.status !== BargainStatus.AGREED ? (
        <div className="offer-actions">
          <Link className="link" to={paths.orderDetail(scene, offer.orderId)} data-testid="offer-order">
            查看订单 <ChevronRight size="1em" aria-hidden="true" />
          </Link>
        </div>
      ) : null}
      {ask ? (
        <Modal
          title={asks[ask].title}
          content={asks[ask].content}
          testId="offer-confirm"
          buttons={[{ text: '取消' }, { text: asks[ask].ok, primary: true, onClick: () => void run(ask) }]}
          onClose={() => setAsk(null)}
        />
      ) : null}
    </article>
  );
}
