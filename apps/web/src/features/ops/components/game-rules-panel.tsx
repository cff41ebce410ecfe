import { type EditableRules, gameSettingsPayload, type OpsGame } from '@app/protocol/ops-games';
import { yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { useGameSettings, useSaveGameSettings } from '../api/game-settings';

type MoneyKey =
  | 'maxServiceCharge'
  | 'roleMinPrice'
  | 'roleMaxPrice'
  | 'itemMinPrice'
  | 'itemMaxPrice'
  | 'coinMaxPrice'
  | 'depositMinFen'
  | 'depositMaxFen';
type PercentKey = 'servicePercent' | 'depositPercent' | 'depositSellerPercent';
const MONEY: Array<[MoneyKey, string]> = [
  ['maxServiceCharge', '手续费上限（元）'],
  ['roleMinPrice', '角色最低价（元）'],
  ['roleMaxPrice', '角色最高价（元）'],
  ['itemMinPrice', '道具最低价（元）'],
  ['itemMaxPrice', '道具最高价（元）'],
  ['coinMaxPrice', '游戏币最高价（元）'],
  ['depositMinFen', '保证金下限（元）'],
  ['depositMaxFen', '保证金上限（元）'],
];
const PERCENT: Array<[PercentKey, string]> = [
  ['servicePercent', '手续费（%）'],
  ['depositPercent', '保证金比例（%）'],
  ['depositSellerPercent', '违约金补偿卖家（%）'],
];
const LINKS: Array<[keyof OpsGame['links'], string]> = [
  ['iosUrl', 'iOS下载地址'],
  ['androidUrl', '安卓下载地址'],
  ['h5IosUrl', 'iOS H5地址'],
  ['h5AndroidUrl', '安卓H5地址'],
  ['pcUrl', 'PC地址'],
];
const SWITCHES: Array<['bargainOpen' | 'auctionOpen' | 'consignmentOpen' | 'crossServer', string]> = [
  ['consignmentOpen', '寄售'],
  ['bargainOpen', '还价'],
  ['auctionOpen', '拍卖'],
  ['crossServer', '跨服展示'],
];

type Form = Record<MoneyKey | PercentKey, string> &
  Record<'bargainOpen' | 'auctionOpen' | 'consignmentOpen' | 'crossServer', boolean> &
  OpsGame['links'] & { reason: string };

const yuan = (fen: number) => (fen / 100).toString();
const formOf = (g: OpsGame): Form => ({
  ...(Object.fromEntries(MONEY.map(([k]) => [k, yuan(g.rules[k])])) as Record<MoneyKey, string>),
  ...(Object.fromEntries(PERCENT.map(([k]) => [k, String(g.rules[k])])) as Record<PercentKey, string>),
  bargainOpen: g.rules.bargainOpen,
  auctionOpen: g.rules.auctionOpen,
  consignmentOpen: g.consignmentOpen,
  crossServer: g.crossServer,
  ...g.links,
  reason: '',
});

/** The form → the payload; a money field that is not a price in 元 becomes NaN and the schema names it. */
const payloadOf = (f: Form) => {
  const fen = (v: string) => yuanToFen(v) ?? Number.NaN;
  const rules: EditableRules = {
    ...(Object.fromEntries(MONEY.map(([k]) => [k, fen(f[k])])) as Record<MoneyKey, number>),
    ...(Object.fromEntries(PERCENT.map(([k]) => [k, f[k].trim() === '' ? Number.NaN : Number(f[k])])) as Record<
      PercentKey,
      number
    >),
    bargainOpen: f.bargainOpen,
    auctionOpen: f.auctionOpen,
  };
  return {
    rules,
    consignmentOpen: f.consignmentOpen,
    crossServer: f.crossServer,
    links: Object.fromEntries(LINKS.map(([k]) => [k, f[k]])) as OpsGame['links'],
    reason: f.reason,
  };
};

function GameCard({ game }: { game: OpsGame }) {
  const save = useSaveGameSettings();
  const [form, setForm] = useState<Form | null>(null);
  const [invalid, setInvalid] = useState('');
  const change = (patch: Partial<Form>) => {
    if (form) setForm({ ...form, ...patch });
    setInvalid('');
  };
  const submit = () => {
    if (!form) return;
    save.reset();
    const checked = gameSettingsPayload.safeParse(payloadOf(form));
    if (!checked.success) return setInvalid(checked.error.issues[0]?.message ?? '请检查填写内容');
    setInvalid('');
    save.mutate({ gameId: game.gameId, ...checked.data }, { onSuccess: () => setForm(null) });
  };
  const r = game.rules;
  const error = invalid || save.error?.message;
  return (
    <div className="ops-card" data-testid="ops-game-card" data-game-id={game.gameId}>
      <div className="ops-inline" style={{ justifyContent: 'space-between' }}>
        <b>
          {game.name} <span className="ops-muted ops-mono">{game.gameId}</span>
        </b>
        {form ? null : (
          <button type="button" className="ops-link" onClick={() => setForm(formOf(game))} data-testid="ops-game-edit">
            编辑
          </button>
        )}
      </div>
      <p className="ops-muted" data-testid="ops-game-summary">
        手续费 {r.servicePercent}%（上限 {yuan(r.maxServiceCharge)} 元）· 角色 {yuan(r.roleMinPrice)}–
        {yuan(r.roleMaxPrice)} 元 · 道具 {yuan(r.itemMinPrice)}–{yuan(r.itemMaxPrice)} 元 · 保证金 {r.depositPercent}%（
        {yuan(r.depositMinFen)}–{yuan(r.depositMaxFen)} 元，补偿卖家 {r.depositSellerPercent}%）
      </p>
      <div className="ops-inline">
        {SWITCHES.map(([k, label]) => {
          const value = k === 'bargainOpen' || k === 'auctionOpen' ? r[k] : game[k];
          return (
            <span key={k} className={value ? 'ops-pill ops-pill-on' : 'ops-pill ops-pill-off'}>
              {label}
              {value ? '开' : '关'}
            </span>
          );
        })}
      </div>
      {form ? (
        <div className="ops-inline ops-channel-form" data-testid="ops-game-form">
          {[...PERCENT, ...MONEY].map(([k, label]) => (
            <label key={k} className="ops-channel-field">
              <span>{label}</span>
              <input
                inputMode="decimal"
                value={form[k]}
                onChange={(e) => change({ [k]: e.target.value })}
                data-testid={`ops-game-${k}`}
                style={{ width: 130, minWidth: 0 }}
              />
            </label>
          ))}
          {SWITCHES.map(([k, label]) => (
            <label key={k} className="ops-check">
              <input
                type="checkbox"
                checked={form[k]}
                onChange={(e) => change({ [k]: e.target.checked })}
                data-testid={`ops-game-${k}`}
              />
              {label}
            </label>
          ))}
          {LINKS.map(([k, label]) => (
            <label key={k} className="ops-channel-field">
              <span>{label}</span>
              <input
                value={form[k]}
                onChange={(e) => change({ [k]: e.target.value })}
                data-testid={`ops-game-${k}`}
                style={{ width: 300 }}
              />
            </label>
          ))}
          <label className="ops-channel-field">
            <span>原因（记入操作日志）</span>
            <input
              value={form.reason}
              maxLength={200}
              onChange={(e) => change({ reason: e.target.value })}
              data-testid="ops-game-reason"
              style={{ width: 220 }}
            />
          </label>
          <button
            type="button"
            className="ops-primary"
            disabled={save.isPending}
            onClick={submit}
            data-testid="ops-game-save"
          >
            保存
          </button>
          <button type="button" className="ops-secondary" onClick={() => setForm(null)}>
            取消
          </button>
        </div>
      ) : null}
      {error ? (
        <p className="ops-error" data-testid="ops-game-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 游戏规则: per game, the sell rules, switches, cross-server display and download links; new listings and orders follow them. */
export function GameRulesPanel() {
  const games = useGameSettings();
  return (
    <div data-testid="ops-games">
      <h3>游戏规则</h3>
      <p className="ops-muted">
        修改对之后新发布的商品、新出价和新订单生效，已成交的订单按成交时的规则结算。每次修改均记入操作日志（修改前后）。
      </p>
      {games.error ? <p className="ops-error">{games.error.message}</p> : null}
      {games.isPending ? <p className="ops-muted">加载中…</p> : null}
      <div className="ops-list" style={{ alignItems: 'start' }}>
        {games.data?.list.map((g) => (
          <GameCard key={g.gameId} game={g} />
        ))}
      </div>
    </div>
  );
}
