import {
  CONTENT_KINDS,
  CONTENT_STATES,
  type ContentKind,
  type ContentPlace,
  type ContentState,
  contentKindLabel,
  contentPlaceLabel,
  contentSlotPayload,
  contentStateLabel,
  LINK_TYPES,
  type LinkType,
  linkTypeLabel,
  type OpsContentSlot,
  placesOfKind,
  TEXT_ONLY_KINDS,
} from '@app/protocol/ops-content';
import { useState } from 'react';
import { CONTENT_PAGE_SIZE, useContentSlots, useEndSlot, useSaveSlot } from '../api/content';
import { useGameSettings } from '../api/game-settings';
import { ConfirmDialog } from './confirm-dialog';
import { firstIssue, formatTime, localInput } from './format';
import { Pager } from './pager';

interface Draft {
  kind: ContentKind;
  place: ContentPlace;
  title: string;
  imageUrl: string;
  linkType: LinkType;
  link: string;
  applicationId: string;
  sort: string;
  intervalHours: string;
  startsAt: string;
  endsAt: string;
}

const blank = (): Draft => ({
  kind: 'banner',
  place: 'home',
  title: '',
  imageUrl: '',
  linkType: 1,
  link: '',
  applicationId: '',
  sort: '0',
  intervalHours: '24',
  startsAt: localInput(Date.now()),
  endsAt: localInput(Date.now() + 7 * 86_400_000),
});

const draftOf = (s: OpsContentSlot): Draft => ({
  kind: s.kind,
  place: s.place,
  title: s.title,
  imageUrl: s.imageUrl,
  linkType: s.linkType,
  link: s.link,
  applicationId: s.applicationId ?? '',
  sort: String(s.sort),
  intervalHours: String(s.intervalHours),
  startsAt: localInput(s.startsAt),
  endsAt: s.endsAt ? localInput(s.endsAt) : '',
});

const toPayload = (d: Draft) => ({
  kind: d.kind,
  place: d.place,
  title: d.title,
  imageUrl: TEXT_ONLY_KINDS.includes(d.kind) ? '' : d.imageUrl,
  linkType: d.linkType,
  link: d.linkType === 3 ? '' : d.link,
  applicationId: d.applicationId || null,
  sort: Number(d.sort),
  intervalHours: Number(d.intervalHours),
  startsAt: new Date(d.startsAt).getTime(),
  endsAt: d.endsAt ? new Date(d.endsAt).getTime() : null,
});

