import {
  FEEDBACK_STATES,
  type FeedbackState,
  feedbackReplyPayload,
  feedbackStateLabel,
  type OpsFeedback,
} from '@app/protocol/ops-content';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONTENT_PAGE_SIZE, useFeedbackInbox, useReplyFeedback } from '../api/content';
import { ConfirmDialog } from './confirm-dialog';
import { firstIssue, formatTime } from './format';
import { Pager } from './pager';

/** 意见反馈: what players sent from 设置 › 意见反馈, the longest waiting first; a reply reaches the player in his message centre. */
export function FeedbackTab() {
  const [page, setPage] = useState(1);
  const [state, setState] = useState<FeedbackState>('open');
  const inbox = useFeedbackInbox(page, state);
  const [replying, setReplying] = useState<OpsFeedback | null>(null);
  const data = inbox.data;
  return (
    <section data-testid="ops-feedback">
      <div className="ops-section-head">
        <div>
          <h2>意见反馈</h2>
          <p className="ops-muted">回复会以「客服回复了您的反馈」通知送到用户的消息中心，每条反馈只能回复一次。</p>
        </div>
        <div className="ops-inline">
          <select
            aria-label="状态"
            value={state}
            onChange={(e) => {
              setPage(1);
              setState(e.target.value as FeedbackState);
            }}
          >
            {FEEDBACK_STATES.map((s) => (
              <option key={s} value={s}>
                {feedbackStateLabel[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="ops-card">
        {inbox.error ? <p className="ops-error">{inbox.error.message}</p> : null}
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-feedback-list">
            <thead>
              <tr>
                <th>类型</th>
                <th>内容</th>
                <th>用户</th>
                <th>联系方式</th>
                <th>提交时间</th>
                <th>{state === 'open' ? '操作' : '回复'}</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((f) => (
                <tr key={f.feedbackId} data-testid="ops-feedback-row">
                  <td className="ops-nowrap">{f.typeName}</td>
                  <td>
                    {f.content}
                    {f.images.length ? (
                      <div className="ops-inline">
                        {f.images.map((url) => (
                          <a key={url} href={url} target="_blank" rel="noreferrer">
                            <img src={url} alt="截图" className="ops-content-thumb" />
                          </a>
                        ))}
                      </div>
                    ) : null}
                  </td>
                  <td className="ops-nowrap">
                    <Link to={`?tab=users&user=${f.userId}`}>UID {f.uid}</Link>
                  </td>
                  <td className="ops-nowrap">{f.contact || '—'}</td>
                  <td className="ops-muted ops-nowrap">{formatTime(f.createdAt)}</td>
                  <td>
                    {f.state === 'open' ? (
                      <button
                        type="button"
                        className="ops-primary"
                        onClick={() => setReplying(f)}
                        data-testid="ops-feedback-reply"
                      >
                        回复
                      </button>
                    ) : (
                      <div>
                        {f.reply}
                        <div className="ops-muted">{formatTime(f.repliedAt)}</div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.list.length === 0 ? (
            <p className="ops-muted">{state === 'open' ? '暂无待回复的反馈' : '暂无记录'}</p>
          ) : null}
        </div>
        {data ? <Pager page={page} pageSize={CONTENT_PAGE_SIZE} total={data.total} onPage={setPage} /> : null}
      </div>
      {replying ? <ReplyDialog feedback={replying} onClose={() => setReplying(null)} /> : null}
    </section>
  );
}

function ReplyDialog({ feedback, onClose }: { feedback: OpsFeedback; onClose: () => void }) {
  const reply = useReplyFeedback();
  const [words, setWords] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={`回复：${feedback.typeName}`}
      confirmLabel="发送回复"
      busy={reply.isPending}
      error={invalid || reply.error?.message}
      onConfirm={() => {
        reply.reset();
        const checked = feedbackReplyPayload.safeParse({ reply: words });
        if (!checked.success) return setInvalid(firstIssue(checked));
        reply.mutate({ feedbackId: feedback.feedbackId, reply: checked.data.reply }, { onSuccess: onClose });
      }}
      onCancel={onClose}
      testId="ops-feedback-dialog"
    >
      <p>{feedback.content}</p>
      <label className="ops-channel-field">
        <span>回复内容（用户可见）</span>
        <textarea
          value={words}
          maxLength={500}
          rows={4}
          onChange={(e) => {
            setWords(e.target.value);
            setInvalid('');
          }}
          data-testid="ops-feedback-words"
        />
      </label>
    </ConfirmDialog>
  );
}
