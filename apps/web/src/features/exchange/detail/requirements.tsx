import type { CommodityDetail } from '@app/protocol/calls/exchange';
import { CommodityType } from '@app/protocol/commodity';
import { Check, ChevronRight, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { hasHost, moveHost } from '../../../lib/bridge';
import { gameToken } from '../../../lib/game-token';
import { paths } from '../../../lib/paths';
import { storage } from '../../../lib/storage';
import { type Answer, useBuyerReadiness } from '../api/buyer-readiness';

// Shown when the buyer asks how to link: its chunk (and the game-link call) load then.
const LinkGameGuide = lazy(() =>
  import('../../../components/link-game-guide').then((m) => ({ default: m.LinkGameGuide })),
);

type Row = {
  key: string;
  label: string;
  ok: boolean | null;
  state: string;
  action?: React.ReactNode;
  detail?: React.ReactNode;
};

const here = () => `${globalThis.location.pathname}${globalThis.location.search}`;

/**
 * A row whose answer is not known yet: 查询中 while asking, 查询失败 with 重试 when its call
 * failed (a timeout, the game not answering); the known answer makes the rest of the row.
 */
function answerRow<T>(
  key: string,
  label: string,
  answer: Answer<T>,
  known: (value: T) => Omit<Row, 'key' | 'label'>,
): Row {
  if (answer.state === 'ready') return { key, label, ...known(answer.value) };
  if (answer.state === 'pending') return { key, label, ok: null, state: '查询中' };
  return {
    key,
    label,
    ok: null,
    state: '查询失败',
    action: (
      <button type="button" className="c-req-action" onClick={answer.retry} data-testid={`req-${key}-retry`}>
        重试
      </button>
    ),
  };
}

function RequirementRows({ rows }: { rows: Row[] }) {
  return (
    <ul className="c-reqs">
      {rows.map((r) => (
        <li key={r.key} data-testid={`req-${r.key}`} data-ok={r.ok === null ? 'unknown' : String(r.ok)}>
          <div className="c-req-line">
            <span className={`c-req-mark ${r.ok ? 'ok' : r.ok === false ? 'no' : ''}`} aria-hidden="true">
              {r.ok ? (
                <Check size="1em" aria-hidden="true" />
              ) : r.ok === false ? (
                <X size="1em" aria-hidden="true" />
              ) : (
                '·'
              )}
            </span>
            <span className="c-req-label">{r.label}</span>
            <span className="c-req-state muted">{r.state}</span>
            {r.action}
          </div>
          {r.detail ? <div className="c-req-detail">{r.detail}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * 购买条件: what this listing needs of its buyer before 立即购买 (the order placement's own checks),
 * each with its state for the viewer and the way to meet it inline: 去认证 for the real name, how
 * to link a game account with the game's link, how to get a role on the listing's 主服.
 */
export function Requirements({ scene, detail }: { scene: string; detail: CommodityDetail }) {
  const loggedIn = Boolean(storage.get('token'));
  const inGame = gameToken() !== null;
  const readiness = useBuyerReadiness(detail, loggedIn && !inGame && !detail.isMine);
  const [guide, setGuide] = useState(false);
  if (detail.isMine) return null;
  const goods = detail.type !== CommodityType.ROLE;
  const group = detail.masterServerName || detail.serverName;
  const title = (
    <div className="section-title" style={{ marginBottom: 8 }}>
      购买条件
    </div>
  );
  if (!loggedIn)
    return (
      <section className="card section" data-testid="requirements">
        {title}
        <p className="muted" style={{ fontSize: 13, margin: '0 0 10px', lineHeight: 1.7 }}>
          购买需要完成实名认证、绑定《{detail.gameName}》游戏账号
          {goods ? `，并在「${group}」有角色收货` : ''}。
        </p>
        <Link className="btn btn-primary btn-sm" to={paths.login(scene)} data-testid="req-login">
          登录查看我的条件
        </Link>
      </section>
    );
  if (inGame)
    return (
      <section className="card section" data-testid="requirements">
        {title}
        <RequirementRows
          rows={[
            { key: 'real-name', label: '实名认证', ok: null, state: '下单时校验' },
            {
              key: 'target',
              label: '收货角色',
              ok: true,
              state: goods ? `当前登录的角色（须在「${group}」）` : '当前登录的游戏账号',
              // Another server's role receives here: the game shows its server selection (backToSelectServer).
              action:
                goods && hasHost() ? (
                  <button
                    type="button"
                    className="c-req-action"
                    onClick={() => void moveHost('backToSelectServer')}
                    data-testid="req-switch-server"
                  >
                    切换区服 <ChevronRight size="1em" aria-hidden="true" />
                  </button>
                ) : null,
            },
          ]}
        />
      </section>
    );
  const realName = answerRow('real-name', '实名认证', readiness.realName, (verified) => ({
    ok: verified,
    state: verified ? '已实名' : '未实名',
    action: verified ? null : (
      <Link className="c-req-action" to={paths.realName(scene, here())} data-testid="req-real-name-action">
        去认证 <ChevronRight size="1em" aria-hidden="true" />
      </Link>
    ),
  }));
  const linked = readiness.accounts.state === 'ready' ? readiness.accounts.value > 0 : null;
  const account = answerRow('account', '绑定游戏账号', readiness.accounts, (count) => ({
    ok: count > 0,
    state: count > 0 ? `已绑定 ${count} 个` : '未绑定',
    action:
      count > 0 ? null : (
        <button
          type="button"
          className="c-req-action"
          onClick={() => setGuide(!guide)}
          aria-expanded={guide}
          data-testid="req-account-action"
        >
          {guide ? '收起' : '如何绑定 ›'}
        </button>
      ),
    detail:
      count === 0 && guide ? (
        <Suspense fallback={<div className="skeleton" style={{ height: 90 }} />}>
          <LinkGameGuide applicationId={detail.applicationId} gameName={detail.gameName} compact />
        </Suspense>
      ) : null,
  }));
  const rows = [realName, account];
  if (goods) {
    rows.push(
      answerRow('role', '同主服角色', readiness.rolesInGroup, (roles) => ({
        ok: roles.length > 0,
        state:
          roles.length > 0
            ? `${roles[0]?.roleName}（${roles[0]?.serverName}）${roles.length > 1 ? ` 等 ${roles.length} 个` : ''}`
            : `在「${group}」暂无角色`,
        detail:
          roles.length === 0 ? (
            <p className="muted" style={{ margin: 0 }}>
              {linked
                ? `请在游戏中「${group}」下的任一区服（如 ${detail.serverName}）创建角色，再用该游戏账号收货。`
                : '绑定游戏账号后，在该主服下有角色即可收货。'}
            </p>
          ) : null,
      })),
    );
  } else {
    rows.push({
      key: 'slot',
      label: '角色位',
      ok: null,
      state: `收货账号在 ${detail.serverName} 须有空余角色位`,
    });
  }
  return (
    <section className="card section" data-testid="requirements">
      {title}
      <RequirementRows rows={rows} />
    </section>
  );
}
