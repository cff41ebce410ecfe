import type { ManualPresale } from '@app/protocol/calls/manual-presale';
import { formatPriceFen } from '@app/protocol/format';
import { DEFAULT_SELL_RULES, priceProblem, type SellRules, sellerReceives, yuanToFen } from '@app/protocol/sell-rules';
import { useState } from 'react';
import { useServerAll } from '../../../lib/queries/get-filter-options';
import { useGameLobby } from '../../../lib/queries/get-game-lobby';
import { showToast } from '../../../lib/ui-bus';
import {
  useBindPresaleAccount,
  useCheckPresale,
  useCreatePresale,
  usePresaleRules,
  usePublishPresale,
  useRefreshContent,
  useSnapLogin,
  useVerificationContent,
} from './api/manual-presale';

const DAYS = [3, 7, 15, 30];

/** Step 1: the game, the server, the price in whole yuan and the delivery promise. */
export function CreateStep() {
  const lobby = useGameLobby('');
  const games = lobby.data?.hot ?? [];
  const [appId, setAppId] = useState('');
  const game = appId || games[0]?.applicationId || '';
  const servers = useServerAll(game);
  const [serverId, setServerId] = useState('');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState(7);
  const [description, setDescription] = useState('');
  const create = useCreatePresale();
  const rules = usePresaleRules(game).data?.rules ?? DEFAULT_SELL_RULES;
  const fen = yuanToFen(price);
  const list = servers.data?.groups.flatMap((g) => g.servers) ?? [];
  const submit = () => {
    if (!serverId) return showToast('请选择区服');
    const problem = fen === null ? '请输入正确的价格' : priceProblem(1, fen, rules);
    if (problem || fen === null) return showToast(problem ?? '请输入正确的价格');
    create.mutate({ applicationId: game, serverId, price: fen, deliverDays: days, description });
  };
  return (
    <div className="sell-form" data-testid="presale-create">
      <label className="sell-field">
        <span>游戏</span>
        <select
          value={game}
          onChange={(e) => {
            setAppId(e.target.value);
            setServerId('');
          }}
          data-testid="presale-game"
        >
          {games.map((g) => (
            <option key={g.applicationId} value={g.applicationId}>
              {g.gameName}
            </option>
          ))}
        </select>
      </label>
      <label className="sell-field">
        <span>区服</span>
        <select value={serverId} onChange={(e) => setServerId(e.target.value)} data-testid="presale-server">
          <option value="">请选择区服</option>
          {list.map((s) => (
            <option key={s.serverId} value={s.serverId}>
              {s.serverName}
            </option>
          ))}
        </select>
      </label>
      <label className="sell-field">
        <span>售价（元）</span>
        <input
          inputMode="numeric"
          value={price}
          placeholder="整数元"
          onChange={(e) => setPrice(e.target.value.replace(/[^\d]/g, ''))}
          data-testid="presale-price"
        />
      </label>
      {fen ? <Receive fen={fen} rules={rules} /> : null}
      <div className="sell-field">
        <span>交付时间</span>
        <div className="sell-chips">
          {DAYS.map((d) => (
            <button
              key={d}
              type="button"
              className={`sell-chip${d === days ? ' on' : ''}`}
              onClick={() => setDays(d)}
              data-testid={`presale-days-${d}`}
            >
              {d}天内
            </button>
          ))}
        </div>
      </div>
      <label className="sell-field">
        <span>描述</span>
        <textarea
          maxLength={200}
          value={description}
          placeholder="选填，例如交付前的等级、装备"
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <button
        type="button"
        className="btn btn-primary btn-block"
        onClick={submit}
        disabled={create.isPending}
        data-testid="presale-create-submit"
      >
        下一步：绑定游戏账号
      </button>
    </div>
  );
}

function Receive({ fen, rules }: { fen: number; rules: SellRules }) {
  const { fee, receive } = sellerReceives(fen, rules);
  return (
    <p className="sell-receive" data-testid="presale-receive">
      手续费 {formatPriceFen(fee)}，成交后您将收到 <b>{formatPriceFen(receive)}</b>
    </p>
  );
}

