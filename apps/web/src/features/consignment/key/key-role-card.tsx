import type { prePublishCheck } from '@app/protocol/calls/consignment-keys';
import type { CallOutput } from '@app/protocol/contract';
import { formatCountdown } from '@app/protocol/format';
import { useEffect, useState } from 'react';
import { RoleScreenshots } from '../sell/role-screenshots';

type KeyRole = CallOutput<typeof prePublishCheck>;

/** Minutes and seconds until a unix-seconds time, ticking; '' when none. */
function useTimeLeft(until: number): string {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const left = Math.max(0, until * 1000 - now);
  if (left === 0) return '已过期';
  return formatCountdown(left / 1000);
}

/** The role a consignment key holds, its screenshots and how long the key still holds it. */
export function KeyRoleCard({ role }: { role: KeyRole }) {
  const left = useTimeLeft(role.expireTime);
  return (
    <>
      <div className="sell-role-card" data-testid="key-role">
        <div className="sell-role-name">{role.roleName}</div>
        <div className="muted">
          {role.gameName} · {role.serverName} · {role.jobName} · {role.level}级 · 战力 {role.roleAtt.toLocaleString()}
        </div>
        <div className="muted" data-testid="key-expiry">
          寄售码有效期还剩 <b style={{ color: 'var(--c-primary)' }}>{left}</b>
        </div>
      </div>
      <RoleScreenshots shots={role.screenshots} />
    </>
  );
}
