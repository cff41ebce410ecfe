import {
  agreementPublish,
  faqPayload,
  feedbackTypePayload,
  type OpsAgreement,
  type OpsFaq,
  type OpsFeedbackType,
} from '@app/protocol/ops-content';
import { useState } from 'react';
import { useAgreements, useFaqs, useFeedbackTypes, useHelpWrite } from '../api/content';
import { ConfirmDialog } from './confirm-dialog';
import { firstIssue, formatTime } from './format';

/** 帮助与协议: the FAQ players read, the feedback types of 意见反馈, and the agreements by version. */
export function HelpTab() {
  return (
    <section data-testid="ops-help">
      <div className="ops-section-head">
        <div>
          <h2>帮助与协议</h2>
          <p className="ops-muted">常见问题、意见反馈的类型和六份协议。协议每次发布为新版本，旧版本保留可查。</p>
        </div>
      </div>
      <Agreements />
      <Faqs />
      <FeedbackTypes />
    </section>
  );
}

function Agreements() {
  const list = useAgreements();
  const [editing, setEditing] = useState<OpsAgreement | null>(null);
  return (
    <div className="ops-card" data-testid="ops-agreements">
      <h3 style={{ margin: 0 }}>协议</h3>
      {list.error ? <p className="ops-error">{list.error.message}</p> : null}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <thead>
            <tr>
              <th>协议</th>
              <th>当前版本</th>
              <th>更新时间</th>
              <th>历史版本</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.list.map((a) => (
              <tr key={a.key} data-testid="ops-agreement-row">
                <td>
                  <a href={`/agreements/${a.key}`} target="_blank" rel="noreferrer">
                    {a.title}
                  </a>
                </td>
                <td className="ops-nowrap" data-testid="ops-agreement-version">
                  {a.version}
                </td>
                <td className="ops-muted ops-nowrap">{formatTime(a.updatedAt)}</td>
                <td>
                  {a.versions.map((v) => (
                    <a
                      key={v.version}
                      href={`/agreements/${a.key}?version=${encodeURIComponent(v.version)}`}
                      target="_blank"
                      rel="noreferrer"
                      style={{ marginRight: 8 }}
                    >
                      {v.version}
                    </a>
                  ))}
                </td>
                <td>
                  <button
                    type="button"
                    className="ops-secondary"
                    onClick={() => setEditing(a)}
                    data-testid="ops-agreement-edit"
                  >
                    发布新版本
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? <PublishDialog agreement={editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function PublishDialog({ agreement, onClose }: { agreement: OpsAgreement; onClose: () => void }) {
  const write = useHelpWrite();
  const [title, setTitle] = useState(agreement.title);
  const [body, setBody] = useState(agreement.body);
  const [version, setVersion] = useState(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10));
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={`发布新版本：${agreement.title}`}
      confirmLabel="发布"
      busy={write.isPending}
      error={invalid || write.error?.message}
      onConfirm={() => {
        write.reset();
        const checked = agreementPublish.safeParse({ title, body, version, reason });
        if (!checked.success) return setInvalid(firstIssue(checked));
        write.mutate({ path: `/help/agreements/${agreement.key}`, body: checked.data }, { onSuccess: onClose });
      }}
      onCancel={onClose}
      testId="ops-agreement-dialog"
    >
      <p className="ops-muted">当前版本 {agreement.version}。发布后玩家看到新版本，旧版本仍可按版本号查看。</p>
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>标题</span>
          <input value={title} maxLength={30} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <label className="ops-channel-field">
          <span>版本号</span>
          <input
            value={version}
            maxLength={20}
            onChange={(e) => setVersion(e.target.value)}
            data-testid="ops-agreement-version-input"
          />
        </label>
      </div>
      <label className="ops-channel-field">
        <span>正文（每行一段）</span>
        <textarea value={body} rows={10} onChange={(e) => setBody(e.target.value)} data-testid="ops-agreement-body" />
      </label>
      <label className="ops-channel-field">
        <span>发布说明（记入操作日志）</span>
        <input
          value={reason}
          maxLength={200}
          onChange={(e) => {
            setReason(e.target.value);
            setInvalid('');
          }}
          data-testid="ops-agreement-reason"
        />
      </label>
    </ConfirmDialog>
  );
}

function Faqs() {
  const list = useFaqs();
  const write = useHelpWrite();
  const [editing, setEditing] = useState<OpsFaq | 'new' | null>(null);
  const [removing, setRemoving] = useState<OpsFaq | null>(null);
  return (
    <div className="ops-card" data-testid="ops-faqs">
      <div className="ops-inline" style={{ justifyContent: 'space-between' }}>
        <h3 style={{ margin: 0 }}>常见问题</h3>
        <button type="button" className="ops-primary" onClick={() => setEditing('new')} data-testid="ops-faq-new">
          新增问题
        </button>
      </div>
      {list.error ? <p className="ops-error">{list.error.message}</p> : null}
      <div className="ops-table-wrap">
        <table className="ops-table">
          <thead>
            <tr>
              <th>分类</th>
              <th>问题与回答</th>
              <th>排序</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.list.map((f) => (
              <tr key={f.faqId} data-testid="ops-faq-row">
                <td className="ops-nowrap">{f.category}</td>
                <td>
                  <b>{f.question}</b>
                  <div className="ops-muted">{f.answer}</div>
                </td>
                <td>{f.sort}</td>
                <td>
                  <div className="ops-inline ops-nowrap">
                    <button type="button" className="ops-secondary" onClick={() => setEditing(f)}>
                      修改
                    </button>
                    <button type="button" className="ops-danger" onClick={() => setRemoving(f)}>
                      删除
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? <FaqDialog faq={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {removing ? (
        <ReasonDialog
          title={`删除：${removing.question}`}
          confirmLabel="确认删除"
          busy={write.isPending}
          error={write.error?.message}
          onConfirm={(reason) =>
            write.mutate(
              { path: `/help/faqs/${removing.faqId}/delete`, body: { reason } },
              { onSuccess: () => setRemoving(null) },
            )
          }
          onClose={() => {
            write.reset();
            setRemoving(null);
          }}
        />
      ) : null}
    </div>
  );
}

function FaqDialog({ faq, onClose }: { faq: OpsFaq | null; onClose: () => void }) {
  const write = useHelpWrite();
  const [category, setCategory] = useState(faq?.category ?? '');
  const [question, setQuestion] = useState(faq?.question ?? '');
  const [answer, setAnswer] = useState(faq?.answer ?? '');
  const [sort, setSort] = useState(String(faq?.sort ?? 0));
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={faq ? '修改常见问题' : '新增常见问题'}
      confirmLabel="保存"
      busy={write.isPending}
      error={invalid || write.error?.message}
      onConfirm={() => {
        write.reset();
        const checked = faqPayload.safeParse({ category, question, answer, sort: Number(sort) });
        if (!checked.success) return setInvalid(firstIssue(checked));
        if (reason.trim().length < 2) return setInvalid('请填写原因（至少2个字）');
        write.mutate(
          { path: faq ? `/help/faqs/${faq.faqId}` : '/help/faqs', body: { item: checked.data, reason: reason.trim() } },
          { onSuccess: onClose },
        );
      }}
      onCancel={onClose}
      testId="ops-faq-dialog"
    >
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>分类</span>
          <input
            value={category}
            maxLength={10}
            onChange={(e) => setCategory(e.target.value)}
            data-testid="ops-faq-category"
          />
        </label>
        <label className="ops-channel-field">
          <span>排序</span>
          <input value={sort} inputMode="numeric" onChange={(e) => setSort(e.target.value)} style={{ width: 80 }} />
        </label>
      </div>
      <label className="ops-channel-field">
        <span>问题</span>
        <input
          value={question}
          maxLength={60}
          onChange={(e) => setQuestion(e.target.value)}
          data-testid="ops-faq-question"
        />
      </label>
      <label className="ops-channel-field">
        <span>回答</span>
        <textarea
          value={answer}
          rows={4}
          maxLength={1000}
          onChange={(e) => setAnswer(e.target.value)}
          data-testid="ops-faq-answer"
        />
      </label>
      <label className="ops-channel-field">
        <span>原因（记入操作日志）</span>
        <input
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
          data-testid="ops-faq-reason"
        />
      </label>
    </ConfirmDialog>
  );
}

function FeedbackTypes() {
  const list = useFeedbackTypes();
  const [editing, setEditing] = useState<OpsFeedbackType | 'new' | null>(null);
  return (
    <div className="ops-card" data-testid="ops-feedback-types">
      <div className="ops-inline" style={{ justifyContent: 'space-between' }}>
        <h3 style={{ margin: 0 }}>反馈类型</h3>
        <button type="button" className="ops-primary" onClick={() => setEditing('new')}>
          新增类型
        </button>
      </div>
      <div className="ops-inline">
        {list.data?.list.map((t) => (
          <button key={t.typeId} type="button" className="ops-secondary" onClick={() => setEditing(t)} title="修改">
            {t.name}
            <span className="ops-muted">（{t.used}条）</span>
          </button>
        ))}
      </div>
      {editing ? <TypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function TypeDialog({ type, onClose }: { type: OpsFeedbackType | null; onClose: () => void }) {
  const write = useHelpWrite();
  const [name, setName] = useState(type?.name ?? '');
  const [sort, setSort] = useState(String(type?.sort ?? 0));
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={type ? `修改反馈类型：${type.name}` : '新增反馈类型'}
      confirmLabel="保存"
      busy={write.isPending}
      error={invalid || write.error?.message}
      onConfirm={() => {
        write.reset();
        const checked = feedbackTypePayload.safeParse({ name, sort: Number(sort) });
        if (!checked.success) return setInvalid(firstIssue(checked));
        if (reason.trim().length < 2) return setInvalid('请填写原因（至少2个字）');
        write.mutate(
          {
            path: type ? `/help/feedback-types/${type.typeId}` : '/help/feedback-types',
            body: { item: checked.data, reason: reason.trim() },
          },
          { onSuccess: onClose },
        );
      }}
      onCancel={onClose}
      testId="ops-type-dialog"
    >
      {type && type.used > 0 ? (
        <p className="ops-muted">已有 {type.used} 条反馈使用此类型，改名后这些反馈显示新名称。</p>
      ) : null}
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>名称</span>
          <input value={name} maxLength={10} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="ops-channel-field">
          <span>排序</span>
          <input value={sort} inputMode="numeric" onChange={(e) => setSort(e.target.value)} style={{ width: 80 }} />
        </label>
      </div>
      <label className="ops-channel-field">
        <span>原因（记入操作日志）</span>
        <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}

function ReasonDialog(props: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: string | undefined;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={props.title}
      confirmLabel={props.confirmLabel}
      danger
      busy={props.busy}
      error={invalid || props.error}
      onConfirm={() =>
        reason.trim().length < 2 ? setInvalid('请填写原因（至少2个字）') : props.onConfirm(reason.trim())
      }
      onCancel={props.onClose}
      testId="ops-help-reason-dialog"
    >
      <label className="ops-channel-field">
        <span>原因（记入操作日志）</span>
        <input
          value={reason}
          maxLength={200}
          onChange={(e) => {
            setReason(e.target.value);
            setInvalid('');
          }}
        />
      </label>
    </ConfirmDialog>
  );
}
