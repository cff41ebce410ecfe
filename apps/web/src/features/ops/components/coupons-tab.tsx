import { formatPriceFen } from '@app/protocol/format';
import {
  type CampaignStatus,
  campaignPayload,
  campaignStatusLabel,
  campaignStatusPayload,
  type GrantTarget,
  grantPayload,
  type OpsCampaign,
} from '@app/protocol/ops-coupons';
import { useState } from 'react';
import {
  CAMPAIGN_PAGE_SIZE,
  useCampaignStatus,
  useCampaigns,
  useCreateCampaign,
  useGrantCampaign,
} from '../api/coupons';
import { useGameSettings } from '../api/game-settings';
import { ConfirmDialog } from './confirm-dialog';
import { firstIssue, formatTime, localInput } from './format';
import { Pager } from './pager';

const TYPE_NAMES: Record<number, string> = { 1: '角色', 2: '游戏币', 3: '道具' };
const yuanToFen = (v: string) => (v.trim() === '' ? Number.NaN : Math.round(Number(v) * 100));

/** 优惠券: campaigns with their budget, usage and cost; create one, grant it to a user or a segment, pause or end it. */
export function CouponsTab() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const list = useCampaigns(page, search);
  const [creating, setCreating] = useState(false);
  const [granting, setGranting] = useState<OpsCampaign | null>(null);
  const [moving, setMoving] = useState<{ c: OpsCampaign; status: CampaignStatus } | null>(null);
  const data = list.data;
  return (
    <div data-testid="ops-coupons">
      <div className="ops-card">
        <div className="ops-inline" style={{ justifyContent: 'space-between' }}>
          <form
            className="ops-inline"
            onSubmit={(e) => {
              e.preventDefault();
              setPage(1);
              setSearch(q.trim());
            }}
          >
            <input
              value={q}
              onChange={(e) => setQ(e.target.value)}
              placeholder="活动名称或编号"
              maxLength={40}
              style={{ width: 220 }}
              data-testid="ops-coupons-search"
            />
            <button type="submit" className="ops-secondary">
              搜索
            </button>
          </form>
          <button
            type="button"
            className="ops-primary"
            onClick={() => setCreating(!creating)}
            data-testid="ops-coupons-new"
          >
            {creating ? '收起' : '新建活动'}
          </button>
        </div>
        {creating ? <CampaignForm onDone={() => setCreating(false)} /> : null}
      </div>
      <div className="ops-card">
        {list.error ? <p className="ops-error">{list.error.message}</p> : null}
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-coupons-list">
            <thead>
              <tr>
                <th>活动</th>
                <th>状态</th>
                <th>时间</th>
                <th>优惠券</th>
                <th>预算</th>
                <th>已发放</th>
                <th>已使用 / 占用 / 过期</th>
                <th>成本</th>
                <th>带动成交</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((c) => (
                <tr key={c.eventId} data-testid="ops-coupons-row">
                  <td>
                    <b>{c.title}</b>
                    <div className="ops-muted">
                      {c.eventId}
                      {c.claimable ? ' · 用户可领取' : ' · 仅后台发放'}
                    </div>
                  </td>
                  <td className="ops-nowrap">{campaignStatusLabel[c.status]}</td>
                  <td className="ops-muted ops-nowrap">
                    {formatTime(c.startsAt)}
                    <br />至 {formatTime(c.endsAt)}
                  </td>
                  <td>
                    {c.coupons.map((t) => (
                      <div key={t.name}>
                        {t.name}（{t.threshold ? `满${formatPriceFen(t.threshold)}` : '无门槛'}减
                        {formatPriceFen(t.amount)}，{t.validDays}天
                        {t.types.length ? `，${t.types.map((x) => TYPE_NAMES[x]).join('、')}` : ''}）
                      </div>
                    ))}
                  </td>
                  <td>
                    {c.budgetCount === null && c.budgetFen === null ? '不限' : null}
                    {c.budgetCount !== null ? <div>{c.budgetCount} 张</div> : null}
                    {c.budgetFen !== null ? <div>{formatPriceFen(c.budgetFen)}</div> : null}
                  </td>
                  <td data-testid="ops-coupons-granted">
                    {c.usage.granted} 张 · {c.usage.users} 人
                    <div className="ops-muted">面值 {formatPriceFen(c.usage.grantedFen)}</div>
                  </td>
                  <td data-testid="ops-coupons-used">
                    {c.usage.used} / {c.usage.locked} / {c.usage.expired}
                  </td>
                  <td data-testid="ops-coupons-cost">{formatPriceFen(c.usage.costFen)}</td>
                  <td>{formatPriceFen(c.usage.gmvFen)}</td>
                  <td>
                    <div className="ops-inline">
                      {c.status === 'live' ? (
                        <button
                          type="button"
                          className="ops-primary"
                          onClick={() => setGranting(c)}
                          data-testid="ops-coupons-grant"
                        >
                          发放
                        </button>
                      ) : null}
                      {c.status === 'live' ? (
                        <button
                          type="button"
                          className="ops-secondary"
                          onClick={() => setMoving({ c, status: 'paused' })}
                        >
                          暂停
                        </button>
                      ) : null}
                      {c.status === 'paused' ? (
                        <button
                          type="button"
                          className="ops-secondary"
                          onClick={() => setMoving({ c, status: 'live' })}
                        >
                          恢复
                        </button>
                      ) : null}
                      {c.status !== 'ended' ? (
                        <button type="button" className="ops-danger" onClick={() => setMoving({ c, status: 'ended' })}>
                          结束
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.list.length === 0 ? (
            <p className="ops-muted">{search ? '没有匹配的活动' : '还没有优惠券活动'}</p>
          ) : null}
        </div>
        {data ? <Pager page={page} pageSize={CAMPAIGN_PAGE_SIZE} total={data.total} onPage={setPage} /> : null}
      </div>
      {granting ? <GrantDialog campaign={granting} onClose={() => setGranting(null)} /> : null}
      {moving ? <StatusDialog {...moving} onClose={() => setMoving(null)} /> : null}
    </div>
  );
}

interface TemplateDraft {
  name: string;
  amount: string;
  threshold: string;
  validDays: string;
  game: string;
  types: number[];
}
const blankTemplate = (): TemplateDraft => ({
  name: '',
  amount: '',
  threshold: '',
  validDays: '30',
  game: '',
  types: [],
});

function CampaignForm({ onDone }: { onDone: () => void }) {
  const games = useGameSettings();
  const create = useCreateCampaign();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [startsAt, setStartsAt] = useState(localInput(Date.now()));
  const [endsAt, setEndsAt] = useState(localInput(Date.now() + 30 * 86_400_000));
  const [budgetCount, setBudgetCount] = useState('');
  const [budgetYuan, setBudgetYuan] = useState('');
  const [claimable, setClaimable] = useState(false);
  const [templates, setTemplates] = useState<TemplateDraft[]>([blankTemplate()]);
  const [invalid, setInvalid] = useState('');
  const edit = (i: number, patch: Partial<TemplateDraft>) =>
    setTemplates(templates.map((t, j) => (i === j ? { ...t, ...patch } : t)));
  const submit = () => {
    create.reset();
    const checked = campaignPayload.safeParse({
      title,
      description,
      startsAt: new Date(startsAt).getTime(),
      endsAt: new Date(endsAt).getTime(),
      budgetCount: budgetCount.trim() ? Number(budgetCount) : null,
      budgetFen: budgetYuan.trim() ? yuanToFen(budgetYuan) : null,
      claimable,
      coupons: templates.map((t) => ({
        name: t.name,
        amount: yuanToFen(t.amount),
        threshold: t.threshold.trim() ? yuanToFen(t.threshold) : 0,
        validDays: Number(t.validDays),
        applicationIds: t.game ? [t.game] : [],
        types: t.types,
      })),
    });
    if (!checked.success) return setInvalid(firstIssue(checked));
    setInvalid('');
    create.mutate(checked.data, { onSuccess: onDone });
  };
  const error = invalid || create.error?.message;
  return (
    <div className="ops-coupon-form" data-testid="ops-coupons-form">
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>活动名称</span>
          <input
            value={title}
            maxLength={30}
            onChange={(e) => setTitle(e.target.value)}
            data-testid="ops-coupons-title"
          />
        </label>
        <label className="ops-channel-field" style={{ flex: 1 }}>
          <span>活动说明（用户可见）</span>
          <input value={description} maxLength={200} onChange={(e) => setDescription(e.target.value)} />
        </label>
      </div>
      <div className="ops-inline ops-channel-form">
        <label className="ops-channel-field">
          <span>开始时间</span>
          <input type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
        </label>
        <label className="ops-channel-field">
          <span>结束时间</span>
          <input type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
        </label>
        <label className="ops-channel-field">
          <span>预算张数（空为不限）</span>
          <input
            value={budgetCount}
            inputMode="numeric"
            onChange={(e) => setBudgetCount(e.target.value)}
            style={{ width: 120 }}
            data-testid="ops-coupons-budget-count"
          />
        </label>
        <label className="ops-channel-field">
          <span>预算面值（元，空为不限）</span>
          <input
            value={budgetYuan}
            inputMode="decimal"
            onChange={(e) => setBudgetYuan(e.target.value)}
            style={{ width: 140 }}
          />
        </label>
        <label className="ops-inline">
          <input type="checkbox" checked={claimable} onChange={(e) => setClaimable(e.target.checked)} />
          用户可自行领取
        </label>
      </div>
      {templates.map((t, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the drafts have no id; they are edited in place
        <div key={i} className="ops-inline ops-channel-form ops-coupon-template" data-testid="ops-coupons-template">
          <label className="ops-channel-field">
            <span>优惠券名称</span>
            <input
              value={t.name}
              maxLength={20}
              onChange={(e) => edit(i, { name: e.target.value })}
              data-testid="ops-coupons-name"
            />
          </label>
          <label className="ops-channel-field">
            <span>减（元）</span>
            <input
              value={t.amount}
              inputMode="decimal"
              onChange={(e) => edit(i, { amount: e.target.value })}
              style={{ width: 90 }}
              data-testid="ops-coupons-amount"
            />
          </label>
          <label className="ops-channel-field">
            <span>满（元，空为无门槛）</span>
            <input
              value={t.threshold}
              inputMode="decimal"
              onChange={(e) => edit(i, { threshold: e.target.value })}
              style={{ width: 130 }}
              data-testid="ops-coupons-threshold"
            />
          </label>
          <label className="ops-channel-field">
            <span>有效天数</span>
            <input
              value={t.validDays}
              inputMode="numeric"
              onChange={(e) => edit(i, { validDays: e.target.value })}
              style={{ width: 80 }}
            />
          </label>
          <label className="ops-channel-field">
            <span>游戏</span>
            <select value={t.game} onChange={(e) => edit(i, { game: e.target.value })} data-testid="ops-coupons-game">
              <option value="">全部游戏</option>
              {games.data?.list.map((g) => (
                <option key={g.gameId} value={g.gameId}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
          <span className="ops-inline">
            {[1, 2, 3].map((type) => (
              <label key={type} className="ops-inline">
                <input
                  type="checkbox"
                  checked={t.types.includes(type)}
                  onChange={(e) =>
                    edit(i, { types: e.target.checked ? [...t.types, type] : t.types.filter((x) => x !== type) })
                  }
                />
                {TYPE_NAMES[type]}
              </label>
            ))}
            <span className="ops-muted">（不选为全部商品）</span>
          </span>
          {templates.length > 1 ? (
            <button
              type="button"
              className="ops-secondary"
              onClick={() => setTemplates(templates.filter((_, j) => j !== i))}
            >
              删除
            </button>
          ) : null}
        </div>
      ))}
      {error ? (
        <p className="ops-error" data-testid="ops-coupons-form-error">
          {error}
        </p>
      ) : null}
      <div className="ops-inline">
        {templates.length < 5 ? (
          <button type="button" className="ops-secondary" onClick={() => setTemplates([...templates, blankTemplate()])}>
            再加一张优惠券
          </button>
        ) : null}
        <button
          type="button"
          className="ops-primary"
          onClick={submit}
          disabled={create.isPending}
          data-testid="ops-coupons-create"
        >
          {create.isPending ? '创建中…' : '创建活动'}
        </button>
      </div>
    </div>
  );
}

function GrantDialog({ campaign, onClose }: { campaign: OpsCampaign; onClose: () => void }) {
  const games = useGameSettings();
  const grant = useGrantCampaign();
  // One number per dialog: a second click or a retry after a lost answer grants nobody twice.
  const [grantId] = useState(() => globalThis.crypto.randomUUID());
  const [kind, setKind] = useState<GrantTarget['kind']>('user');
  const [who, setWho] = useState('');
  const [days, setDays] = useState('7');
  const [game, setGame] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const target =
    kind === 'user'
      ? { kind, who }
      : kind === 'newUsers'
        ? { kind, days: Number(days) }
        : { kind, applicationId: game, days: Number(days) };
  const confirm = () => {
    grant.reset();
    const checked = grantPayload.safeParse({ grantId, target, reason });
    if (!checked.success) return setInvalid(firstIssue(checked));
    setInvalid('');
    grant.mutate({ eventId: campaign.eventId, ...checked.data });
  };
  const done = grant.data;
  return (
    <ConfirmDialog
      title={`发放「${campaign.title}」`}
      confirmLabel={done ? '完成' : '确认发放'}
      busy={grant.isPending}
      error={invalid || grant.error?.message}
      onConfirm={done ? onClose : confirm}
      onCancel={onClose}
      testId="ops-coupons-grant-dialog"
    >
      {done ? (
        <p data-testid="ops-coupons-grant-result">
          已发放给 {done.users} 人，共 {done.coupons} 张，面值 {formatPriceFen(done.fen)}
          {done.targeted > done.users ? `（${done.targeted - done.users} 人已领过，未重复发放）` : ''}
        </p>
      ) : (
        <>
          <div className="ops-inline">
            {(
              [
                ['user', '指定用户'],
                ['newUsers', '新注册用户'],
                ['gameBuyers', '某游戏的买家'],
              ] as const
            ).map(([k, label]) => (
              <label key={k} className="ops-inline">
                <input type="radio" name="grant-kind" checked={kind === k} onChange={() => setKind(k)} />
                {label}
              </label>
            ))}
          </div>
          {kind === 'user' ? (
            <label className="ops-channel-field">
              <span>用户UID或手机号</span>
              <input value={who} onChange={(e) => setWho(e.target.value)} data-testid="ops-coupons-grant-who" />
            </label>
          ) : (
            <div className="ops-inline">
              {kind === 'gameBuyers' ? (
                <label className="ops-channel-field">
                  <span>游戏</span>
                  <select value={game} onChange={(e) => setGame(e.target.value)}>
                    <option value="">请选择</option>
                    {games.data?.list.map((g) => (
                      <option key={g.gameId} value={g.gameId}>
                        {g.name}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <label className="ops-channel-field">
                <span>{kind === 'newUsers' ? '最近几天注册' : '最近几天内付款'}</span>
                <input
                  value={days}
                  inputMode="numeric"
                  onChange={(e) => setDays(e.target.value)}
                  style={{ width: 80 }}
                />
              </label>
            </div>
          )}
          <label className="ops-channel-field">
            <span>原因（记入操作日志）</span>
            <input
              value={reason}
              maxLength={200}
              onChange={(e) => setReason(e.target.value)}
              data-testid="ops-coupons-grant-reason"
            />
          </label>
          <p className="ops-muted">已领过本活动优惠券的用户不会重复发放；超出预算时整批不发放。</p>
        </>
      )}
    </ConfirmDialog>
  );
}

function StatusDialog({ c, status, onClose }: { c: OpsCampaign; status: CampaignStatus; onClose: () => void }) {
  const move = useCampaignStatus();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const words = { live: '恢复', paused: '暂停', ended: '结束' }[status];
  return (
    <ConfirmDialog
      title={`${words}「${c.title}」`}
      confirmLabel={`确认${words}`}
      danger={status === 'ended'}
      busy={move.isPending}
      error={invalid || move.error?.message}
      onConfirm={() => {
        const checked = campaignStatusPayload.safeParse({ status, reason });
        if (!checked.success) return setInvalid(firstIssue(checked));
        move.mutate({ eventId: c.eventId, ...checked.data }, { onSuccess: onClose });
      }}
      onCancel={onClose}
      testId="ops-coupons-status-dialog"
    >
      <p>
        {status === 'ended'
          ? '结束后不能再发放或领取，已发出的优惠券在有效期内仍可使用。'
          : status === 'paused'
            ? '暂停期间不能发放或领取，已发出的优惠券仍可使用。'
            : '恢复后可继续发放和领取。'}
      </p>
      <label className="ops-channel-field">
        <span>原因（记入操作日志）</span>
        <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
      </label>
    </ConfirmDialog>
  );
}
