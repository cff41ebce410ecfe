import { CommodityType } from '@app/protocol/commodity';
import { formatPriceFen } from '@app/protocol/format';
import { type Rate, type StatsDay, type StatsQuery, statsQuery } from '@app/protocol/ops-stats';
import { useMemo, useState } from 'react';
import { useGameNames } from '../api/merchants';
import { downloadStatsCsv, useStatsAb, useStatsDashboard } from '../api/stats';
import { type ChartSeries, StatsChart } from './stats-chart';

const beijing = (offsetDays: number) =>
  new Date(Date.now() + 8 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

const TYPE_LABEL: Record<string, string> = {
  [CommodityType.ROLE]: '角色',
  [CommodityType.COIN]: '游戏币',
  [CommodityType.PROP]: '道具',
};

export const percent = (r: Rate) => (r === null ? '—' : `${(r * 100).toFixed(r < 0.1 ? 2 : 1)}%`);
/** An axis label of fen: ¥1.2万 from ten thousand yuan up. */
const shortYuan = (fen: number) =>
  fen >= 1_000_000 ? `¥${(fen / 1_000_000).toFixed(1)}万` : `¥${Math.round(fen / 100)}`;
const yuan = (fen: number | null) => (fen === null ? '—' : formatPriceFen(fen));

const FUNNEL: Array<[keyof StatsDay, string, keyof StatsDay | null]> = [
  ['exposures', '曝光', null],
  ['clicks', '点击', 'clickRate'],
  ['details', '详情', 'detailRate'],
  ['ordersPlaced', '下单', 'orderRate'],
  ['ordersPaid', '支付', 'payRate'],
  ['ordersFinished', '完成', 'finishRate'],
];

/** 数据 (运营, 管理员): the day figures of a range from the rollups, charts, the A/B comparison, CSV. */
export function StatsTab() {
  const [form, setForm] = useState({ from: beijing(-13), to: beijing(0), game: '', goodsType: '' });
  const checked = statsQuery.safeParse(form);
  const [query, setQuery] = useState<StatsQuery>(() => statsQuery.parse(form));
  const [exportError, setExportError] = useState('');
  const dashboard = useStatsDashboard(query);
  const ab = useStatsAb(query);
  const games = useGameNames();
  const d = dashboard.data;

  const days = useMemo(() => d?.days.map((x) => x.day) ?? [], [d]);
  const traffic = useMemo<ChartSeries[]>(
    () => [
      { label: '访客', color: '#2f6fed', values: d?.days.map((x) => x.visitors) ?? [] },
      { label: '点击', color: '#17a673', values: d?.days.map((x) => x.clicks) ?? [] },
      { label: '支付订单', color: '#e8590c', values: d?.days.map((x) => x.ordersPaid) ?? [] },
    ],
    [d],
  );
  const money = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'GMV',
        color: '#7048e8',
        values: d?.days.map((x) => x.gmvFen) ?? [],
        format: (v) => formatPriceFen(v),
        axis: shortYuan,
      },
      {
        label: '手续费收入',
        color: '#d6336c',
        values: d?.days.map((x) => x.feeFen) ?? [],
        right: true,
        format: (v) => formatPriceFen(v),
        axis: shortYuan,
      },
    ],
    [d],
  );

  const t = d?.total;
  return (
    <div data-testid="ops-stats">
      <form
        className="ops-filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (checked.success) setQuery(checked.data);
        }}
      >
        <input
          type="date"
          aria-label="开始日期"
          value={form.from}
          onChange={(e) => setForm({ ...form, from: e.target.value })}
        />
        <span className="ops-muted">至</span>
        <input
          type="date"
          aria-label="结束日期"
          value={form.to}
          onChange={(e) => setForm({ ...form, to: e.target.value })}
        />
        <select aria-label="游戏" value={form.game} onChange={(e) => setForm({ ...form, game: e.target.value })}>
          <option value="">全部游戏</option>
          {(d?.games ?? []).map((g) => (
            <option key={g} value={g}>
              {games.data?.get(g) ?? g}
            </option>
          ))}
        </select>
        <select
          aria-label="商品类型"
          value={form.goodsType}
          onChange={(e) => setForm({ ...form, goodsType: e.target.value })}
        >
          <option value="">全部类型</option>
          {(d?.goodsTypes ?? []).map((g) => (
            <option key={g} value={g}>
              {TYPE_LABEL[g] ?? g}
            </option>
          ))}
        </select>
        <button type="submit" className="ops-primary" disabled={!checked.success} data-testid="ops-stats-apply">
          查询
        </button>
        <button
          type="button"
          onClick={() => {
            setExportError('');
            downloadStatsCsv(query).catch((e: Error) => setExportError(e.message));
          }}
          data-testid="ops-stats-export"
        >
          导出 CSV
        </button>
      </form>
      {!checked.success ? <p className="ops-error">{checked.error.issues[0]?.message}</p> : null}
      {dashboard.error ? <p className="ops-error">{dashboard.error.message}</p> : null}
      {exportError ? <p className="ops-error">{exportError}</p> : null}
      {t ? (
        <>
          <div className="ops-stats" data-testid="ops-stats-total">
            <Stat label="访客" value={String(t.visitors)} />
            <Stat label="GMV" value={yuan(t.gmvFen)} />
            <Stat label="手续费收入" value={yuan(t.feeFen)} />
            <Stat label="货币化率" value={percent(t.takeRate)} />
            <Stat label="客单价" value={yuan(t.averageOrderFen)} />
            <Stat label="退款率" value={percent(t.refundRate)} />
            <Stat label="纠纷率" value={percent(t.disputeRate)} />
            <Stat label="新买家 / 新卖家" value={`${t.newBuyers} / ${t.newSellers}`} />
          </div>
          <div className="ops-money-grid ops-stats-charts">
            <section>
              <h3 className="ops-subhead">流量与订单（按日）</h3>
              <StatsChart days={days} series={traffic} />
            </section>
            <section>
              <h3 className="ops-subhead">GMV 与手续费（按日）</h3>
              <StatsChart days={days} series={money} />
            </section>
          </div>
          <h3 className="ops-subhead">转化漏斗（合计）</h3>
          <div className="ops-funnel" data-testid="ops-stats-funnel">
            {FUNNEL.map(([key, label, rateKey]) => (
              <div key={key} className="ops-funnel-step">
                {rateKey ? <span className="ops-funnel-rate">→ {percent(t[rateKey] as Rate)}</span> : null}
                <span className="ops-muted">{label}</span>
                <b>{t[key] as number}</b>
              </div>
            ))}
          </div>
          <DaysTable days={[...(d?.days ?? [])].reverse()} total={t} />
          <p className="ops-muted ops-small">
            数据来自小时/日汇总，更新至{' '}
            {d?.rolledUpTo ? new Date(d.rolledUpTo).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' }) : '尚未汇总'}
            ；访客按日、游戏、类型、场景去重后相加。
          </p>
        </>
      ) : null}
      <AbPanel ab={ab} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="ops-stat">
      <span className="ops-muted">{label}</span>
      <b className="ops-stat-value">{value}</b>
    </div>
  );
}

