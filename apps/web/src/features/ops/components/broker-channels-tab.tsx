import { BROKER_DELIVERIES, type BrokerDelivery, brokerDeliveryLabel } from '@app/protocol/calls/broker';
import { brokerConfigPayload } from '@app/protocol/ops';
import { useState } from 'react';
import { type ConsoleBrokerConfig, useBrokerConfigs, useSetBrokerConfig } from '../api/broker-configs';

type Form = Record<'minQuantity' | 'maxQuantity' | 'feePercent' | 'deliverMinutes' | 'confirmHours', string> & {
  enabled: boolean;
  delivery: BrokerDelivery;
  goldTypes: number[];
};
const NUMBERS: Array<{ key: keyof Omit<Form, 'enabled' | 'delivery' | 'goldTypes'>; label: string }> = [
  { key: 'minQuantity', label: '单笔最少（枚）' },
  { key: 'maxQuantity', label: '单笔最多（枚）' },
  { key: 'feePercent', label: '手续费（%）' },
  { key: 'deliverMinutes', label: '发货时效（分钟）' },
  { key: 'confirmHours', label: '确认时效（小时）' },
];

/** One game's channel: its settings, and the form that sets them below it. */
function ChannelRow({ config }: { config: ConsoleBrokerConfig }) {
  const save = useSetBrokerConfig();
  const [form, setForm] = useState<Form | null>(null);
  const [invalid, setInvalid] = useState('');
  const edit = () => {
    save.reset();
    setInvalid('');
    setForm({
      enabled: config.enabled,
      delivery: config.delivery,
      goldTypes: config.goldTypes
        .map((g) => g.goldType)
        .filter((t) => config.gameGoldTypes.some((g) => g.goldType === t)),
      minQuantity: String(config.minQuantity),
      maxQuantity: String(config.maxQuantity),
      feePercent: String(config.feePercent),
      deliverMinutes: String(config.deliverMinutes),
      confirmHours: String(config.confirmHours),
    });
  };
  const change = (patch: Partial<Form>) => {
    if (form) setForm({ ...form, ...patch });
    setInvalid('');
  };
  const toggleCoin = (type: number, on: boolean) => {
    if (!form) return;
    const chosen = new Set(form.goldTypes);
    if (on) chosen.add(type);
    else chosen.delete(type);
    // In the game's order, as the server keeps them.
    change({ goldTypes: config.gameGoldTypes.map((g) => g.goldType).filter((t) => chosen.has(t)) });
  };
  const submit = () => {
    if (!form) return;
    const checked = brokerConfigPayload.safeParse({
      enabled: form.enabled,
      delivery: form.delivery,
      goldTypes: form.goldTypes,
      ...Object.fromEntries(NUMBERS.map(({ key }) => [key, Number(form[key])])),
    });
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    save.mutate({ applicationId: config.applicationId, ...checked.data }, { onSuccess: () => setForm(null) });
  };
  const error = invalid || save.error?.message;
  return (
    <>
      <tr data-testid="ops-channel-row" data-app-id={config.applicationId}>
        <td>
          {config.gameName}
          <div className="ops-muted ops-mono">{config.applicationId}</div>
        </td>
        <td>
          <span className={config.enabled ? 'ops-pill ops-pill-on' : 'ops-pill ops-pill-off'}>
            {config.enabled ? '已开放' : '未开放'}
          </span>
        </td>
        <td data-testid="ops-channel-gold-types">{config.goldTypes.map((g) => g.goldName).join('、') || '—'}</td>
        <td data-testid="ops-channel-delivery">{brokerDeliveryLabel[config.delivery]}</td>
        <td className="ops-mono">
          {config.minQuantity} – {config.maxQuantity}
        </td>
        <td className="ops-mono">{config.feePercent}%</td>
        <td className="ops-mono">
          {config.deliverMinutes} 分钟 / {config.confirmHours} 小时
        </td>
        <td className="ops-row-actions">
          <button type="button" className="ops-link" onClick={edit} data-testid="ops-channel-edit">
            设置
          </button>
        </td>
      </tr>
      {form || error ? (
        <tr className="ops-subrow">
          <td colSpan={8}>
            {form ? (
              <div className="ops-inline ops-channel-form" data-testid="ops-channel-form">
                <label className="ops-channel-field">
                  <span>频道</span>
                  <select
                    value={form.enabled ? 'on' : 'off'}
                    onChange={(e) => change({ enabled: e.target.value === 'on' })}
                    data-testid="ops-channel-enabled"
                  >
                    <option value="on">开放</option>
                    <option value="off">关闭</option>
                  </select>
                </label>
                <fieldset className="ops-channel-field ops-channel-coins" data-testid="ops-channel-gold-type-choices">
                  <legend>币种（开放时至少一种）</legend>
                  {config.gameGoldTypes.length ? (
                    config.gameGoldTypes.map((g) => (
                      <label key={g.goldType} className="ops-check">
                        <input
                          type="checkbox"
                          checked={form.goldTypes.includes(g.goldType)}
                          onChange={(e) => toggleCoin(g.goldType, e.target.checked)}
                          data-testid={`ops-channel-gold-type-${g.goldType}`}
                        />
                        {g.goldName}
                      </label>
                    ))
                  ) : (
                    <span className="ops-muted">游戏尚无已知币种</span>
                  )}
                </fieldset>
                <label className="ops-channel-field">
                  <span>交付方式</span>
                  <select
                    value={form.delivery}
                    onChange={(e) => change({ delivery: e.target.value as BrokerDelivery })}
                    data-testid="ops-channel-delivery-select"
                  >
                    {BROKER_DELIVERIES.map((d) => (
                      <option key={d} value={d}>
                        {brokerDeliveryLabel[d]}
                      </option>
                    ))}
                  </select>
                </label>
                {NUMBERS.map(({ key, label }) => (
                  <label key={key} className="ops-channel-field">
                    <span>{label}</span>
                    <input
                      inputMode="decimal"
                      value={form[key]}
                      onChange={(e) => change({ [key]: e.target.value })}
                      data-testid={`ops-channel-${key}`}
                      style={{ width: 130, minWidth: 0 }}
                    />
                  </label>
                ))}
                <button
                  type="button"
                  className="ops-primary"
                  disabled={save.isPending}
                  onClick={submit}
                  data-testid="ops-channel-save"
                >
                  保存
                </button>
                <button type="button" className="ops-secondary" onClick={() => setForm(null)}>
                  取消
                </button>
              </div>
            ) : null}
            {error ? (
              <p className="ops-error" data-testid="ops-channel-error">
                {error}
              </p>
            ) : null}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** 商人频道 (operators and admins): each game's broker channel — open or not, its coin types, how orders are delivered, bounds, fee, windows. */
export function BrokerChannelsTab() {
  const configs = useBrokerConfigs();
  return (
    <section>
      <div className="ops-section-head">
        <div>
          <h2>商人频道</h2>
          <p className="ops-muted">
            币种从该游戏自己的币种中选择，开放时至少一种，商人只能发布已开放的币种。游戏接口发货：游戏将金币从商人库存角色转入买家角色并签名回执；游戏内交易：双方在游戏中面交，商人报告后由买家确认收货。已开始发货的订单按开始时的方式完成。每次设置均记入操作日志。
          </p>
        </div>
      </div>
      {configs.error ? (
        <p className="ops-error" data-testid="ops-load-error">
          {configs.error.message}
        </p>
      ) : null}
      <div className="ops-table-wrap">
        <table className="ops-table" data-testid="ops-channels">
          <thead>
            <tr>
              <th>游戏</th>
              <th style={{ width: 90 }}>频道</th>
              <th style={{ width: 140 }}>币种</th>
              <th style={{ width: 120 }}>交付方式</th>
              <th style={{ width: 190 }}>单笔数量</th>
              <th style={{ width: 80 }}>手续费</th>
              <th style={{ width: 160 }}>发货 / 确认时效</th>
              <th style={{ width: 80 }}>操作</th>
            </tr>
          </thead>
          <tbody>
            {configs.isPending ? (
              <tr>
                <td colSpan={8} className="ops-empty">
                  加载中…
                </td>
              </tr>
            ) : null}
            {configs.data?.list.map((c) => (
              <ChannelRow key={c.applicationId} config={c} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
