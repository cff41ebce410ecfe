import { Check as CheckIcon, ChevronRight, CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { MobileLayout } from '../../../components/mobile-layout';
import { HomeSkeleton } from '../../../components/skeleton';
import { paths } from '../../../lib/paths';
import { gameToken } from '../api/game-token';
import { useRolePosition } from './check-role-position';
import '../sell/sell.css';

const STEPS = [
  '回到游戏中的安全区（主城、安全区地图）',
  '在游戏内打开「寄售」界面，点击「获取寄售码」，寄售码30分钟内有效',
  '在交易平台App或网页的「寄售码寄售」中输入寄售码，设置价格后上架',
];

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 0' }}>
      <span
        style={{
          width: 18,
          height: 18,
          borderRadius: '50%',
          background: ok ? 'var(--c-success)' : 'var(--c-danger)',
          color: '#fff',
          fontSize: 12,
          lineHeight: '18px',
          textAlign: 'center',
          fontWeight: 700,
        }}
      >
        {ok ? <CheckIcon size="1em" aria-hidden="true" /> : <CircleAlert size="1em" aria-hidden="true" />}
      </span>
      <span>{label}</span>
    </div>
  );
}

/**
 * 获取寄售码 in the game view: whether the chosen role may get a key now (online, in a safe zone,
 * not held by a listing or a key), checked with the game before the player asks it for one.
 */
export default function KeyGuidePage() {
  const inGame = Boolean(gameToken());
  const position = useRolePosition();
  const role = position.data;
  return (
    <MobileLayout title="获取寄售码">
      <div style={{ padding: 12 }} data-testid="key-guide-page">
        {!inGame ? (
          <div className="card" style={{ padding: 16 }}>
            请从游戏内打开交易平台，再查看角色能否获取寄售码。
          </div>
        ) : null}
        {inGame && position.isLoading ? <HomeSkeleton /> : null}
        {inGame && position.isError ? (
          <div className="card" style={{ padding: 16 }} data-testid="key-guide-error">
            暂时无法获取角色位置，请稍后重试。
          </div>
        ) : null}
        {role ? (
          <div className="card" style={{ padding: 16 }} data-testid="key-guide-role">
            <div style={{ fontSize: 16, fontWeight: 600 }}>
              {role.roleName}
              <span className="muted" style={{ fontSize: 13, fontWeight: 400, marginLeft: 8 }}>
                {role.serverName}
              </span>
            </div>
            <div style={{ marginTop: 8, fontSize: 14 }}>
              <Check ok={role.online} label={role.online ? '角色在线' : '角色已掉线'} />
              <Check ok={role.inSafeZone} label={role.inSafeZone ? '角色在安全区' : '角色不在安全区'} />
              <Check ok={!role.locked} label={role.locked ? '角色寄售中或已被寄售码锁定' : '角色未被寄售锁定'} />
            </div>
            <div
              style={{
                marginTop: 10,
                padding: '10px 12px',
                borderRadius: 8,
                background: role.canIssueKey ? '#ecfdf3' : 'var(--c-primary-soft)',
                color: role.canIssueKey ? 'var(--c-success)' : 'var(--c-primary-dark)',
                fontSize: 14,
              }}
              data-testid="key-guide-verdict"
            >
              {role.msg}
            </div>
          </div>
        ) : null}
        {inGame ? (
          <button
            type="button"
            className="btn btn-ghost btn-block"
            style={{ marginTop: 12 }}
            disabled={position.isFetching}
            onClick={() => position.refetch()}
            data-testid="key-guide-refresh"
          >
            {position.isFetching ? '检测中…' : '重新检测'}
          </button>
        ) : null}
        <div className="card" style={{ padding: 16, marginTop: 12 }}>
          <div style={{ fontWeight: 600, marginBottom: 8 }}>如何用寄售码寄售</div>
          <ol style={{ margin: 0, paddingLeft: 20, lineHeight: 1.9, fontSize: 14, color: 'var(--c-text-2)' }}>
            {STEPS.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </div>
        <Link
          to={paths.faq('h5sdk')}
          className="muted"
          style={{ display: 'block', textAlign: 'center', marginTop: 16, fontSize: 13 }}
        >
          查看常见问题 <ChevronRight size="1em" aria-hidden="true" />
        </Link>
      </div>
    </MobileLayout>
  );
}
