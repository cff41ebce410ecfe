import { useEffect, useState } from 'react';
import { callHost } from '../../lib/bridge';
import { storage } from '../../lib/storage';

const SEEN_KEY = 'firstJumpIm';

/** The guide shows only on the account's first login (the host's count ≤ 1) and only if this device never showed it. */
export const shouldGuide = (seen: string | null, loginTimes: unknown): boolean =>
  seen !== 'guided' && Number.isFinite(Number(loginTimes)) && Number(loginTimes) <= 1;

function markSeen() {
  try {
    storage.set(SEEN_KEY, 'guided');
  } catch {
    // storage refused (private mode): the guide may show again on a later visit
  }
}

/**
 * The first-time guide overlay of the SDK view: shown once per device, when the host says this is
 * the account's first successful login (getGameLoginSuccessTimes ≤ 1). It is remembered as seen
 * the moment it shows, so a later visit (a reload, the next launch, the guide never dismissed)
 * never covers the home again.
 */
export function FirstTimeGuide() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (storage.get(SEEN_KEY) === 'guided') return;
    let live = true;
    callHost<number>('getGameLoginSuccessTimes')
      .then((times) => {
        // Read again: another mounted guide (home and the game session) may have shown it meanwhile.
        if (!live || !shouldGuide(storage.get(SEEN_KEY), times)) return;
        markSeen();
        setOpen(true);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  if (!open) return null;
  const close = () => setOpen(false);
  return (
    <div className="mask" style={{ alignItems: 'flex-end', paddingBottom: 80 }} data-testid="first-time-guide">
      <div className="modal" style={{ padding: 20 }}>
        <div className="modal-title">欢迎来到交易平台</div>
        <ul
          style={{
            textAlign: 'left',
            lineHeight: 1.9,
            paddingLeft: 18,
            color: 'var(--c-text-2)',
            margin: '8px 0 16px',
          }}
        >
          <li>首页：浏览本服和同组区服在售的角色、游戏币与道具</li>
          <li>寄售：在游戏内上架，寄售期间物品冻结，售出后自动交付</li>
          <li>我的：实名认证、寄售安全锁与订单</li>
        </ul>
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={close}
          data-testid="first-time-guide-close"
        >
          我知道了
        </button>
      </div>
    </div>
  );
}
