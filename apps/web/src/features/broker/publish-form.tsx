import type { BrokerConfig } from '@app/protocol/calls/broker';
import { useState } from 'react';
import { showToast } from '../../lib/ui-bus';
import { useBrokerServers, usePublishListing } from './api/broker-api';
import { checkPublish, coinsToWan, deliverChoices, deliverText, formatCoins, type PublishDraft } from './broker-logic';

/** 发布商品: server, coin type, unit price per 万, stock and the bounds per order in 万, the delivery promise. */
export function PublishForm({ config, onDone }: { config: BrokerConfig; onDone: () => void }) {
  const servers = useBrokerServers(config.applicationId);
  const publish = usePublishListing();
  const choices = deliverChoices(config);
  const [draft, setDraft] = useState<PublishDraft>({
    serverId: '',
    goldType: String(config.goldTypes[0]?.goldType ?? ''),
    unitPriceYuan: '',
    stockWan: '',
    minWan: coinsToWan(config.minQuantity),
    maxWan: coinsToWan(Math.min(config.maxQuantity, Math.max(config.minQuantity, 1_000_000))),
    deliverMinutes: String(choices.includes(30) ? 30 : (choices[choices.length - 1] ?? config.deliverMinutes)),
  });
  const [problem, setProblem] = useState('');
  const set = (key: keyof PublishDraft) => (e: { target: { value: string } }) => {
    setDraft({ ...draft, [key]: e.target.value });
    setProblem('');
  };
  const submit = () => {
    const checked = checkPublish(draft, config);
    if (!checked.ok) return setProblem(checked.problem);
    publish.mutate(
      { applicationId: config.applicationId, ...checked.values },
      {
        onSuccess: () => {
          showToast('发布成功，商品已上架');
          onDone();
        },
        onError: (e) => setProblem(e.message),
      },
    );
  };
  return (
    <section className="card merchant-form publish-form" data-testid="publish-form">
      <div className="broker-section-title">发布商品</div>
      <div className="publish-grid">
        <label className="broker-field">
          <span>区服</span>
          <select value={draft.serverId} onChange={set('serverId')} data-testid="publish-server">
            <option value="">请选择区服</option>
            {servers.data?.list.map((s) => (
              <option key={s.serverId} value={s.serverId}>
                {s.serverName}
              </option>
            ))}
          </select>
        </label>
        <label className="broker-field">
          <span>币种</span>
          <select value={draft.goldType} onChange={set('goldType')} data-testid="publish-gold">
            {config.goldTypes.map((g) => (
              <option key={g.goldType} value={String(g.goldType)}>
                {g.goldName}
              </option>
            ))}
          </select>
        </label>
        <label className="broker-field">
          <span>单价</span>
          <span className="broker-unit-input">
            <input
              inputMode="decimal"
              value={draft.unitPriceYuan}
              placeholder="如 1.50"
              onChange={set('unitPriceYuan')}
              data-testid="publish-price"
            />
            <em>元/万</em>
          </span>
        </label>
        <label className="broker-field">
          <span>库存</span>
          <span className="broker-unit-input">
            <input
              inputMode="decimal"
              value={draft.stockWan}
              placeholder="可出售的总数量"
              onChange={set('stockWan')}
              data-testid="publish-stock"
            />
            <em>万</em>
          </span>
        </label>
        <label className="broker-field">
          <span>单笔最少</span>
          <span className="broker-unit-input">
            <input inputMode="decimal" value={draft.minWan} onChange={set('minWan')} data-testid="publish-min" />
            <em>万</em>
          </span>
        </label>
        <label className="broker-field">
          <span>单笔最多</span>
          <span className="broker-unit-input">
            <input inputMode="decimal" value={draft.maxWan} onChange={set('maxWan')} data-testid="publish-max" />
            <em>万</em>
          </span>
        </label>
        <label className="broker-field">
          <span>发货时效</span>
          <select value={draft.deliverMinutes} onChange={set('deliverMinutes')} data-testid="publish-deliver">
            {choices.map((m) => (
              <option key={m} value={String(m)}>
                {deliverText(m)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="muted publish-bounds" data-testid="publish-bounds">
        本游戏单笔数量须在 {formatCoins(config.minQuantity)} 到 {formatCoins(config.maxQuantity)} 之间，发货时效不超过
        {config.deliverMinutes}分钟，服务费 {config.feePercent}%
      </p>
      {problem ? (
        <p className="broker-problem" role="alert" data-testid="publish-problem">
          {problem}
        </p>
      ) : null}
      <div className="publish-actions">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          取消
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={publish.isPending}
          onClick={submit}
          data-testid="publish-submit"
        >
          {publish.isPending ? '发布中…' : '确认发布'}
        </button>
      </div>
    </section>
  );
}