/** 内容: what the player pages show (banners, posters, popups, the splash, ads, notices), per place and game, with a phone preview. */
export function ContentTab() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<ContentKind | ''>('');
  const [state, setState] = useState<ContentState | ''>('live');
  const [q, setQ] = useState('');
  const [search, setSearch] = useState('');
  const slots = useContentSlots(page, kind, state, search);
  const games = useGameSettings();
  const gameName = (id: string | null) =>
    id ? (games.data?.list.find((g) => g.gameId === id)?.name ?? id) : '全部游戏';
  const [editing, setEditing] = useState<OpsContentSlot | 'new' | null>(null);
  const [ending, setEnding] = useState<OpsContentSlot | null>(null);
  const data = slots.data;
  return (
    <section data-testid="ops-content">
      <div className="ops-section-head">
        <div>
          <h2>内容</h2>
          <p className="ops-muted">
            首页轮播图、海报、弹窗、App
            闪屏、游戏内广告位和公告。按开始、结束时间自动上下线；链接只能是站内页面或已登记的域名。
          </p>
        </div>
        <div className="ops-inline">
          <select
            aria-label="内容类型"
            value={kind}
            onChange={(e) => {
              setPage(1);
              setKind(e.target.value as ContentKind | '');
            }}
          >
            <option value="">全部类型</option>
            {CONTENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {contentKindLabel[k]}
              </option>
            ))}
          </select>
          <select
            aria-label="状态"
            value={state}
            onChange={(e) => {
              setPage(1);
              setState(e.target.value as ContentState | '');
            }}
          >
            <option value="">全部状态</option>
            {CONTENT_STATES.map((s) => (
              <option key={s} value={s}>
                {contentStateLabel[s]}
              </option>
            ))}
          </select>
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
              placeholder="标题"
              maxLength={40}
              aria-label="搜索标题"
            />
            <button type="submit" className="ops-secondary">
              搜索
            </button>
          </form>
          <button
            type="button"
            className="ops-primary"
            onClick={() => setEditing(editing === 'new' ? null : 'new')}
            data-testid="ops-content-new"
          >
            {editing === 'new' ? '收起' : '发布内容'}
          </button>
        </div>
      </div>
      {editing ? (
        <SlotForm
          key={editing === 'new' ? 'new' : `${editing.slotId}-${editing.version}`}
          slot={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <div className="ops-card">
        {slots.error ? <p className="ops-error">{slots.error.message}</p> : null}
        <div className="ops-table-wrap">
          <table className="ops-table" data-testid="ops-content-list">
            <thead>
              <tr>
                <th>内容</th>
                <th>类型 · 位置</th>
                <th>游戏</th>
                <th>跳转</th>
                <th>展示时间</th>
                <th>状态</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((s) => (
                <tr key={s.slotId} data-testid="ops-content-row">
                  <td style={{ maxWidth: 340 }}>
                    <div className="ops-inline">
                      {s.imageUrl ? <img src={s.imageUrl} alt="" className="ops-content-thumb" /> : null}
                      <b>{s.title}</b>
                    </div>
                    <div className="ops-muted">
                      #{s.slotId} · 排序 {s.sort} · 第 {s.version} 版
                    </div>
                  </td>
                  <td className="ops-nowrap">
                    {contentKindLabel[s.kind]}
                    <div className="ops-muted">{contentPlaceLabel[s.place]}</div>
                  </td>
                  <td className="ops-nowrap">{gameName(s.applicationId)}</td>
                  <td className="ops-nowrap">
                    {linkTypeLabel[s.linkType]}
                    {s.link ? (
                      <div className="ops-muted ops-content-link" title={s.link}>
                        {s.link}
                      </div>
                    ) : null}
                  </td>
                  <td className="ops-muted ops-nowrap">
                    {formatTime(s.startsAt)}
                    <br />至 {s.endsAt ? formatTime(s.endsAt) : '长期'}
                  </td>
                  <td className="ops-nowrap" data-testid="ops-content-state">
                    {contentStateLabel[s.state]}
                  </td>
                  <td>
                    {s.state === 'ended' ? (
                      <span className="ops-muted">—</span>
                    ) : (
                      <div className="ops-inline ops-nowrap">
                        <button type="button" className="ops-secondary" onClick={() => setEditing(s)}>
                          修改
                        </button>
                        <button
                          type="button"
                          className="ops-danger"
                          onClick={() => setEnding(s)}
                          data-testid="ops-content-end"
                        >
                          下线
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.list.length === 0 ? <p className="ops-muted">暂无内容</p> : null}
        </div>
        {data ? <Pager page={page} pageSize={CONTENT_PAGE_SIZE} total={data.total} onPage={setPage} /> : null}
      </div>
      {ending ? <EndDialog slot={ending} onClose={() => setEnding(null)} /> : null}
    </section>
  );
}

function SlotForm({ slot, onDone }: { slot: OpsContentSlot | null; onDone: () => void }) {
  const games = useGameSettings();
  const save = useSaveSlot();
  const [d, setD] = useState<Draft>(slot ? draftOf(slot) : blank());
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const set = (patch: Partial<Draft>) => {
    setInvalid('');
    save.reset();
    setD((was) => {
      const next = { ...was, ...patch };
      // A kind shown elsewhere moves the place to one it shows on.
      if (!placesOfKind[next.kind].includes(next.place)) next.place = placesOfKind[next.kind][0] as ContentPlace;
      return next;
    });
  };
  const submit = () => {
    save.reset();
    const checked = contentSlotPayload.safeParse(toPayload(d));
    if (!checked.success) return setInvalid(firstIssue(checked));
    if (reason.trim().length < 2)
      return setInvalid(slot ? '请填写修改说明（至少2个字）' : '请填写发布说明（至少2个字）');
    setInvalid('');
    save.mutate(
      { slotId: slot?.slotId, version: slot?.version, slot: checked.data, reason: reason.trim() },
      { onSuccess: onDone },
    );
  };
  const textOnly = TEXT_ONLY_KINDS.includes(d.kind);
  const error = invalid || save.error?.message;
  return (
    <div className="ops-card ops-content-editor" data-testid="ops-content-form">
      <div className="ops-content-fields">
        <h3>{slot ? `修改：${slot.title}` : '发布内容'}</h3>
        <div className="ops-inline ops-channel-form">
          <label className="ops-channel-field">
            <span>类型</span>
            <select
              value={d.kind}
              onChange={(e) => set({ kind: e.target.value as ContentKind })}
              disabled={slot !== null}
              data-testid="ops-content-kind"
            >
              {CONTENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {contentKindLabel[k]}
                </option>
              ))}
            </select>
          </label>
          <label className="ops-channel-field">
            <span>展示位置</span>
            <select
              value={d.place}
              onChange={(e) => set({ place: e.target.value as ContentPlace })}
              data-testid="ops-content-place"
            >
              {placesOfKind[d.kind].map((p) => (
                <option key={p} value={p}>
                  {contentPlaceLabel[p]}
                </option>
              ))}
            </select>
          </label>
          <label className="ops-channel-field">
            <span>游戏</span>
            <select value={d.applicationId} onChange={(e) => set({ applicationId: e.target.value })}>
              <option value="">全部游戏</option>
              {games.data?.list.map((g) => (
                <option key={g.gameId} value={g.gameId}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="ops-channel-field">
          <span>{textOnly ? '公告内容' : '标题'}</span>
          <input
            value={d.title}
            maxLength={60}
            onChange={(e) => set({ title: e.target.value })}
            data-testid="ops-content-title"
          />
        </label>
        {textOnly ? null : (
          <label className="ops-channel-field">
            <span>图片地址（站内路径或已登记域名的 http(s) 地址）</span>
            <input
              value={d.imageUrl}
              maxLength={500}
              onChange={(e) => set({ imageUrl: e.target.value })}
              placeholder="/market/art/banner/1.svg"
              data-testid="ops-content-image"
            />
          </label>
        )}
        <div className="ops-inline ops-channel-form">
          <label className="ops-channel-field">
            <span>点击后</span>
            <select
              value={d.linkType}
              onChange={(e) => set({ linkType: Number(e.target.value) as LinkType })}
              data-testid="ops-content-link-type"
            >
              {LINK_TYPES.map((t) => (
                <option key={t} value={t}>
                  {linkTypeLabel[t]}
                </option>
              ))}
            </select>
          </label>
          {d.linkType === 3 ? null : (
            <label className="ops-channel-field" style={{ flex: 1 }}>
              <span>{d.linkType === 2 ? '链接（http(s) 地址）' : '链接（站内页面以 / 开头）'}</span>
              <input
                value={d.link}
                maxLength={500}
                onChange={(e) => set({ link: e.target.value })}
                placeholder={d.linkType === 2 ? 'https://' : '/pages/commodityList/list?applicationId=…'}
                data-testid="ops-content-link"
              />
            </label>
          )}
        </div>
        <div className="ops-inline ops-channel-form">
          <label className="ops-channel-field">
            <span>开始时间</span>
            <input
              type="datetime-local"
              value={d.startsAt}
              onChange={(e) => set({ startsAt: e.target.value })}
              data-testid="ops-content-starts"
            />
          </label>
          <label className="ops-channel-field">
            <span>结束时间（空为长期）</span>
            <input
              type="datetime-local"
              value={d.endsAt}
              onChange={(e) => set({ endsAt: e.target.value })}
              data-testid="ops-content-ends"
            />
          </label>
          <label className="ops-channel-field">
            <span>排序（小的在前）</span>
            <input
              value={d.sort}
              inputMode="numeric"
              onChange={(e) => set({ sort: e.target.value })}
              style={{ width: 90 }}
            />
          </label>
          {d.kind === 'popup' ? (
            <label className="ops-channel-field">
              <span>再次弹出间隔（小时）</span>
              <input
                value={d.intervalHours}
                inputMode="numeric"
                onChange={(e) => set({ intervalHours: e.target.value })}
                style={{ width: 110 }}
              />
            </label>
          ) : null}
        </div>
        <label className="ops-channel-field">
          <span>{slot ? '修改说明（记入操作日志）' : '发布说明（记入操作日志）'}</span>
          <input
            value={reason}
            maxLength={200}
            onChange={(e) => {
              setReason(e.target.value);
              setInvalid('');
            }}
            data-testid="ops-content-reason"
          />
        </label>
        {error ? (
          <p className="ops-error" data-testid="ops-content-error">
            {error}
          </p>
        ) : null}
        <div className="ops-inline">
          <button
            type="button"
            className="ops-primary"
            onClick={submit}
            disabled={save.isPending}
            data-testid="ops-content-save"
          >
            {slot ? '保存修改' : '发布'}
          </button>
          <button type="button" className="ops-secondary" onClick={onDone}>
            取消
          </button>
        </div>
      </div>
      <PhonePreview draft={d} gameName={games.data?.list.find((g) => g.gameId === d.applicationId)?.name} />
    </div>
  );
}

/** How the slot shows on a phone (390 px wide, drawn at 280): where it sits and what a tap does. */
function PhonePreview({ draft: d, gameName }: { draft: Draft; gameName: string | undefined }) {
  const picture = d.imageUrl ? (
    <img src={d.imageUrl} alt={d.title} className="ops-phone-picture" />
  ) : (
    <div className="ops-phone-picture ops-phone-empty">图片</div>
  );
  const tap = d.linkType === 3 ? '点击不跳转' : d.link ? `点击${linkTypeLabel[d.linkType]}：${d.link}` : '尚未填写链接';
  return (
    <figure className="ops-phone" data-testid="ops-content-preview" aria-label="手机预览">
      <div className="ops-phone-screen">
        <div className="ops-phone-bar">
          {d.place === 'sdkHome' ? `${gameName ?? '游戏'}·交易` : d.place === 'app' ? '' : '游戏交易平台'}
        </div>
        {d.kind === 'splash' ? (
          <div className="ops-phone-splash">
            {picture}
            <span className="ops-phone-skip">跳过 3</span>
          </div>
        ) : d.kind === 'notice' ? (
          <>
            <div className="ops-phone-notice">📢 {d.title || '公告内容'}</div>
            <div className="ops-phone-list" />
          </>
        ) : d.kind === 'popup' ? (
          <div className="ops-phone-dim">
            <div className="ops-phone-popup">
              {picture}
              <span className="ops-phone-close" aria-hidden="true">
                ×
              </span>
            </div>
          </div>
        ) : d.kind === 'poster' ? (
          <>
            <div className="ops-phone-banner ops-phone-empty">轮播图</div>
            <div className="ops-phone-posters">
              <div className="ops-phone-poster">
                {picture}
                <small>{d.title || '标题'}</small>
              </div>
              <div className="ops-phone-poster ops-phone-empty" />
            </div>
          </>
        ) : (
          <>
            <div className={d.kind === 'ad' ? 'ops-phone-ad' : 'ops-phone-banner'}>{picture}</div>
            <div className="ops-phone-list" />
          </>
        )}
      </div>
      <figcaption className="ops-muted">
        {contentKindLabel[d.kind]} · {contentPlaceLabel[d.place]} · {gameName ?? '全部游戏'}
        <br />
        {tap}
      </figcaption>
    </figure>
  );
}

function EndDialog({ slot, onClose }: { slot: OpsContentSlot; onClose: () => void }) {
  const end = useEndSlot();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  return (
    <ConfirmDialog
      title={`下线：${slot.title}`}
      confirmLabel="确认下线"
      danger
      busy={end.isPending}
      error={invalid || end.error?.message}
      onConfirm={() => {
        end.reset();
        if (reason.trim().length < 2) return setInvalid('请填写下线原因（至少2个字）');
        end.mutate({ slotId: slot.slotId, version: slot.version, reason: reason.trim() }, { onSuccess: onClose });
      }}
      onCancel={onClose}
      testId="ops-content-end-dialog"
    >
      <p>
        {contentKindLabel[slot.kind]}将立即从{contentPlaceLabel[slot.place]}撤下，记录保留为「已结束」。
      </p>
      <label className="ops-channel-field">
        <span>下线原因（记入操作日志）</span>
        <input
          value={reason}
          maxLength={200}
          onChange={(e) => {
            setReason(e.target.value);
            setInvalid('');
          }}
          data-testid="ops-content-end-reason"
        />
      </label>
    </ConfirmDialog>
  );
}
