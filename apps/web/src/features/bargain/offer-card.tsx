import type { Offer } from '@app/protocol/calls/bargain';
import { formatDateTime, formatFeedTime, formatPriceFen } from '@app/protocol/format';
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
import { flowNoun } from './offer-price';
import { askWords, deadlineLabel, depositLine, offerActions } from './offer-view';
import { SellerBound, SellerCommitment } from './seller-commitment-note';
import { useTimeLeft } from './use-time-left';

type Ask = 'cancel' | 'withdraw' | 'agree' | 'refuse';

/**
 * One proposal (还价 or 出价): the listing, its price against the proposal, the status in the
 * viewer's words, the deposit and its state, the time left while it waits for the deposit (1), the
 * seller (11) or the buyer's payment (21), and what the viewer can do now (offerActions).
 */
export function OfferCard({ offer, scene }: { offer: Offer; scene: string }) {
  const navigate = useNavigate();
  const cancel = useCancelOffer();
  const agree = useAgreeOffer();
  const refuse = useRefuseOffer();
  const [ask, setAsk] = useState<Ask | null>(null);
  const [reason, setReason] = useState('');
  const label = deadlineLabel(offer);
  const timeLeft = useTimeLeft(label ? offer.deadline : null);
  const busy = cancel.isPending || agree.isPending || refuse.isPending;
  const buyer = offer.viewer === 1;
  const noun = flowNoun(offer.flow);
  const actions = offerActions(offer);
  const deposit = depositLine(offer);
  const run = async (what: Ask) => {
    // A refusal was shown by the request layer; the list is fetched again either way.
    const act =
      what === 'cancel' || what === 'withdraw'
        ? cancel.mutateAsync(offer.offerId)
        : what === 'agree'
          ? agree.mutateAsync(offer.offerId)
          : refuse.mutateAsync({ offerId: offer.offerId, reason: reason.trim() });
    const answered = await act.catch(() => null);
    if (answered) showToast(askWords(offer.flow, what).done);
  };
  const button = (what: Ask, text: string, primary = false) => (
    <button
      type="button"
      className={`btn ${primary ? 'btn-primary' : 'btn-ghost'} btn-sm`}
      disabled={busy}
      onClick={() => {
        setReason('');
        setAsk(what);
      }}
      data-testid={`offer-${what === 'agree' ? 'agree-button' : what}`}
    >
      {text}
    </button>
  );
  const words = ask ? askWords(offer.flow, ask) : null;
  return (
    <article
      className="card offer-card"
      data-testid="offer-card"
      data-offer-id={offer.offerId}
      data-status={offer.status}
      data-flow={offer.flow}
    >
      <div className="offer-card-top">
        <span className="muted">
          <span className="offer-flow">{noun}</span>{' '}
          <time data-testid="feed-time" title={formatDateTime(offer.createTime * 1000)}>
            {formatFeedTime(offer.createTime, new Date())}
          </time>
        </span>
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
              {buyer ? `我的${noun}` : `买家${noun}`}{' '}
              <span className="price" data-testid="offer-price">
                {formatPriceFen(offer.price)}
              </span>
            </span>
          </div>
          {deposit ? (
            <div className="muted offer-deposit-line" data-testid="offer-deposit">
              {deposit}
            </div>
          ) : null}
          {buyer && offer.status === BargainStatus.AGREED && offer.deposit ? (
            <div className="offer-deposit-line" data-testid="offer-to-pay">
              付款时保证金抵扣 <b className="price">-{formatPriceFen(offer.deposit.amount)}</b>
            </div>
          ) : null}
          {timeLeft ? (
            <div className="offer-countdown" data-testid="offer-countdown">
              {label} {timeLeft}
            </div>
          ) : null}
          {offer.note ? (
            <div className="muted offer-note" data-testid="offer-note">
              {offer.note}
            </div>
          ) : null}
        </div>
      </div>
      {actions.includes('agree') ? <SellerCommitment flow={offer.flow} /> : null}
      {!buyer && offer.status === BargainStatus.AGREED ? <SellerBound flow={offer.flow} /> : null}
      {actions.length ? (
        <div className="offer-actions">
          {actions.includes('cancel') ? button('cancel', `取消${noun}`) : null}
          {actions.includes('payDeposit') && offer.deposit ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => navigate(paths.cashier(scene, offer.deposit?.bizNo ?? ''))}
              data-testid="offer-pay-deposit"
            >
              去支付保证金
            </button>
          ) : null}
          {actions.includes('withdraw') ? button('withdraw', `撤回${noun}`) : null}
          {actions.includes('payOrder') ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => navigate(paths.cashier(scene, offer.orderId as string))}
              data-testid="offer-pay"
            >
              去付款
            </button>
          ) : null}
          {actions.includes('refuse') ? button('refuse', '拒绝') : null}
          {actions.includes('agree') ? button('agree', '同意', true) : null}
        </div>
      ) : null}
      {offer.orderId && offer.status !== BargainStatus.AGREED ? (
        <div className="offer-actions">
          <Link className="link" to={paths.orderDetail(scene, offer.orderId)} data-testid="offer-order">
            查看订单 <ChevronRight size="1em" aria-hidden="true" />
          </Link>
        </div>
      ) : null}
      {ask && words ? (
        <Modal
          title={words.title}
          content={
            ask === 'refuse' ? (
              <div className="offer-refuse">
                <p>拒绝后保证金将退回买家。</p>
                <textarea
                  aria-label="拒绝原因"
                  placeholder="拒绝原因（选填，买家可见）"
                  maxLength={100}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  data-testid="offer-refuse-reason"
                />
              </div>
            ) : (
              words.content
            )
          }
          testId="offer-confirm"
          buttons={[{ text: '再想想' }, { text: words.ok, primary: true, onClick: () => void run(ask) }]}
          onClose={() => setAsk(null)}
        />
      ) : null}
    </article>
  );
}