function DaysTable({ days, total }: { days: StatsDay[]; total: StatsDay }) {
  const cells = (x: StatsDay, head: string) => (
    <>
      <td className="ops-mono ops-nowrap">{head}</td>
      <td className="ops-num">{x.visitors}</td>
      <td className="ops-num">{x.exposures}</td>
      <td className="ops-num">{x.clicks}</td>
      <td className="ops-num">{percent(x.clickRate)}</td>
      <td className="ops-num">{x.details}</td>
      <td className="ops-num">{x.ordersPlaced}</td>
      <td className="ops-num">{x.ordersPaid}</td>
      <td className="ops-num">{x.ordersFinished}</td>
      <td className="ops-num">{yuan(x.gmvFen)}</td>
      <td className="ops-num">{yuan(x.feeFen)}</td>
      <td className="ops-num">{percent(x.takeRate)}</td>
      <td className="ops-num">{yuan(x.averageOrderFen)}</td>
      <td className="ops-num">{percent(x.refundRate)}</td>
      <td className="ops-num">{percent(x.disputeRate)}</td>
      <td className="ops-num">{x.newBuyers}</td>
      <td className="ops-num">{x.newSellers}</td>
      <td className="ops-num">{x.listingsAdded}</td>
      <td className="ops-num">{x.listingsSold}</td>
      <td className="ops-num">{x.supportCases}</td>
    </>
  );
  return (
    <div className="ops-table-wrap ops-table-scroll">
      <table className="ops-table ops-table-tight">
        <thead>
          <tr>
            {[
              '日期',
              '访客',
              '曝光',
              '点击',
              '点击率',
              '详情',
              '下单',
              '支付',
              '完成',
              'GMV',
              '手续费',
              '货币化率',
              '客单价',
              '退款率',
              '纠纷率',
              '新买家',
              '新卖家',
              '上架',
              '成交',
              '客服工单',
            ].map((h, i) => (
              <th key={h} className={i > 0 ? 'ops-num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((x) => (
            <tr key={x.day} data-testid="ops-stats-day">
              {cells(x, x.day)}
            </tr>
          ))}
          <tr className="ops-total-row">{cells(total, '合计')}</tr>
        </tbody>
      </table>
    </div>
  );
}

function AbPanel({ ab }: { ab: ReturnType<typeof useStatsAb> }) {
  const a = ab.data;
  return (
    <section data-testid="ops-stats-ab">
      <h3 className="ops-subhead">A/B 对比（A 组对照，B 组 = uid 除以 3 余 1）</h3>
      {ab.error ? <p className="ops-error">{ab.error.message}</p> : null}
      {a ? (
        <>
          <p className="ops-muted ops-small">
            组大小（访客）：A {a.groups.a} · B {a.groups.b}；检验：{a.test}
          </p>
          <div className="ops-table-wrap">
            <table className="ops-table ops-table-tight">
              <thead>
                <tr>
                  <th>指标</th>
                  <th className="ops-num">A 组</th>
                  <th className="ops-num">B 组</th>
                  <th className="ops-num">z</th>
                  <th className="ops-num">p 值</th>
                  <th>结论</th>
                </tr>
              </thead>
              <tbody>
                {a.metrics.map((m) => (
                  <tr key={m.metric} data-testid="ops-ab-row">
                    <td>{m.label}</td>
                    <td className="ops-num">
                      {percent(m.a.rate)}{' '}
                      <span className="ops-muted">
                        ({m.a.successes}/{m.a.trials})
                      </span>
                    </td>
                    <td className="ops-num">
                      {percent(m.b.rate)}{' '}
                      <span className="ops-muted">
                        ({m.b.successes}/{m.b.trials})
                      </span>
                    </td>
                    <td className="ops-num">{m.z === null ? '—' : m.z.toFixed(2)}</td>
                    <td className="ops-num">{m.pValue === null ? '—' : m.pValue.toFixed(4)}</td>
                    <td>
                      {m.pValue === null ? (
                        <span className="ops-muted">无法检验</span>
                      ) : m.significant ? (
                        <b>显著</b>
                      ) : (
                        '不显著'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </section>
  );
}