/** Step 2: the game account and the role's name, checked with the game. */
export function BindStep({ record }: { record: ManualPresale }) {
  const [account, setAccount] = useState(record.gameAccount ?? '');
  const [roleName, setRoleName] = useState(record.roleName ?? '');
  const bind = useBindPresaleAccount();
  return (
    <div className="sell-form" data-testid="presale-bind">
      <Summary record={record} />
      <label className="sell-field">
        <span>游戏账号</span>
        <input value={account} onChange={(e) => setAccount(e.target.value)} data-testid="presale-account" />
      </label>
      <label className="sell-field">
        <span>角色名</span>
        <input value={roleName} onChange={(e) => setRoleName(e.target.value)} data-testid="presale-role" />
      </label>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={bind.isPending}
        onClick={() => bind.mutate({ recordId: record.recordId, gameAccount: account, roleName })}
        data-testid="presale-bind-submit"
      >
        下一步：验证账号
      </button>
    </div>
  );
}

/** Step 3: the content to set as the role's 个性签名, then the check. */
export function VerifyStep({ record }: { record: ManualPresale }) {
  const content = useVerificationContent(record.recordId);
  const refresh = useRefreshContent();
  const check = useCheckPresale();
  const [result, setResult] = useState<string | null>(null);
  return (
    <div className="sell-form" data-testid="presale-verify">
      <Summary record={record} />
      <p className="muted" style={{ fontSize: 13, lineHeight: 1.7 }}>
        请登录游戏，将角色「{record.roleName}」的个性签名设置为下面的内容（30分钟内有效），然后点击“检测”。
      </p>
      <div className="presale-content" data-testid="presale-content">
        {content.data?.content ?? '…'}
      </div>
      <div style={{ display: 'flex', gap: 8 }}>
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => refresh.mutate(record.recordId)}
          disabled={refresh.isPending}
        >
          换一个
        </button>
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={check.isPending}
          onClick={async () => {
            const answer = await check.mutateAsync(record.recordId).catch(() => null);
            if (answer) setResult(answer.passed ? null : answer.message);
          }}
          data-testid="presale-check"
        >
          检测
        </button>
      </div>
      {result ? (
        <p className="presale-problem" data-testid="presale-check-result">
          {result}
        </p>
      ) : null}
    </div>
  );
}

/** Step 4: verified; publishing freezes the role in the game and lists it as 预售. */
export function PublishStep({ record, onDone }: { record: ManualPresale; onDone: (commodityId: string) => void }) {
  const publish = usePublishPresale();
  const snap = useSnapLogin();
  return (
    <div className="sell-form" data-testid="presale-publish">
      <Summary record={record} />
      <p className="presale-passed">
        账号验证已通过。发布后角色将在游戏中冻结，买家付款后请在 {record.deliverDays} 天内交付。
      </p>
      <p className="muted" style={{ margin: 0, fontSize: 13, lineHeight: 1.6 }}>
        推荐先登录游戏上传角色截图（装备、背包、仓库、技能），买家更容易下单；发布后上传的截图也会自动更新到商品。
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-block"
        disabled={snap.isPending}
        onClick={async () => {
          // Opened within the click (a popup opened after an await is blocked), pointed once the link is known.
          const win = globalThis.open('', '_blank');
          if (win) win.opener = null;
          const link = await snap.mutateAsync(record.recordId).catch(() => null);
          if (link && win) win.location.href = link.loginUrl;
          else if (link) globalThis.location.href = link.loginUrl;
          else win?.close();
        }}
        data-testid="presale-snap-login"
      >
        登录游戏上传截图
      </button>
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={publish.isPending}
        onClick={async () => {
          const answer = await publish.mutateAsync(record.recordId).catch(() => null);
          if (answer) onDone(answer.commodityId);
        }}
        data-testid="presale-publish-submit"
      >
        {publish.isPending ? '发布中…' : '发布预售'}
      </button>
    </div>
  );
}

function Summary({ record }: { record: ManualPresale }) {
  return (
    <div className="presale-summary">
      <div>
        {record.gameName} · {record.serverName}
        {record.roleName ? ` · ${record.roleName}${record.roleLevel ? `（${record.roleLevel}级）` : ''}` : ''}
      </div>
      <div className="muted">
        售价 {formatPriceFen(record.price)} · 到手 {formatPriceFen(record.receive)} · {record.deliverDays}天内交付 ·{' '}
        {record.statusLabel}
      </div>
    </div>
  );
}
