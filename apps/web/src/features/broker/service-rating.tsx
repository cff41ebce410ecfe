import { useState } from 'react';
import { showToast } from '../../lib/ui-bus';
import { useBrokerServiceRating, useRateBrokerService } from './api/broker-service-rating-api';

/** Rating customer service's decision on the order (once), or the rating given; nothing before a decision. */
export function ServiceRating({ orderId, decided }: { orderId: string; decided: boolean }) {
  const rating = useBrokerServiceRating(orderId, decided);
  const rate = useRateBrokerService(orderId);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState('');
  const data = rating.data;
  if (!data || (!data.canRate && !data.rating)) return null;
  if (data.rating)
    return (
      <section className="card broker-qty broker-rating" data-testid="broker-rating-done">
        <b>客服服务评价</b>
        <span className="broker-stars" role="img" aria-label={`${data.rating.score}星`}>
          {'★'.repeat(data.rating.score)}
          {'☆'.repeat(5 - data.rating.score)}
        </span>
        {data.rating.comment ? <p className="muted">{data.rating.comment}</p> : null}
      </section>
    );
  return (
    <section className="card broker-qty broker-rating" data-testid="broker-rating">
      <b>为本次客服服务评分</b>
      <div className="broker-stars">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={score === n}
            aria-label={`${n}星`}
            className={n <= score ? 'on' : ''}
            onClick={() => {
              setScore(n);
              setProblem('');
            }}
            data-testid={`broker-rating-star-${n}`}
          >
            {n <= score ? '★' : '☆'}
          </button>
        ))}
      </div>
      <input
        value={comment}
        maxLength={200}
        placeholder="说说客服处理得怎么样（选填）"
        onChange={(e) => setComment(e.target.value)}
        data-testid="broker-rating-comment"
      />
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="broker-rating-problem">
          {problem}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={rate.isPending}
        onClick={() => {
          if (score === 0) return setProblem('请选择评分');
          rate.mutate(
            { score, comment: comment.trim() },
            { onSuccess: () => showToast('感谢您的评价'), onError: (e) => setProblem(e.message) },
          );
        }}
        data-testid="broker-rating-submit"
      >
        提交评价
      </button>
    </section>
  );
}
