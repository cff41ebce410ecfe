import { INTERVENTION_REASONS, type Intervention } from '@app/protocol/calls/customer-service';
import { formatShortDateTime } from '@app/protocol/format';
import { UNPAID_ORDER_STATUSES } from '@app/protocol/statuses/order-status';
import { Check, ChevronRight, Star } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ReasonPicker, Sheet } from '../../components/sheet';
import { paths } from '../../lib/paths';
import { showToast } from '../../lib/ui-bus';
import { useCustomerServiceIntervention } from './api/customer-service-intervention';
import { useCustomerService } from './api/get-customer-service';
import { useRateCustomerServiceState } from './api/get-rate-customer-service';
import { useRateCustomerService } from './api/rate-customer-service';
import { progressOf, reasonText } from './support-logic';
import './support.css';

type Reason = (typeof INTERVENTION_REASONS)[number];

const when = (s: number) => formatShortDateTime(s * 1000);

function RequestSheet({ orderId, pc, onClose }: { orderId: string; pc: boolean; onClose: () => void }) {
  const [picked, setPicked] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const ask = useCustomerServiceIntervention(orderId);
  const submit = () => {
    if (!picked) return showToast('请选择需要客服处理的问题');
    if (picked === '其他' && details.trim().length < 2) return showToast('请说明需要客服处理的问题');
    ask.mutate(reasonText(picked, details), {
      onSuccess: () => {
        showToast('已提交，客服将尽快接入');
        onClose();
      },
    });
  };
  return (
    <Sheet
      title="联系客服"
      subtitle="客服将进入本订单的聊天，与买卖双方沟通并处理"
      pc={pc}
      onClose={onClose}
      testId="support-request-sheet"
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            取消
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={ask.isPending || !picked}
            onClick={submit}
            data-testid="support-request-submit"
          >
            {ask.isPending ? '提交中…' : '提交申请'}
          </button>
        </>
      }
    >
      <ReasonPicker
        label="遇到的问题"
        options={INTERVENTION_REASONS}
        picked={picked}
        onPick={setPicked}
        detailsLabel="问题描述"
        details={details}
        onDetails={setDetails}
        placeholder="请描述具体情况，方便客服尽快处理（选填）"
        testId="support-reason"
        detailsTestId="support-request-details"
      />
      <p className="support-tip">客服工作时间 9:00–22:00，一般 30 分钟内接入。请勿相信任何要求私下转账的消息。</p>
    </Sheet>
  );
}

function Stars({ value, onChange, size = 26 }: { value: number; onChange?: (n: number) => void; size?: number }) {
  return (
    <div className="support-stars" title={`${value}星`}>
      {[1, 2, 3, 4, 5].map((n) =>
        onChange ? (
          <button
            key={n}
            type="button"
            aria-pressed={value === n}
            aria-label={`${n}星`}
            className={n <= value ? 'on' : undefined}
            style={{ fontSize: size }}
            onClick={() => onChange(n)}
            data-testid={`support-star-${n}`}
          >
            <Star size="1em" fill="currentColor" aria-hidden="true" />
          </button>
        ) : (
          <span key={n} className={n <= value ? 'on' : undefined} style={{ fontSize: size }}>
            <Star size="1em" fill="currentColor" aria-hidden="true" />
          </span>
        ),
      )}
    </div>
  );
}

const SCORE_WORDS = ['', '非常不满意', '不满意', '一般', '满意', '非常满意'];

function Rating({ orderId }: { orderId: string }) {
  const state = useRateCustomerServiceState(orderId, true);
  const rate = useRateCustomerService(orderId);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const given = state.data?.rating;
  if (given)
    return (
      <div className="support-rating" data-testid="support-rating-given">
        <div className="support-rating-title">您的评价</div>
        <div className="support-rating-row">
          <Stars value={given.score} size={18} />
          <span className="muted">{SCORE_WORDS[given.score]}</span>
        </div>
        {given.comment ? <div className="support-rating-comment">{given.comment}</div> : null}
      </div>
    );
  if (!state.data?.canRate) return null;
  return (
    <div className="support-rating" data-testid="support-rating-form">
      <div className="support-rating-title">为本次客服服务打分</div>
      <div className="support-rating-row">
        <Stars value={score} onChange={setScore} />
        <span className="muted">{SCORE_WORDS[score]}</span>
      </div>
      <textarea
        className="form-textarea"
        value={comment}
        maxLength={200}
        rows={2}
        placeholder="说说您的感受（选填）"
        onChange={(e) => setComment(e.target.value)}
        data-testid="support-rating-comment"
      />
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={score === 0 || rate.isPending}
        onClick={() => rate.mutate({ score, comment }, { onSuccess: () => showToast('感谢您的评价') })}
        data-testid="support-rating-submit"
      >
        提交评价
      </button>
    </div>
  );
}

function ChatIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M4 5.5A2.5 2.5 0 0 1 6.5 3h11A2.5 2.5 0 0 1 20 5.5v8a2.5 2.5 0 0 1-2.5 2.5H10l-4.2 3.6c-.5.4-1.3.1-1.3-.6V16A2.5 2.5 0 0 1 4 13.5v-8Z"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M8.5 9.5h7M8.5 12.5h4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function Progress({ intervention, scene }: { intervention: Intervention; scene: string }) {
  const p = progressOf(intervention);
  const steps = ['提交申请', '客服介入', '处理完成'];
  return (
    <div className="support-progress" data-testid="support-progress" data-status={intervention.status}>
      <div className="support-state">
        <span className={`support-dot s${p.step}`} />
        <b data-testid="support-state">{p.label}</b>
      </div>
      <ol className="support-steps">
        {steps.map((s, i) => (
          <li key={s} className={i <= p.step ? 'done' : undefined}>
            <span className="support-step-mark">
              {i < p.step || p.step === 2 ? <Check size="1em" aria-hidden="true" /> : i + 1}
            </span>
            {s}
          </li>
        ))}
      </ol>
      <div className="support-hint">{p.hint}</div>
      <div className="support-line">
        <span className="muted">申请原因</span>
        <span className="support-reason-text">{intervention.reason}</span>
      </div>
      <div className="support-line">
        <span className="muted">申请时间</span>
        <span>
          {when(intervention.createdAt)} · {intervention.askedBy === 'buyer' ? '买家' : '卖家'}发起
        </span>
      </div>
      {intervention.closedAt ? (
        <div className="support-line">
          <span className="muted">处理时间</span>
          <span>{when(intervention.closedAt)}</span>
        </div>
      ) : null}
      <Link
        className="support-chat-link"
        to={paths.conversation(scene, { orderId: intervention.orderId })}
        data-testid="support-chat"
      >
        <span className="support-chat-text">
          <ChatIcon />
          {intervention.status === 'closed' ? '查看订单聊天记录' : '进入订单聊天，与客服沟通'}
        </span>
        <span>
          <ChevronRight size="1em" aria-hidden="true" />
        </span>
      </Link>
    </div>
  );
}

interface OrderSupportProps {
  scene: string;
  orderId: string;
  status: number;
  pc?: boolean;
}

/**
 * The order page's customer service: 联系客服 (a reason, details) asks 客服 into the order's chat;
 * then the request's progress (等待客服接入 → 客服已介入 → 已处理), the way to the chat where 客服
 * talks, and once closed the 1–5 star rating.
 */
export function OrderSupport({ scene, orderId, status, pc = false }: OrderSupportProps) {
  const cs = useCustomerService(orderId);
  const { refetch } = cs;
  // An order moving on can open a case by itself (拒绝收货 does): asked again on each status.
  useEffect(() => {
    if (status) void refetch();
  }, [status, refetch]);
  const [asking, setAsking] = useState(false);
  const intervention = cs.data?.intervention ?? null;
  const askable = !UNPAID_ORDER_STATUSES.includes(status);
  if (!intervention && !askable) return null;
  return (
    <div className="card support-card" data-testid="order-support">
      <div className="support-head">
        <div className="support-title">客服介入</div>
        {!intervention || intervention.status === 'closed' ? (
          askable ? (
            <button type="button" className="support-ask" onClick={() => setAsking(true)} data-testid="support-ask">
              {intervention ? '再次联系客服' : '联系客服'}
            </button>
          ) : null
        ) : null}
      </div>
      {intervention ? (
        <>
          <Progress intervention={intervention} scene={scene} />
          {intervention.status === 'closed' ? <Rating orderId={orderId} /> : null}
        </>
      ) : (
        <div className="support-empty">
          交易遇到问题？申请客服介入，客服将进入订单聊天协助处理。平台全程担保，款项在处理完成前不会结算。
        </div>
      )}
      {asking ? <RequestSheet orderId={orderId} pc={pc} onClose={() => setAsking(false)} /> : null}
    </div>
  );
}
