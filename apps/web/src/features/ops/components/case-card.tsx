import type { CaseDecision, CaseFact, RefusedCase } from '@app/protocol/refused-cases';
import { useState } from 'react';
import { useDecideCase } from '../api/decide-case';
import { useJoinBrokerOrderChat } from '../api/join-broker-order-chat';
import { CaseNotes } from './case-notes';
import { DecisionNote } from './decision-note';
import { formatTime } from './format';
import { workbenchChatUrl } from './workbench-url';

/** The test ids of a card: the exchange's (`ops-…`) and the broker's (`ops-broker-…`), as the journeys know them. */
const ids = (c: RefusedCase) =>
  c.domain === 'order' ? { card: 'ops-order', prefix: 'ops' } : { card: 'ops-broker-order', prefix: 'ops-broker' };

function factText(f: CaseFact): string {
  if (f.at === undefined || (f.at === null && f.value)) return f.value;
  const at = f.at === null ? '—' : formatTime(f.at);
  return f.value ? `${f.value}（${at}）` : at;
}

/**
 * One case of 拒绝收货 and its kin, of either order machinery, as the server describes it: what
 * happened, staff notes where the domain keeps them, and the decisions it offers (each asked
 * before it is sent, under the logged-in staff member's name). 进入会话 joins the order's chat as
 * 客服 and opens it on the workbench beside this card (`inChat`: the card there, without the button).
 */
export function CaseCard({ item, inChat = false }: { item: RefusedCase; inChat?: boolean }) {
  const [note, setNote] = useState('');
  const decide = useDecideCase();
  const join = useJoinBrokerOrderChat();
  const { card, prefix } = ids(item);
  const send = (decision: CaseDecision, question: string) => {
    if (!globalThis.confirm(question)) return;
    decide.mutate({ caseRef: item.caseRef, decision, note });
  };
  const openChat = () =>
    join.mutate(item.orderId, {
      onSuccess: (joined) =>
        globalThis.open(workbenchChatUrl(joined, { brokerOrderId: item.orderId }), `broker-order-${item.orderId}`),
    });
  return (
    <article
      className="ops-card"
      data-testid={card}
      data-order-id={item.orderId}
      data-kind={item.open ? item.kind : 'done'}
    >
      <header>
        <div>
          <b>{item.title}</b>
          <span className="ops-tag">{item.tag}</span>
        </div>
        <span className="ops-status" data-testid={`${prefix}-status`}>
          {item.headline}
        </span>
      </header>
      <dl>
        {item.facts.map((f) => (
          <FactRow key={f.label} fact={f} />
        ))}
      </dl>
      {item.staffNotes ? <CaseNotes orderId={item.orderId} notes={item.staffNotes} /> : null}
      {item.open ? (
        <DecisionNote note={note} onNote={setNote} decision={decide} testIds={prefix} />
      ) : decide.error ? (
        <p className="ops-error" data-testid={`${prefix}-error`}>
          {decide.error.message}
        </p>
      ) : null}
      {join.error ? (
        <p className="ops-error" data-testid="ops-broker-chat-error">
          {join.error.message}
        </p>
      ) : null}
      <div className="ops-actions">
        {item.chat && !inChat ? (
          <button
            type="button"
            className="ops-secondary"
            disabled={join.isPending}
            onClick={openChat}
            data-testid="ops-broker-chat"
          >
            进入会话
          </button>
        ) : null}
        {item.options.map((o) => (
          <button
            key={o.decision}
            type="button"
            className={o.decision === 'refund' ? 'ops-danger' : 'ops-secondary'}
            disabled={decide.isPending}
            onClick={() => send(o.decision, o.question)}
            data-testid={`${prefix}-${o.decision}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </article>
  );
}

const STYLE: Record<NonNullable<CaseFact['style']>, string> = {
  mono: 'ops-mono',
  money: 'ops-money',
  reason: 'ops-reason',
};

function FactRow({ fact }: { fact: CaseFact }) {
  return (
    <>
      <dt>{fact.label}</dt>
      <dd className={fact.style ? STYLE[fact.style] : undefined}>{factText(fact)}</dd>
    </>
  );
}
