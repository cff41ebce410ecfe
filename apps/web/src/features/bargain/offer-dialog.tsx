import { CommodityType } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Portal } from '../../components/portal';
import { copy } from '../../lib/copy';
import { targetFields, targetOptions, useDeliveryTargets } from '../../lib/delivery-targets';
import { gameToken } from '../../lib/game-token';
import { paths } from '../../lib/paths';
import { dropRequestKey, requestKey } from '../../lib/request-key';
import { showToast } from '../../lib/ui-bus';
import { useCreateOffer } from './api/create-offer';
import { type DepositRuleView, depositPreview, type Flow, flowNoun, lowestOffer, readOfferPrice } from './offer-price';
import { buyerRulePoints } from './offer-rule';
import './bargain.css';
import { AgreementLink } from '../../components/agreement-modal';

/** What the dialog needs of the listing (the detail page passes it; features do not import each other). */
export interface OfferListing {
  id: string;
  title: string;
  firstImg: string;
  /** Fen. */
  price: number;
  type: number;
  applicationId: string;
  /** 还价 (bargain) or 出价 (offer), and the game's deposit rule. */
  negotiation: DepositRuleView & { flow: Flow | null };
}

/** The offer's idempotency key: kept while the buyer stays on this listing, dropped once the offer is made. */
const keyName = (commodityId: string) => `offerKey:${commodityId}`;

/**
 * The 还价 / 出价 dialog of the commodity detail (loaded when first opened): the listed price, the
 * proposal in yuan checked as typed (below the price, at least half of it, whole yuan for a role),
 * the deposit (保证金) for it and what becomes of it, where the
 * goods go once the seller agrees (inside the game: the player's role; elsewhere a linked account or
 * role, as the order confirmation asks), the trading rules ticked. A refusal is said inline and
 * nothing is sent; the server's own refusals come back as its messages. Once made, the proposal
 * waits for its deposit: the cashier pays it (its bizNo 'D…').
 */
export default function OfferDialog({
  scene,
  listing,
  onClose,
}: {
  scene: string;
  listing: OfferListing;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const inGame = gameToken() !== null;
  const targets = useDeliveryTargets(listing.applicationId, !inGame);
  const create = useCreateOffer();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [agreed, setAgreed] = useState(false);
  const roleGoods = listing.type === CommodityType.ROLE;
  const options = targetOptions(targets.data, roleGoods);
  const noTarget = !inGame && targets.isSuccess && options.length === 0;
  const noun = flowNoun(listing.negotiation.flow ?? 'offer');
  const deposit = depositPreview(amount, listing.price, listing.type, listing.negotiation);

  const submit = async () => {
    const read = readOfferPrice(amount, listing.price, listing.type, noun);
    if (read.error !== null) return setProblem(read.error);
    if (!inGame && !target) return setProblem(roleGoods ? '请选择收货的游戏账号' : '请选择收货角色');
    if (!agreed) return setProblem('请先阅读并同意交易规则');
    setProblem(null);
    const offer = await create
      .mutateAsync({
        commodityId: listing.id,
        price: read.fen,
        requestKey: requestKey(keyName(listing.id)),
        ...(inGame ? {} : targetFields(target)),
      })
      .catch(() => null);
    // A refusal was shown by the request layer (its message, zh-CN); the dialog stays as it was.
    if (!offer) return;
    dropRequestKey(keyName(listing.id));
    onClose();
    if (offer.deposit && offer.deposit.status === 'unpaid') {
      showToast(`${noun}已提交，请支付保证金`);
      navigate(paths.cashier(scene, offer.deposit.bizNo));
    } else {
      showToast(`${noun}成功，等待卖家回应`);
      navigate(paths.myOffers(scene));
    }
  };

  return (
    <Portal>
      <div className="mask" role="dialog" aria-modal="true" aria-labelledby="offer-dialog-title">
        <div className="modal offer-dialog" data-testid="offer-dialog">
          <div className="offer-dialog-head">
            <div className="modal-title" id="offer-dialog-title">
              {noun}
            </div>
            <button type="button" className="offer-dialog-close" aria-label="关闭" onClick={onClose}>
              <X size="1em" aria-hidden="true" />
            </button>
          </div>
          <div className="offer-goods">
            <img src={listing.firstImg} alt="" width={56} height={56} />
            <div>
              <div className="offer-title">{listing.title}</div>
              <div className="muted">
                售价 <span data-testid="offer-list-price">{formatPriceFen(listing.price)}</span>
              </div>
            </div>
          </div>
          <label className="offer-amount">
            <span>¥</span>
            <input
              inputMode="decimal"
              placeholder={`${formatPriceFen(lowestOffer(listing.price), false)} 起，低于售价`}
              aria-label={`${noun}金额`}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setProblem(null);
              }}
              aria-invalid={problem !== null}
              aria-describedby="offer-problem"
              data-testid="offer-amount"
            />
          </label>
          <p className="offer-problem" id="offer-problem" role="alert" data-testid="offer-problem">
            {problem ?? ''}
          </p>
          <div className="offer-deposit" data-testid="offer-deposit">
            <span>需支付保证金</span>
            <b data-testid="offer-deposit-amount" data-fen={deposit.fen ?? ''}>
              {deposit.text}
            </b>
          </div>
          <ul className="muted offer-rules" data-testid="offer-rules">
            {buyerRulePoints(noun).map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {inGame ? (
            <p className="muted offer-note">
              {roleGoods ? '角色将转移到您当前登录的游戏账号' : '将通过游戏发放到您当前登录的角色'}
            </p>
          ) : noTarget ? (
            <p className="muted offer-note" data-testid="offer-no-target">
              请先从游戏内打开交易平台登录一次，绑定您的游戏账号后再{noun}。
            </p>
          ) : (
            <select
              aria-label="收货角色"
              className="offer-select"
              value={target}
              onChange={(e) => {
                setTarget(e.target.value);
                setProblem(null);
              }}
              data-testid="offer-target"
            >
              <option value="">{roleGoods ? '选择收货的游戏账号' : '选择收货角色'}</option>
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
          <label className="offer-agree">
            <input
              type="checkbox"
              checked={agreed}
              onChange={(e) => {
                setAgreed(e.target.checked);
                setProblem(null);
              }}
              data-testid="offer-agree"
            />
            <span>
              {copy.agreePrefix}
              <AgreementLink agreementKey="tradingRules">{copy.tradingRules}</AgreementLink>
            </span>
          </label>
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={create.isPending || noTarget}
            onClick={submit}
            data-testid="offer-submit"
          >
            提交{noun}并支付保证金
          </button>
        </div>
      </div>
    </Portal>
  );
}
